namespace BenchGuard.Comparison;

/// <summary>Everything <c>compare</c> decides with.</summary>
/// <param name="Threshold">The timing threshold (<c>--threshold</c>).</param>
/// <param name="Noise">The absolute noise floor (<c>--noise</c>).</param>
/// <param name="AllocationThreshold">The allocation threshold (<c>--alloc-threshold</c>).</param>
/// <param name="FailThreshold">Only timing regressions above this fail the check; null: every one does.</param>
/// <param name="TimingRole">verdict, indicative (reported, never fails) or off (not shown, never fails).</param>
/// <param name="Paired">The paired verdict's knobs, or null for the pooled verdict only.</param>
/// <param name="Filter">Which FullNames to compare.</param>
public sealed record CompareOptions(
    TimeThreshold Threshold,
    TimeThreshold Noise,
    AllocationThreshold AllocationThreshold,
    TimeThreshold? FailThreshold,
    string TimingRole,
    PairedOptions? Paired,
    IReadOnlyList<string> Filter);
