namespace BenchGuard.Comparison;

/// <summary>One benchmark's comparison: the verdicts and the numbers behind them.</summary>
/// <param name="FullName">BenchmarkDotNet's FullName.</param>
/// <param name="Type">The benchmark class with its namespace.</param>
/// <param name="Verdict">The timing verdict (the paired one when <c>--paired</c>, else the pooled one).</param>
/// <param name="Ratio">Diff / base: the paired median ratio when paired decided, else the ratio of medians.</param>
/// <param name="BaseMedian">Median of the base values, ns per operation.</param>
/// <param name="DiffMedian">Median of the diff values, ns per operation.</param>
/// <param name="BaseMean">Mean of the base values.</param>
/// <param name="DiffMean">Mean of the diff values.</param>
/// <param name="BaseCount">Number of base values.</param>
/// <param name="DiffCount">Number of diff values.</param>
/// <param name="BaseModality">"bimodal", "multimodal", "several?" or null (Perfolizer's mvalue, read as dotnet/performance's ResultsComparer does).</param>
/// <param name="DiffModality">The same for the diff.</param>
/// <param name="Pooled">The pooled Mann-Whitney verdict (null for New/Missing/Failed).</param>
/// <param name="Paired">The paired verdict (null unless <c>--paired</c> and both sides measured).</param>
/// <param name="Allocation">The allocation verdict.</param>
/// <param name="BaseAllocatedBytes">Bytes per operation in the base.</param>
/// <param name="DiffAllocatedBytes">Bytes per operation in the diff.</param>
/// <param name="TimingFails">True when this timing verdict fails the check (verdict role, above the fail threshold).</param>
/// <param name="AllocationFails">True when this allocation verdict fails the check.</param>
/// <param name="Note">Why the verdict is Unknown/Failed, in words.</param>
public sealed record BenchmarkComparison(
    string FullName,
    string Type,
    Verdict Verdict,
    double? Ratio,
    double? BaseMedian,
    double? DiffMedian,
    double? BaseMean,
    double? DiffMean,
    int BaseCount,
    int DiffCount,
    string? BaseModality,
    string? DiffModality,
    PooledOutcome? Pooled,
    PairedOutcome? Paired,
    AllocationVerdict Allocation,
    long? BaseAllocatedBytes,
    long? DiffAllocatedBytes,
    bool TimingFails,
    bool AllocationFails,
    string? Note)
{
    /// <summary>
    /// False when the base is a stored entry measured off a GitHub runner: its allocation verdict is reported but
    /// never fails the check.
    /// </summary>
    public bool AllocationGated { get; init; } = true;
}
