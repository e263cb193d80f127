namespace FilePipes.Benchmarks.Reading;

/// <summary>How a <see cref="FilePipeReader"/> schedules its reads, as <see cref="ReadModeBenchmarks"/> compares them.</summary>
public enum ReadMode
{
    /// <summary>One read at a time on the consumer's thread (<see cref="FilePipeOptions.ReadAhead"/> 0).</summary>
    Inline,

    /// <summary>One background read at a time, up to one run of <see cref="ParallelReading.RunBytes"/> ahead.</summary>
    ReadAhead,

    /// <summary>Two runs of <see cref="ParallelReading.RunBytes"/> read at once.</summary>
    Parallel2,

    /// <summary>Four runs read at once: GitHub's Linux runners have four cores.</summary>
    Parallel4,

    /// <summary>The library's default: <see cref="FilePipeOptions.ReadAhead"/> and
    /// <see cref="FilePipeOptions.ParallelReads"/> unset, so the reader chooses by the file's length.</summary>
    Automatic,
}
