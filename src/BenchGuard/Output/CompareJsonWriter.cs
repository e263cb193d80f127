using BenchGuard.Comparison;
using BenchGuard.Results;

namespace BenchGuard.Output;

/// <summary>Turns a <see cref="ComparisonReport"/> into the <c>--json</c> document.</summary>
internal static class CompareJsonWriter
{
    /// <summary>The document for <paramref name="report"/>.</summary>
    public static CompareJson ToJson(ComparisonReport report)
    {
        var options = report.Options;
        var summary = Summary(report);
        return new CompareJson(
            CompareJson.CurrentSchema,
            report.Title,
            Headline.Format(summary, options.TimingRole),
            new CompareJsonOptions(
                options.Threshold.Text,
                options.Noise.Text,
                options.AllocationThreshold.Text,
                options.FailThreshold?.Text,
                options.TimingRole,
                options.Paired is { } p ? new CompareJsonPairedOptions(p.Rule, p.Alpha, p.Confidence, p.MinRounds) : null,
                options.Filter),
            Side(report.Base),
            Side(report.Diff),
            report.EnvironmentDifferences.Count > 0,
            report.EnvironmentDifferences,
            summary,
            report.Benchmarks.Select(Benchmark).ToList(),
            report.HarnessDifference,
            report.AllocationGateNote,
            ToolVersion.Label);
    }

    /// <summary>The counts of <paramref name="report"/>.</summary>
    public static CompareJsonSummary Summary(ComparisonReport report) =>
            new(
                report.Benchmarks.Count,
                report.Count(Verdict.Slower),
                report.Count(Verdict.Faster),
                report.Count(Verdict.Same),
                report.Count(Verdict.Unknown),
                report.Count(Verdict.New),
                report.Count(Verdict.Missing),
                report.Count(Verdict.Failed),
                report.AllocationRegressions,
                report.Benchmarks.Count(b => b.Allocation == AllocationVerdict.Improvement),
                report.Failing,
                report.SlowerGeomean,
                report.FasterGeomean);

    private static CompareJsonSide Side(ResultSet side) =>
        new(side.Source, side.IsBaseline ? "baseline" : "results", side.Environment, side.MixedEnvironments, side.Provenance, side.Benchmarks.Count);

    private static CompareJsonBenchmark Benchmark(BenchmarkComparison b) => new(
        b.FullName,
        b.Type,
        b.Verdict.ToString(),
        JsonFormat.Finite(b.Ratio),
        JsonFormat.Finite(b.BaseMedian),
        JsonFormat.Finite(b.DiffMedian),
        JsonFormat.Finite(b.BaseMean),
        JsonFormat.Finite(b.DiffMean),
        b.BaseCount,
        b.DiffCount,
        b.BaseModality,
        b.DiffModality,
        b.Pooled is { } pooled ? new CompareJsonPooled(pooled.Verdict.ToString(), JsonFormat.Finite(pooled.Ratio), pooled.Reason) : null,
        b.Paired is { } paired
            ? new CompareJsonPaired(
                paired.Verdict.ToString(),
                paired.Rule,
                paired.Rounds,
                paired.Ratios.Select(r => JsonFormat.Finite(r)).ToList(),
                JsonFormat.Finite(paired.MedianRatio),
                JsonFormat.Finite(paired.CiLower),
                JsonFormat.Finite(paired.CiUpper),
                paired.RelativeThreshold,
                paired.SlowerRounds,
                paired.FasterRounds,
                JsonFormat.Finite(paired.PSlower),
                JsonFormat.Finite(paired.PFaster),
                paired.Reason)
            : null,
        new CompareJsonAllocation(
            b.Allocation.ToString(),
            b.BaseAllocatedBytes,
            b.DiffAllocatedBytes,
            b.BaseAllocatedBytes is { } x && b.DiffAllocatedBytes is { } y ? y - x : null),
        b.TimingFails,
        b.AllocationFails,
        b.Note);
}
