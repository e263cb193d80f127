using BenchGuard.Baselines;
using BenchGuard.Results;

namespace BenchGuard.Output;

/// <summary>
/// The <c>compare --json</c> document (schema in README.md); <c>report</c> reads it back. The last two fields came
/// later, so a document without them still reads: the harness difference ("0.14.0 vs 0.15.8", base vs diff), why
/// some allocation verdicts against a stored baseline cannot fail the check, and the tool that made it.
/// </summary>
public sealed record CompareJson(
    string Schema,
    string? Title,
    string Headline,
    CompareJsonOptions Options,
    CompareJsonSide Base,
    CompareJsonSide Diff,
    bool EnvironmentDiffers,
    IReadOnlyList<string> EnvironmentDifferences,
    CompareJsonSummary Summary,
    IReadOnlyList<CompareJsonBenchmark> Benchmarks,
    string? HarnessDifference = null,
    string? AllocationGateNote = null,
    string? Tool = null)
{
    /// <summary>The schema marker.</summary>
    public const string CurrentSchema = SchemaName.Prefix + "compare/1";
}

/// <summary>The options the verdicts were made with.</summary>
public sealed record CompareJsonOptions(
    string Threshold,
    string Noise,
    string AllocThreshold,
    string? FailThreshold,
    string Timing,
    CompareJsonPairedOptions? Paired,
    IReadOnlyList<string> Filter);

/// <summary>The paired verdict's knobs.</summary>
public sealed record CompareJsonPairedOptions(string Rule, double Alpha, double Confidence, int MinRounds);

/// <summary>One side: where it came from and what ran it.</summary>
public sealed record CompareJsonSide(
    string Source,
    string Kind,
    HostEnvironment? Environment,
    IReadOnlyList<string> MixedEnvironments,
    IReadOnlyList<BaselineRun>? Provenance,
    int Benchmarks);

/// <summary>Counts over all benchmarks.</summary>
public sealed record CompareJsonSummary(
    int Total,
    int Slower,
    int Faster,
    int Same,
    int Unknown,
    int New,
    int Missing,
    int Failed,
    int AllocationRegressions,
    int AllocationImprovements,
    int Failing,
    double SlowerGeomean,
    double FasterGeomean);

/// <summary>One benchmark's verdicts and numbers (times in ns per operation, sizes in bytes per operation).</summary>
public sealed record CompareJsonBenchmark(
    string FullName,
    string Type,
    string Verdict,
    double? Ratio,
    double? BaseMedianNs,
    double? DiffMedianNs,
    double? BaseMeanNs,
    double? DiffMeanNs,
    int BaseCount,
    int DiffCount,
    string? BaseModality,
    string? DiffModality,
    CompareJsonPooled? Pooled,
    CompareJsonPaired? Paired,
    CompareJsonAllocation Allocation,
    bool TimingFails,
    bool AllocationFails,
    string? Note);

/// <summary>The pooled Mann-Whitney verdict.</summary>
public sealed record CompareJsonPooled(string Verdict, double? Ratio, string? Reason);

/// <summary>The paired verdict over rounds.</summary>
public sealed record CompareJsonPaired(
    string Verdict,
    string Rule,
    int Rounds,
    IReadOnlyList<double?> Ratios,
    double? MedianRatio,
    double? CiLower,
    double? CiUpper,
    double RelativeThreshold,
    int SlowerRounds,
    int FasterRounds,
    double? PSlower,
    double? PFaster,
    string? Reason);

/// <summary>The allocation verdict.</summary>
public sealed record CompareJsonAllocation(string Verdict, long? BaseBytes, long? DiffBytes, long? DeltaBytes);
