using System.Globalization;
using System.Text;
using System.Text.Json.Serialization;
using System.Text.RegularExpressions;
using BenchGuard.Commands;
using BenchGuard.Counters;
using BenchGuard.Output;

namespace BenchGuard.ChangePoints;

/// <summary>
/// One A/B leg that checks steps: a commit against the series' point before it on one OS, for the steps' benchmark
/// methods. Every value is a string, so that the leg is a workflow matrix entry as it is.
/// </summary>
/// <param name="Os">The runner OS the steps were measured on.</param>
/// <param name="Commit">The first commit after the steps.</param>
/// <param name="Base">The commit of the point before them; empty when the summary does not know it (then the commit's parent).</param>
/// <param name="Methods">The benchmark methods to run (pr-report's filters), space-separated and sorted.</param>
/// <param name="Steps">The ids of the steps this leg checks, space-separated and sorted.</param>
internal sealed record StepCheckLeg(string Os, string Commit, string Base, string Methods, string Steps)
{
    /// <summary>Gets the ids of the steps this leg checks.</summary>
    [JsonIgnore]
    public IReadOnlyList<string> StepIds => this.Steps.Split(' ', StringSplitOptions.RemoveEmptyEntries);
}

/// <summary>
/// Which steps the same-runner A/B re-measures, and what its result says of each. A step is checked by the A/B of its
/// first commit against the commit of the point before it (pr-report, the PR check's own measurement): a timing step is confirmed
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
            .GroupBy(s => (s.Os, s.Commit, Base: s.Base ?? string.Empty))
            .OrderByDescending(g => g.Max(s => s.Date), StringComparer.Ordinal)
            .ThenBy(g => g.Key.Os, StringComparer.Ordinal)
            .ThenBy(g => g.Key.Commit, StringComparer.Ordinal)
            .ToList();
        var legs = groups.Take(budget)
            .Select(g => new StepCheckLeg(
                g.Key.Os,
                g.Key.Commit,
                g.Key.Base,
                string.Join(' ', g.Select(s => MethodOf(s.Benchmark)!).Distinct().Order(StringComparer.Ordinal)),
                string.Join(' ', g.Select(s => s.Id).Order(StringComparer.Ordinal))))
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
        var ids = leg.StepIds.ToHashSet(StringComparer.Ordinal);
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

    /// <summary>The confirmed regressions as a Markdown table, one row per step.</summary>
    /// <param name="confirmed">The steps.</param>
    /// <returns>The table, with its heading.</returns>
    public static string Table(IReadOnlyList<SummaryStep> confirmed)
    {
        var text = new StringBuilder("### Confirmed regressions in the trend\n\nEach step was found in main's trend and confirmed by a same-runner A/B of its commit against the point before it.\n\n| OS | Metric | Benchmark | Commit | A/B against | Before → after | Ratio |\n|---|---|---|---|---|---:|---:|\n");
        foreach (var s in confirmed)
        {
            text.Append(CultureInfo.InvariantCulture, $"| {s.Os} | {s.Metric} | `{s.Benchmark}` | {Short(s.Commit)} | {(string.IsNullOrEmpty(s.Base) ? "its parent" : Short(s.Base))} | {Number(s.MedianBefore)} → {Number(s.MedianAfter)} {s.Unit} | {(s.Ratio is { } r ? r.ToString("0.00", CultureInfo.InvariantCulture) : "new")} |\n");
        }

        return text.ToString();
    }

    /// <summary>
    /// The comment for each commit with confirmed regressions, by commit. Where the point before the step is not the
    /// commit's parent (a push of several commits), the comment says that the regression is somewhere in that range.
    /// </summary>
    /// <param name="confirmed">The confirmed steps.</param>
    /// <returns>Commit → Markdown.</returns>
    public static IReadOnlyDictionary<string, string> CommitComments(IReadOnlyList<SummaryStep> confirmed)
    {
        var comments = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var steps in confirmed.GroupBy(s => s.Commit, StringComparer.Ordinal))
        {
            var text = new StringBuilder(Table([.. steps]));
            foreach (var range in steps.Select(s => s.Base).OfType<string>().Where(b => b.Length > 0).Distinct(StringComparer.Ordinal))
            {
                text.Append(CultureInfo.InvariantCulture, $"\nThe A/B compared {Short(steps.Key)} with {Short(range)}, the trend's point before it: where one push brought several commits, the regression is in one of them.\n");
            }

            comments[steps.Key] = text.ToString();
        }

        return comments;
    }

    /// <summary>A commit as the tables show it.</summary>
    /// <param name="commit">The full SHA.</param>
    /// <returns>Its first eight characters.</returns>
    public static string Short(string commit) => commit.Length > 8 ? commit[..8] : commit;

    /// <summary>A value as the tables show it: whole numbers from 1,000 up and four significant digits below, never an exponent (7.017E+04).</summary>
    /// <param name="value">The value.</param>
    /// <returns>The text.</returns>
    public static string Number(double value) =>
        value.ToString(Math.Abs(value) >= 1000 ? "#,0" : "G4", CultureInfo.InvariantCulture);

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
