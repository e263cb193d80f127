using Perfolizer.Mathematics.Multimodality;
using BenchGuard.Baselines;
using BenchGuard.Results;

namespace BenchGuard.Comparison;

/// <summary>Gives every benchmark of either side exactly one verdict.</summary>
internal static class ComparisonBuilder
{
    /// <summary>Compares <paramref name="baseSet"/> (the reference) with <paramref name="diffSet"/>.</summary>
    public static ComparisonReport Build(string? title, CompareOptions options, ResultSet baseSet, ResultSet diffSet)
    {
        var filter = new Glob(options.Filter);
        var names = baseSet.Benchmarks.Keys.Union(diffSet.Benchmarks.Keys)
            .Where(filter.Matches)
            .Order(StringComparer.Ordinal);
        var benchmarks = names
            .Select(name => Compare(options, baseSet.Benchmarks.GetValueOrDefault(name), diffSet.Benchmarks.GetValueOrDefault(name)))
            .ToList();

        IReadOnlyList<string> differences = baseSet.Environment is { } b && diffSet.Environment is { } d ? b.MachineDifferencesFrom(d) : [];
        return new ComparisonReport(title, options, baseSet, diffSet, differences, benchmarks);
    }

    private static BenchmarkComparison Compare(CompareOptions options, BenchmarkResult? baseResult, BenchmarkResult? diffResult)
    {
        // Stryker disable once NullCoalescing : see mutation-testing.md#same-value
        var any = (diffResult ?? baseResult)!;
        var empty = new BenchmarkComparison(
            any.FullName, any.TypeName, Verdict.Same, null, Median(baseResult), Median(diffResult), baseResult?.Mean, diffResult?.Mean,
            baseResult?.Values.Count ?? 0, diffResult?.Values.Count ?? 0, Modality(baseResult), Modality(diffResult), null, null,
            AllocationVerdict.NotMeasured, baseResult?.AllocatedBytes, diffResult?.AllocatedBytes, false, false, null);

        if (baseResult is null)
        {
            return empty with { Verdict = diffResult!.Failed ? Verdict.Failed : Verdict.New, Note = diffResult.Failed ? "no measurements (new benchmark)" : "not in the base" };
        }

        if (diffResult is null)
        {
            return empty with { Verdict = baseResult.Failed ? Verdict.Failed : Verdict.Missing, Note = "not in the diff" };
        }

        if (diffResult.Failed || baseResult.Failed)
        {
            var side = diffResult.Failed ? (baseResult.Failed ? "either side" : "the diff") : "the base";
            return empty with { Verdict = Verdict.Failed, Note = $"no measurements in {side}" };
        }

        var allocation = options.AllocationThreshold.Judge(baseResult.AllocatedBytes, diffResult.AllocatedBytes);
        var pooled = PooledTimingTest.Decide(baseResult.Values, diffResult.Values, options.Threshold, options.Noise);
        PairedOutcome? paired = null;
        if (options.Paired is { } pairedOptions)
        {
            var noiseNs = options.Noise.RelativeTo(empty.BaseMedian!.Value) * empty.BaseMedian.Value;
            paired = PairedTimingTest.Decide(baseResult.Launches, diffResult.Launches, options.Threshold, noiseNs, pairedOptions);
        }

        // Issue 12 item 11: a stored entry measured off a GitHub runner is reported, but cannot fail the check.
        var allocationGated = baseResult.StoredRun is not { } run || MeasuredOn.IsRunner(run);
        var verdict = paired?.Verdict ?? pooled.Verdict;
        var ratio = paired is { MedianRatio: var m } && double.IsFinite(m) ? m : pooled.Ratio;
        var aboveLimit = options.TimingRole == "verdict" && verdict == Verdict.Slower
            && (options.FailThreshold is not { } limit || ratio - 1 > limit.RelativeTo(empty.BaseMedian!.Value));
        var roundsToFail = options.Paired is { } knobs ? PairedTimingTest.RoundsToFail(knobs.Alpha) : 0;
        var tooFewRounds = aboveLimit && paired is { } p && p.Rounds < roundsToFail;
        return empty with
        {
            Verdict = verdict,
            Ratio = ratio,
            Pooled = pooled,
            Paired = paired,
            Allocation = allocation,
            TimingFails = aboveLimit && !tooFewRounds,
            AllocationFails = allocation == AllocationVerdict.Regression && allocationGated,
            AllocationGated = allocationGated,
            Note = tooFewRounds ? $"{paired!.Rounds} paired rounds: too few to fail the check, which needs {roundsToFail}" : paired?.Reason ?? pooled.Reason,
        };
    }

    private static double? Median(BenchmarkResult? result) =>
        result is { Failed: false } ? Medians.Of(result.Values) : null;

    // dotnet/performance's ResultsComparer's reading of Perfolizer's mvalue; below 12 values the mvalue means little.
    private static string? Modality(BenchmarkResult? result)
    {
        if (result is null || result.Values.Count < 12)
        {
            return null;
        }

        var mValue = MValueCalculator.Calculate(result.Values.ToArray());
        return mValue > 4.2 ? "multimodal" : mValue > 3.2 ? "bimodal" : mValue > 2.8 ? "several?" : null;
    }
}
