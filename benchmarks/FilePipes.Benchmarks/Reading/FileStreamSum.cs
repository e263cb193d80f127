namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// Read + sum through <see cref="FileStream"/>. BufferSize mapping: FileStream's own buffer is off (size 1), and the
/// caller's buffer is BufferSize bytes, so every <c>Read</c> is one system call for BufferSize bytes.
/// </summary>
public static class FileStreamSum
{
    /// <summary>Opens <paramref name="path"/> with no FileStream buffering.</summary>
    /// <param name="path">The file.</param>
    /// <param name="options">The open options.</param>
    /// <returns>The stream.</returns>
    public static FileStream OpenUnbuffered(string path, FileOptions options) =>
        new(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, options);

    /// <summary>Reads the whole file synchronously into <paramref name="buffer"/>, chunk by chunk.</summary>
    /// <param name="path">The file.</param>
    /// <param name="options">The open options.</param>
    /// <param name="buffer">The caller's buffer; its length is BufferSize.</param>
    /// <returns>The sum of the file's ulongs.</returns>
    public static ulong Sync(string path, FileOptions options, byte[] buffer)
    {
        using FileStream stream = OpenUnbuffered(path, options);
        var sum = default(UlongSum);
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            sum.Add(buffer.AsSpan(0, read));
        }

        return sum.Total;
    }

    /// <summary>Reads the whole file with <c>ReadAsync</c> into <paramref name="buffer"/>, chunk by chunk.</summary>
    /// <param name="path">The file.</param>
    /// <param name="options">The open options.</param>
    /// <param name="buffer">The caller's buffer; its length is BufferSize.</param>
    /// <returns>The sum of the file's ulongs.</returns>
    public static async Task<ulong> Async(string path, FileOptions options, byte[] buffer)
    {
        await using FileStream stream = OpenUnbuffered(path, options);
        var sum = default(UlongSum);
        int read;
        while ((read = await stream.ReadAsync(buffer.AsMemory()).ConfigureAwait(false)) > 0)
        {
            sum.Add(buffer.AsSpan(0, read));
        }

        return sum.Total;
    }
}
