using BenchGuard.Baselines;

namespace BenchGuard.Results;

/// <summary>One benchmark case of one side, keyed by its BenchmarkDotNet FullName.</summary>
/// <param name="FullName">BenchmarkDotNet's FullName: namespace, type, method and parameters.</param>
/// <param name="TypeName">The benchmark class with its namespace (the unit BenchmarkDotNet writes one file for).</param>
/// <param name="Values">Statistics.OriginalValues: nanoseconds per operation; empty when the benchmark failed.</param>
/// <param name="Launches">The same values grouped by launch, in launch order (one per round after a merge).</param>
/// <param name="Mean">Statistics.Mean, when present.</param>
/// <param name="ConfidenceMargin">Statistics.ConfidenceInterval.Margin (BenchmarkDotNet's 99.9% half-width).</param>
/// <param name="AllocatedBytes">Bytes allocated per operation, or null when the memory diagnoser was off.</param>
/// <param name="Job">The job as BenchmarkDotNet displays it, e.g. "ShortRun".</param>
/// <param name="SourceFile">The file it was read from, for messages.</param>
public sealed record BenchmarkResult(
    string FullName,
    string TypeName,
    IReadOnlyList<double> Values,
    IReadOnlyList<LaunchValues> Launches,
    double? Mean,
    double? ConfidenceMargin,
    long? AllocatedBytes,
    string? Job,
    string SourceFile)
{
    /// <summary>The stored run this entry came from, when the side is a baseline store; null for fresh results.</summary>
    public BaselineRun? StoredRun { get; init; }

    /// <summary>True when BenchmarkDotNet recorded no measurements (the benchmark threw or was cancelled).</summary>
    public bool Failed => this.Values.Count == 0;
}

/// <summary>The values one launch (one process) produced.</summary>
/// <param name="LaunchIndex">BenchmarkDotNet's launch index (after a merge: the round number, from 1).</param>
/// <param name="Values">Nanoseconds per operation of the launch's result iterations.</param>
public sealed record LaunchValues(int LaunchIndex, IReadOnlyList<double> Values);
