namespace BenchGuard.Baselines;

/// <summary>Replaces a file all at once: write a temporary file beside it, then rename over it.</summary>
internal static class AtomicFile
{
    /// <summary>
    /// Writes <paramref name="path"/> through <paramref name="write"/>. If writing fails the old file is untouched
    /// and the temporary file is removed, so a crash or a full disk never leaves a half-written baseline.
    /// </summary>
    public static void Write(string path, Action<Stream> write)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        var temporary = Path.Combine(directory, $".{Path.GetFileName(path)}.{Guid.NewGuid():N}.tmp");
        try
        {
            using (var stream = new FileStream(temporary, FileMode.CreateNew, FileAccess.Write))
            {
                write(stream);
                // Stryker disable once Statement,Boolean : see mutation-testing.md#fsync
                stream.Flush(flushToDisk: true);
            }

            File.Move(temporary, path, overwrite: true);
        }
        catch
        {
            TryDelete(temporary);
            throw;
        }
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The original error matters more than a leftover temporary file.
        }
    }
}
