namespace BenchGuard.Merging;

/// <summary>Which launch's bytes per operation a merge keeps when launches disagree.</summary>
internal enum MergedBytes
{
    /// <summary>The largest: a stored result then errs towards reporting the head's bytes as more.</summary>
    Most,

    /// <summary>
    /// The smallest, for the two sides of an A/B: another thread's allocation during a short measurement only ever adds
    /// bytes (an unchanged tree's FilePipeWriterPreallocated at 128 MiB read 416 B in one launch and 1,412 B in another),
    /// while a real regression adds them to every launch.
    /// </summary>
    Least,
}
