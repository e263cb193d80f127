namespace BenchGuard.Comparison;

/// <summary>The one timing verdict each benchmark gets.</summary>
public enum Verdict
{
    /// <summary>The diff is slower by more than the threshold (and the noise floor).</summary>
    Slower,

    /// <summary>The diff is faster by more than the threshold (and the noise floor).</summary>
    Faster,

    /// <summary>No change beyond the threshold could be shown with enough data to show one.</summary>
    Same,

    /// <summary>Too few values to decide: no test of this size can reject. Never read as Same.</summary>
    Unknown,

    /// <summary>Only in the diff: nothing to compare with (never "no regression").</summary>
    New,

    /// <summary>Only in the base: the diff did not run it.</summary>
    Missing,

    /// <summary>A side has no measurements (the benchmark threw or was cancelled).</summary>
    Failed,
}

/// <summary>The allocation verdict (bytes per operation, beyond the allocation threshold).</summary>
public enum AllocationVerdict
{
    /// <summary>More bytes than the allocation threshold allows.</summary>
    Regression,

    /// <summary>Fewer bytes.</summary>
    Improvement,

    /// <summary>Within the threshold.</summary>
    Same,

    /// <summary>A side has no allocation figure (memory diagnoser off, or the benchmark is New/Missing/Failed).</summary>
    NotMeasured,
}
