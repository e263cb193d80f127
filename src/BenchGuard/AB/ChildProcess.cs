using System.ComponentModel;
using System.Diagnostics;
using System.Text;

namespace BenchGuard.AB;

/// <summary>
/// Runs git and dotnet the same way on Linux and Windows: no shell, arguments passed one by one, a time limit after
/// which the whole process tree is killed (a hung benchmark or build must not hold the job), output read line by
/// line so CRLF and LF read alike.
/// </summary>
internal static class ChildProcess
{
    /// <summary>Runs <paramref name="fileName"/> and waits for it, at most <paramref name="limit"/>.</summary>
    /// <param name="fileName">The program, found on PATH.</param>
    /// <param name="arguments">Its arguments, each passed as is.</param>
    /// <param name="workingDirectory">Where it runs.</param>
    /// <param name="limit">How long it may run before its process tree is killed.</param>
    /// <param name="environment">Variables to set (a null value removes one) on top of this process's.</param>
    /// <param name="logPath">When given, both streams are written there as well.</param>
    public static ChildOutcome Run(
        string fileName,
        IEnumerable<string> arguments,
        string workingDirectory,
        TimeSpan limit,
        IReadOnlyDictionary<string, string?>? environment = null,
        string? logPath = null)
    {
        var start = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string?>())
        {
            start.Environment[name] = value;
        }

        var output = new StringBuilder();
        var error = new StringBuilder();
        var log = new StringBuilder();
        using var process = new Process { StartInfo = start };
        var clock = Stopwatch.StartNew();
        try
        {
            process.Start();
        }
        catch (Win32Exception e)
        {
            throw new InputException($"cannot start {fileName} ({e.Message})", e);
        }

        // Nothing reads from us: a child that asks for input gets end-of-file instead of waiting forever.
        process.StandardInput.Close();
        var readers = new[] { Drain(process.StandardOutput, output, log), Drain(process.StandardError, error, log) };
        var timedOut = !process.WaitForExit(limit);
        if (timedOut)
        {
            try
            {
                process.Kill(entireProcessTree: true);
            }
            catch (InvalidOperationException)
            {
                // It exited between the wait and the kill.
            }
        }

        // The rest of the output, bounded too: a grandchild that inherited the pipes (a build server) would keep
        // them open after the child exited, and must not hold us.
        Task.WaitAll(readers, TimeSpan.FromSeconds(30));
        clock.Stop();
        var code = timedOut ? -1 : process.ExitCode;
        if (logPath is not null)
        {
            lock (log)
            {
                if (timedOut)
                {
                    log.Append("[killed with its process tree after ").Append(limit.TotalSeconds).Append(" s]\n");
                }

                Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(logPath))!);
                File.WriteAllText(logPath, log.ToString());
            }
        }

        lock (log)
        {
            return new ChildOutcome(code, timedOut, output.ToString(), error.ToString(), clock.Elapsed);
        }
    }

    // ReadLineAsync ends a line at LF, CR or CRLF alike.
    private static Task Drain(StreamReader reader, StringBuilder stream, StringBuilder log) => Task.Run(async () =>
    {
        while (await reader.ReadLineAsync().ConfigureAwait(false) is { } line)
        {
            lock (log)
            {
                stream.Append(line).Append('\n');
                log.Append(line).Append('\n');
            }
        }
    });
}
