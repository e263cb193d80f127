namespace FilePipes.Benchmarks.ColdReads;

/// <summary>
/// The operating system's page cache, emptied before each cold read by writing 3 to Linux's
/// <c>/proc/sys/vm/drop_caches</c> (free the page cache, dentries and inodes). Only root may write there, and no other
/// system offers it, so elsewhere <see cref="CannotDropReason"/> says why the cold reads are skipped. Dropping the cache
/// slows every process on the machine, so it also needs <see cref="AllowVariable"/> set to 1: a full-profile run or a
/// counting run that happens to include the cold reads must not empty a shared machine's cache unasked.
/// </summary>
public sealed class PageCache
{
    /// <summary>The file that empties the cache when 3 is written to it.</summary>
    public const string DropCachesPath = "/proc/sys/vm/drop_caches";

    /// <summary>The variable that must be 1 for the cache to be dropped.</summary>
    public const string AllowVariable = "FILEPIPES_DROP_CACHES";

    private static readonly byte[] DropAll = "3\n"u8.ToArray();

    /// <summary>Initializes a new instance of the <see cref="PageCache"/> class over a drop file; tests give a temporary one.</summary>
    /// <param name="dropFile">The file to write 3 to.</param>
    /// <param name="isLinux">Whether the system is Linux.</param>
    /// <param name="isRoot">Whether the process runs as root.</param>
    /// <param name="allowed">Whether the caller allowed the cache to be dropped (<see cref="AllowVariable"/>).</param>
    internal PageCache(string dropFile, bool isLinux, bool isRoot, bool allowed)
    {
        this.DropFile = dropFile;
        this.CannotDropReason = !isLinux ? "cold reads need Linux's /proc/sys/vm/drop_caches; this system has none"
            : !isRoot ? "cold reads need root to write /proc/sys/vm/drop_caches; this process is not root"
            : !File.Exists(dropFile) ? $"cold reads need {dropFile}, which does not exist here"
            : !allowed ? $"cold reads empty the whole machine's page cache; set {AllowVariable}=1 to allow that"
            : null;
    }

    /// <summary>Gets this system's page cache.</summary>
    public static PageCache System { get; } = new(
        DropCachesPath, OperatingSystem.IsLinux(), Environment.IsPrivilegedProcess, Environment.GetEnvironmentVariable(AllowVariable) == "1");

    /// <summary>Gets the file written to drop the cache.</summary>
    public string DropFile { get; }

    /// <summary>Gets why the cache cannot be dropped here, or <see langword="null"/> when it can.</summary>
    public string? CannotDropReason { get; }

    /// <summary>Empties the page cache, so the next read of any file comes from the storage device.</summary>
    /// <exception cref="InvalidOperationException">The cache cannot be dropped here (<see cref="CannotDropReason"/>).</exception>
    public void Drop()
    {
        if (this.CannotDropReason is { } reason)
        {
            throw new InvalidOperationException(reason);
        }

        using var handle = File.OpenHandle(this.DropFile, FileMode.Open, FileAccess.Write);
        RandomAccess.Write(handle, DropAll, 0);
    }
}
