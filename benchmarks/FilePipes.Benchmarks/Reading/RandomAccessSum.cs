using Microsoft.Win32.SafeHandles;

namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// Read + sum with a plain <see cref="RandomAccess.Read(SafeFileHandle, Span{byte}, long)"/> loop: the closest .NET
/// gets to the raw system call. BufferSize mapping: the caller's buffer is BufferSize bytes, one call per chunk.
/// </summary>
public static class RandomAccessSum
{
    /// <summary>Reads the whole file.</summary>
    /// <param name="path">The file.</param>
    /// <param name="options">The open options.</param>
    /// <param name="buffer">The caller's buffer; its length is BufferSize.</param>
    /// <returns>The sum of the file's ulongs.</returns>
    public static ulong Sync(string path, FileOptions options, byte[] buffer)
    {
        using SafeFileHandle handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read, options);
        var sum = default(UlongSum);
        long offset = 0;
        int read;
        while ((read = RandomAccess.Read(handle, buffer, offset)) > 0)
        {
            sum.Add(buffer.AsSpan(0, read));
            offset += read;
        }

        return sum.Total;
    }
}
