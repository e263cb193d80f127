namespace BenchGuard.Baselines;

/// <summary>
/// One <c>baseline update</c> at a time per store: an exclusive lock on <c>.baseline.json.lock</c> beside the store,
/// held from reading the store to renaming the new one over it, so two updates never both read the old store and
/// the second never drops the first's entries. The operating system releases the lock of a killed process.
/// </summary>
internal sealed class StoreLock : IDisposable
{
    private readonly FileStream stream;
    private readonly string path;

    private StoreLock(FileStream stream, string path)
    {
        this.stream = stream;
        this.path = path;
    }

    /// <summary>
    /// Takes the lock of the store file <paramref name="storeFile"/>, waiting up to <paramref name="wait"/> for
    /// another update to finish; bad input (exit 2) when it does not.
    /// </summary>
    public static StoreLock Take(string storeFile, TimeSpan wait)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(storeFile))!;
        var path = Path.Combine(directory, $".{Path.GetFileName(storeFile)}.lock");
        var deadline = DateTime.UtcNow + wait;
        while (true)
        {
            try
            {
                // FileShare.None is an exclusive advisory lock (flock) on Unix and a sharing lock on Windows.
                var stream = new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
                return new StoreLock(stream, path);
            }
            catch (UnauthorizedAccessException e)
            {
                // No lock is held here: the folder cannot be written, so neither could the store.
                throw new InputException($"{storeFile}: cannot write ({e.Message}); nothing stored", e);
            }
            catch (IOException) when (DateTime.UtcNow < deadline)
            {
                Thread.Sleep(50);
            }
            catch (IOException e)
            {
                throw new InputException($"{storeFile}: another baseline update holds {path} ({e.Message}); nothing stored");
            }
        }
    }

    /// <summary>
    /// Removes the temporary files of updates that were killed before their rename (<c>.baseline.json.*.tmp</c>):
    /// under the lock no other update is writing one.
    /// </summary>
    public static void RemoveLeftovers(string storeFile)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(storeFile))!;
        if (!Directory.Exists(directory))
        {
            return;
        }

        foreach (var leftover in Directory.EnumerateFiles(directory, $".{Path.GetFileName(storeFile)}.*.tmp"))
        {
            try
            {
                File.Delete(leftover);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // A leftover that cannot be removed is ignored by name anyway: no reader opens *.tmp.
            }
        }
    }

    /// <summary>Releases the lock; the lock file goes first, so no later update waits on a stale one.</summary>
    public void Dispose()
    {
        try
        {
            File.Delete(this.path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The lock itself is released below; a leftover lock file blocks nobody.
        }

        this.stream.Dispose();
    }
}
