namespace FilePipes;

/// <summary>
/// How a reader schedules its reads: inline, one background read, or several runs in flight. Chosen once, when the
/// reader opens, from <see cref="FilePipeOptions.ReadAhead"/> and <see cref="FilePipeOptions.ParallelReads"/>, or,
/// when both are left unset, from how many bytes there are to read.
/// </summary>
/// <param name="ReadAhead">Segments filled beyond what the consumer holds; zero reads inline.</param>
/// <param name="ParallelReads">Runs of segments read at once.</param>
internal readonly record struct ReadSchedule(int ReadAhead, int ParallelReads)
{
    /// <summary>The runs in flight an automatic reader uses for a large file (docs/parallel-reads.md).</summary>
    public const int AutomaticParallelReads = 2;

    /// <summary>The bytes one work item reads per run when the reader chooses the read-ahead: the thread-pool hop is
    /// paid per 256 KiB, not per read.</summary>
    public const int AutomaticRunBytes = 256 * 1024;

    /// <summary>The fewest bytes to read for which an automatic reader reads in parallel; below it, inline, so a small
    /// file pays no thread-pool hop. The smallest size measured where parallel reads won (docs/parallel-reads.md).</summary>
    public const long AutomaticParallelFromBytes = 1024 * 1024;

    /// <summary>Resolves the options for one handle.</summary>
    /// <param name="options">The validated options.</param>
    /// <param name="isSeekable">Whether the handle reads at offsets; one that cannot is read one segment at a time, in the background.</param>
    /// <param name="fileLength">The file's length when the reader opened (ignored for a handle that cannot seek).</param>
    /// <returns>The schedule.</returns>
    public static ReadSchedule For(FilePipeOptions options, bool isSeekable, long fileLength)
    {
        if (!isSeekable)
        {
            return new ReadSchedule(Math.Max(1, options.ReadAhead ?? 1), 1);
        }

        if (options.ReadAhead is { } readAhead)
        {
            return new ReadSchedule(readAhead, options.ParallelReads ?? 1);
        }

        int runSegments = Math.Max(1, AutomaticRunBytes / options.BufferSize);
        if (options.ParallelReads is { } parallelReads)
        {
            return new ReadSchedule(parallelReads * runSegments, parallelReads);
        }

        long toRead = Math.Max(0, fileLength - options.Offset);
        if (options.Length >= 0)
        {
            toRead = Math.Min(toRead, options.Length);
        }

        return toRead >= AutomaticParallelFromBytes
            ? new ReadSchedule(AutomaticParallelReads * runSegments, AutomaticParallelReads)
            : new ReadSchedule(0, 1);
    }
}
