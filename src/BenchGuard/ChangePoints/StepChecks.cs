using System.Text.RegularExpressions;
using BenchGuard.Commands;
using BenchGuard.Counters;
using BenchGuard.Output;

namespace BenchGuard.ChangePoints;

/// <summary>One A/B leg that checks steps: a commit against its parent on one OS, for the steps' benchmark methods.</summary>
/// <param name="Os">The runner OS the steps were measured on.</param>
/// <param name="Commit">The first commit after the steps.</param>
/// <param name="Methods">The benchmark methods to run (pr-report's filters), space-separated and sorted.</param>
/// <param name="Steps">The ids of the steps this leg checks.</param>
internal sealed record StepCheckLeg(string Os, string Commit, string Methods, IReadOnlyList<string> Steps);

/// <summary>
/// Which steps the same-runner A/B re-measures, and what its result says of each. A step is checked by the A/B of its
/// first commit against that commit's parent (pr-report, the PR check's own measurement): a timing step is confirmed
/// when the A/B finds the benchmark Slower, an allocation step when it finds an allocation Regression, a counter's step
/// when the counted head has More than the base; the opposite finding (Same, Faster, Fewer) does not confirm it, and a
/// finding of neither (Unknown, not measured, not run) leaves it unconfirmed for a later run.
/// </summary>
internal static partial class StepChecks
{
    /// <summary>The series a check can settle: every one pr-report measures, except instructions, which it only reports.</summary>
    public static readonly IReadOnlySet<string> CheckedMetrics = new HashSet<string>(
        [ExportTrendCommand.TimeMetric, ExportTrendCommand.AllocatedMetric, .. CounterTrend.Series.Where(s => CounterPolicy.IncreaseFails(s.Counter)).Select(s => s.Metric)],
        StringComparer.Ordinal);

    /// <summary>
    /// The legs of this run: active regressions not yet checked, in series that a check can settle, grouped by OS
    /// and commit, newest commit first, at most <paramref name="budget"/> legs; the rest wait for a later run.
    /// </summary>
    /// <param name="summary">The newest summary.</param>
    /// <param name="budget">The most legs.</param>
    /// <returns>The legs, and how many more were left for later.</returns>
    public static (IReadOnlyList<StepCheckLeg> Legs, int Left) Plan(StepSummary summary, int budget)
    {
        var groups = summary.Steps
            .Where(s => s is { State: StepState.Active, Kind: StepKind.Regression, Confirmation: StepConfirmation.Unconfirmed }
                && CheckedMetrics.Contains(s.Metric) && MethodOf(s.Benchmark) is not null)
            .GroupBy(s => (s.Os, s.Commit))
            .OrderByDescending(g => g.Max(s => s.Date), StringComparer.Ordinal)
            .ThenBy(g => g.Key.Os, StringComparer.Ordinal)
            .ThenBy(g => g.Key.Commit, StringComparer.Ordinal)
            .ToList();
        var legs = groups.Take(budget)
            .Select(g => new StepCheckLeg(
                g.Key.Os,
                g.Key.Commit,
                string.Join(' ', g.Select(s => MethodOf(s.Benchmark)!).Distinct().Order(StringComparer.Ordinal)),
                [.. g.Select(s => s.Id).Order(StringComparer.Ordinal)]))
            .ToList();
        return (legs, groups.Count - legs.Count);
    }

    /// <summary>The summary with the leg's finding on each of its steps.</summary>
    /// <param name="summary">The summary the leg was planned from, or a newer one.</param>
    /// <param name="leg">The leg.</param>
    /// <param name="ab">The A/B's comparison (pr-report's ab/ab.json), or null when it made none.</param>
    /// <param name="counters">The counters' comparison (pr-report's counters.json), or null when it made none.</param>
    /// <returns>The new summary, and each checked step with its new confirmation.</returns>
    public static (StepSummary Summary, IReadOnlyList<SummaryStep> Settled) Settle(StepSummary summary, StepCheckLeg leg, CompareJson? ab, CountersComparison? counters)
    {
        var ids = leg.Steps.ToHashSet(StringComparer.Ordinal);
        var settled = new List<SummaryStep>();
        var steps = summary.Steps.Select(step =>
        {
            if (!ids.Contains(step.Id) || step.Os != leg.Os || step.Commit != leg.Commit || step.Confirmation != StepConfirmation.Unconfirmed)
            {
                return step;
            }

            var checkedStep = step with { Confirmation = Finding(step, ab, counters) };
            settled.Add(checkedStep);
            return checkedStep;
        }).ToList();
        return (summary with { Steps = steps }, settled);
    }

    /// <summary>The benchmark method a full name belongs to (BenchmarkDotNet's filter selects by it), or null.</summary>
    /// <param name="benchmark">The full name, parameters included.</param>
    /// <returns>"Namespace.Class.Method", or null when the name has no such form.</returns>
    public static string? MethodOf(string benchmark) => MethodName().Match(benchmark) is { Success: true } m ? m.Groups[1].Value : null;

    private static StepConfirmation Finding(SummaryStep step, CompareJson? ab, CountersComparison? counters)
    {
        var measured = ab?.Benchmarks.FirstOrDefault(b => b.FullName == step.Benchmark);
        var verdict = step.Metric switch
        {
            ExportTrendCommand.TimeMetric => measured?.Verdict switch { "Slower" => true, "Same" or "Faster" => false, _ => (bool?)null },
            ExportTrendCommand.AllocatedMetric => measured?.Allocation.Verdict switch { "Regression" => true, "Same" or "Improvement" => false, _ => (bool?)null },
            _ => CounterTrend.Series.FirstOrDefault(s => s.Metric == step.Metric) is { } series
                ? counters?.Cases.FirstOrDefault(c => c.Benchmark == step.Benchmark)?.Counters.FirstOrDefault(v => v.Counter == series.Counter)?.Verdict switch
                {
                    "More" => true,
                    "Same" or "Fewer" => false,
                    _ => (bool?)null,
                }
                : null,
        };
        return verdict switch
        {
            true => StepConfirmation.Confirmed,
            false => StepConfirmation.NotConfirmed,
            null => StepConfirmation.Unconfirmed,
        };
    }

    [GeneratedRegex(@"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?:\(|$)")]
    private static partial Regex MethodName();
}
