namespace FilePipes;

/// <summary>
/// How a reader schedules its reads: inline, one background read, or several runs in flight. Chosen when the reader
/// opens, from <see cref="FilePipeOptions.ReadAhead"/> and <see cref="FilePipeOptions.ParallelReads"/>, or, when both
/// are left unset, at the reader's first read, from how many bytes there are to read.
/// </summary>
/// <param name="ReadAhead">Segments filled beyond what the consumer holds; zero reads inline.</param>
/// <param name="ParallelReads">Runs of segments read at once.</param>
internal readonly record struct ReadSchedule(int ReadAhead, int ParallelReads)
{
    /// <summary>The runs in flight an automatic reader uses for a large file (docs/reading-modes.md).</summary>
    public const int AutomaticParallelReads = 2;

    /// <summary>The bytes one work item reads per run when the reader chooses the read-ahead: the thread-pool hop is
    /// paid per 256 KiB, not per read.</summary>
    public const int AutomaticRunBytes = 256 * 1024;

    /// <summary>The fewest bytes to read for which an automatic reader reads in parallel; below it, inline, so a small
    /// file pays no thread-pool hop. The smallest size measured where parallel reads won (docs/results.md).</summary>
    public const long AutomaticParallelFromBytes = 1024 * 1024;

    /// <summary>Gets whether the options leave the choice to the reader, by the bytes it has to read.</summary>
    /// <param name="options">The validated options.</param>
    /// <param name="isSeekable">Whether the handle reads at offsets (one that cannot is never automatic).</param>
    /// <returns><see langword="true"/> when <see cref="Automatic"/> decides, once the reader knows the file's length.</returns>
    public static bool ChoosesByLength(FilePipeOptions options, bool isSeekable) =>
        isSeekable && options.ReadAhead is null && options.ParallelReads is null;

    /// <summary>Resolves the options for one handle; an automatic reader (<see cref="ChoosesByLength"/>) starts inline,
    /// and its first read that fills a whole segment decides by the length (<see cref="Automatic"/>).</summary>
    /// <param name="options">The validated options.</param>
    /// <param name="isSeekable">Whether the handle reads at offsets; one that cannot is read one segment at a time, in the background.</param>
    /// <returns>The schedule.</returns>
    public static ReadSchedule For(FilePipeOptions options, bool isSeekable)
    {
        if (!isSeekable)
        {
            return new ReadSchedule(Math.Max(1, options.ReadAhead ?? 1), 1);
        }

        if (options.ReadAhead is { } readAhead)
        {
            return new ReadSchedule(readAhead, options.ParallelReads ?? 1);
        }

        return options.ParallelReads is { } parallelReads
            ? new ReadSchedule(parallelReads * RunSegments(options.BufferSize), parallelReads)
            : Inline;
    }

    /// <summary>The automatic choice: inline below <see cref="AutomaticParallelFromBytes"/>, parallel runs from it on.</summary>
    /// <param name="bufferSize">The segment size.</param>
    /// <param name="toRead">The bytes to read: the file's length less the range's start, capped by the range's length.</param>
    /// <returns>The schedule.</returns>
    public static ReadSchedule Automatic(int bufferSize, long toRead) =>
        toRead >= AutomaticParallelFromBytes
            ? new ReadSchedule(AutomaticParallelReads * RunSegments(bufferSize), AutomaticParallelReads)
            : Inline;

    private static ReadSchedule Inline => new(0, 1);

    private static int RunSegments(int bufferSize) => Math.Max(1, AutomaticRunBytes / bufferSize);
}
