using System.Buffers;
using System.Diagnostics;

namespace FilePipes.Tests;

/// <summary>Named pipes for the sequential-fallback tests (Linux only).</summary>
internal static class Fifo
{
    /// <summary>Long enough for a loaded machine, short enough that a hang fails the run instead of stalling it.</summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);

    public static string Make(ScratchFiles files, string name)
    {
        string path = files.PathOf(name);
        using Process mkfifo = Process.Start("mkfifo", [path]);
        mkfifo.WaitForExit();
        Assert.Equal(0, mkfifo.ExitCode);
        return path;
    }

    /// <summary>Opens both ends; opening one end of a FIFO blocks until the other end opens, so they open together.</summary>
    public static async Task<(T Reader, Microsoft.Win32.SafeHandles.SafeFileHandle Writer)> OpenBothAsync<T>(string path, Func<T> openReader)
    {
        Task<T> reader = Task.Run(openReader);
        Task<Microsoft.Win32.SafeHandles.SafeFileHandle> writer =
            Task.Run(() => File.OpenHandle(path, FileMode.Open, FileAccess.Write));
        return (await reader.WaitAsync(Timeout), await writer.WaitAsync(Timeout));
    }

    /// <summary>Writes through a <see cref="FilePipeWriter"/> (its sequential fallback) and closes the write end.</summary>
    public static void WriteAndClose(Microsoft.Win32.SafeHandles.SafeFileHandle writer, byte[] bytes)
    {
        FilePipeWriter pipeWriter = FilePipe.CreateWriter(writer);
        pipeWriter.Write(bytes);
        pipeWriter.Complete();
    }
}
