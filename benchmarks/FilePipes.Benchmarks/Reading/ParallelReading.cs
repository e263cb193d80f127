namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// The parallel-read settings every <c>FilePipeReaderParallel*</c> benchmark uses, so they measure one configuration.
/// Not yet tuned: they are the starting point the next quiet-machine run measures against (issue 15).
/// </summary>
public static class ParallelReading
{
    /// <summary>Reads in flight at once: the development machine's two cores (GitHub's Linux runners have four).</summary>
    public const int Reads = 2;

    /// <summary>Bytes each thread-pool work item reads in one run: 64 reads at 4 KiB, 4 at 64 KiB, so the hop to the
    /// pool is paid per 256 KiB rather than per read.</summary>
    public const int RunBytes = 256 * 1024;

    /// <summary>Adds parallel reads to <paramref name="options"/>: a run of <see cref="RunBytes"/> per read in flight.</summary>
    /// <param name="options">The options with the segment size set.</param>
    /// <returns>The options with <see cref="FilePipeOptions.ReadAhead"/> and <see cref="FilePipeOptions.ParallelReads"/>.</returns>
    public static FilePipeOptions With(FilePipeOptions options) => With(options, Reads);

    /// <summary>Adds <paramref name="reads"/> parallel reads to <paramref name="options"/>, a run of <see cref="RunBytes"/> each.</summary>
    /// <param name="options">The options with the segment size set.</param>
    /// <param name="reads">The reads in flight at once.</param>
    /// <returns>The options with <see cref="FilePipeOptions.ReadAhead"/> and <see cref="FilePipeOptions.ParallelReads"/>.</returns>
    public static FilePipeOptions With(FilePipeOptions options, int reads)
    {
        ArgumentNullException.ThrowIfNull(options);
        return options with { ReadAhead = reads * RunSegments(options), ParallelReads = reads };
    }

    /// <summary>Adds one background read to <paramref name="options"/>, up to one run of <see cref="RunBytes"/> ahead.</summary>
    /// <param name="options">The options with the segment size set.</param>
    /// <returns>The options with <see cref="FilePipeOptions.ReadAhead"/>.</returns>
    public static FilePipeOptions WithReadAhead(FilePipeOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return options with { ReadAhead = RunSegments(options), ParallelReads = 1 };
    }

    private static int RunSegments(FilePipeOptions options) => Math.Max(1, RunBytes / options.BufferSize);
}
