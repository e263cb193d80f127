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
/// methods; or, for confirmed steps whose range held several commits, the middle commit of what is left of the range
/// against its good end. Every value is a string, so that the leg is a workflow matrix entry as it is; the leg's run
/// adds what it found in git (confirm-step.sh writes the leg back as leg.json).
/// </summary>
/// <param name="Os">The runner OS the steps were measured on.</param>
/// <param name="Commit">The first commit after the steps (a bisect leg: the bad end of the range).</param>
/// <param name="Base">The commit of the point before them (a bisect leg: the good end); empty when the summary does not know it (then the commit's parent).</param>
/// <param name="Methods">The benchmark methods to run (pr-report's filters), space-separated and sorted.</param>
/// <param name="Steps">The ids of the steps this leg checks, space-separated and sorted.</param>
/// <param name="Kind"><see cref="Confirm"/> or <see cref="Bisect"/>.</param>
/// <param name="Commits">The run's count of first-parent commits after the base up to the commit; absent in a plan.</param>
/// <param name="Probe">A bisect run's middle commit, which it measured against the base; absent otherwise.</param>
/// <param name="ProbeCommits">The first-parent commits after the base up to the probe; absent with no probe.</param>
internal sealed record StepCheckLeg(
    string Os,
    string Commit,
    string Base,
    string Methods,
    string Steps,
    string Kind = StepCheckLeg.Confirm,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Commits = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Probe = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? ProbeCommits = null)
{
    /// <summary>A leg that confirms steps: the commit against the base.</summary>
    public const string Confirm = "confirm";

    /// <summary>A leg that halves a confirmed step's range: its middle commit against the good end.</summary>
    public const string Bisect = "bisect";

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
    /// The legs of this run: active regressions not yet checked, and confirmed ones whose range still holds several
    /// commits, in series that a check can settle, grouped by OS and range, newest first, at most
    /// <paramref name="budget"/> legs; the rest wait for a later run.
    /// </summary>
    /// <param name="summary">The newest summary.</param>
    /// <param name="budget">The most legs.</param>
    /// <returns>The legs, and how many more were left for later.</returns>
    public static (IReadOnlyList<StepCheckLeg> Legs, int Left) Plan(StepSummary summary, int budget)
    {
        var groups = summary.Steps
            .Where(s => s is { State: StepState.Active, Kind: StepKind.Regression } && CheckedMetrics.Contains(s.Metric) && MethodOf(s.Benchmark) is not null)
            .SelectMany(s => s.Confirmation switch
            {
                StepConfirmation.Unconfirmed => [(Step: s, Kind: StepCheckLeg.Confirm, Commit: s.Commit, Base: s.Base ?? string.Empty)],
                StepConfirmation.Confirmed when s.Bisect is { Commits: > 1 } range => [(Step: s, Kind: StepCheckLeg.Bisect, Commit: range.Bad, Base: range.Good)],
                _ => Array.Empty<(SummaryStep Step, string Kind, string Commit, string Base)>(),
            })
            .GroupBy(c => (c.Step.Os, c.Kind, c.Commit, c.Base))
            .OrderByDescending(g => g.Max(c => c.Step.Date), StringComparer.Ordinal)
            .ThenBy(g => g.Key.Os, StringComparer.Ordinal)
            .ThenBy(g => g.Key.Commit, StringComparer.Ordinal)
            .ToList();
        var legs = groups.Take(budget)
            .Select(g => new StepCheckLeg(
                g.Key.Os,
                g.Key.Commit,
                g.Key.Base,
                string.Join(' ', g.Select(c => MethodOf(c.Step.Benchmark)!).Distinct().Order(StringComparer.Ordinal)),
                string.Join(' ', g.Select(c => c.Step.Id).Order(StringComparer.Ordinal)),
                g.Key.Kind))
            .ToList();
        return (legs, groups.Count - legs.Count);
    }

    /// <summary>
    /// The summary with the leg's finding on each of its steps. A confirm leg confirms or not; a confirmed step whose
    /// range held several commits gets a <see cref="BisectRange"/>. A bisect leg moves the range's bad end to the probe
    /// when the probe has the regression, its good end otherwise; a finding of neither leaves the range as it was.
    /// </summary>
    /// <param name="summary">The summary the leg was planned from, or a newer one.</param>
    /// <param name="leg">The leg, as its run wrote it.</param>
    /// <param name="ab">The A/B's comparison (pr-report's ab/ab.json), or null when it made none.</param>
    /// <param name="counters">The counters' comparison (pr-report's counters.json), or null when it made none.</param>
    /// <returns>The new summary, and each step the leg changed.</returns>
    public static (StepSummary Summary, IReadOnlyList<SummaryStep> Settled) Settle(StepSummary summary, StepCheckLeg leg, CompareJson? ab, CountersComparison? counters)
    {
        var ids = leg.StepIds.ToHashSet(StringComparer.Ordinal);
        var commits = Count(leg.Commits);
        var settled = new List<SummaryStep>();
        var steps = summary.Steps.Select(step =>
        {
            if (!ids.Contains(step.Id) || step.Os != leg.Os)
            {
                return step;
            }

            var changed = leg.Kind switch
            {
                StepCheckLeg.Confirm when step.Commit == leg.Commit && step.Confirmation == StepConfirmation.Unconfirmed => Confirmed(step, Finding(step, ab, counters), leg, commits),
                StepCheckLeg.Bisect when step.Bisect is { } range && range.Bad == leg.Commit && range.Good == leg.Base && leg.Probe is { Length: > 0 } probe
                    && Count(leg.ProbeCommits) is { } before && commits is { } all && before < all => Finding(step, ab, counters) switch
                    {
                        true => step with { Bisect = range with { Bad = probe, Commits = before } },
                        false => step with { Bisect = range with { Good = probe, Commits = all - before } },
                        null => null,
                    },
                _ => null,
            };
            if (changed is null)
            {
                return step;
            }

            settled.Add(changed);
            return changed;
        }).ToList();
        return (summary with { Steps = steps }, settled);
    }

    /// <summary>The confirmed regressions as a Markdown table, one row per step.</summary>
    /// <param name="confirmed">The steps.</param>
    /// <returns>The table, with its heading.</returns>
    public static string Table(IReadOnlyList<SummaryStep> confirmed) =>
        "### Confirmed regressions in the trend\n\nEach step was found in main's trend and confirmed by a same-runner A/B of its commit against the point before it.\n\n" + Rows(confirmed);

    private static string Rows(IReadOnlyList<SummaryStep> confirmed)
    {
        var text = new StringBuilder("| OS | Metric | Benchmark | Commit | A/B against | Before → after | Ratio |\n|---|---|---|---|---|---:|---:|\n");
        foreach (var s in confirmed)
        {
            text.Append(CultureInfo.InvariantCulture, $"| {s.Os} | {s.Metric} | `{s.Benchmark}` | {Short(s.Commit)} | {(string.IsNullOrEmpty(s.Base) ? "its parent" : Short(s.Base))} | {Number(s.MedianBefore)} → {Number(s.MedianAfter)} {s.Unit} | {(s.Ratio is { } r ? r.ToString("0.00", CultureInfo.InvariantCulture) : "new")} |\n");
        }

        return text.ToString();
    }

    /// <summary>
    /// The comment for each commit with confirmed regressions, by commit: a newly confirmed step on its first commit
    /// (where the A/B's range held several commits, saying that the next runs bisect it), and a step whose bisection
    /// ended on the commit that brought it.
    /// </summary>
    /// <param name="confirmed">The steps a confirm leg confirmed.</param>
    /// <param name="located">The steps whose bisection ended (<see cref="BisectRange.Commits"/> 1).</param>
    /// <returns>Commit → Markdown.</returns>
    public static IReadOnlyDictionary<string, string> CommitComments(IReadOnlyList<SummaryStep> confirmed, IReadOnlyList<SummaryStep> located)
    {
        var comments = new Dictionary<string, StringBuilder>(StringComparer.Ordinal);
        StringBuilder On(string commit) => comments.TryGetValue(commit, out var text) ? text.Append('\n') : comments[commit] = new StringBuilder();
        foreach (var steps in confirmed.GroupBy(s => s.Commit, StringComparer.Ordinal))
        {
            var text = On(steps.Key).Append(Table([.. steps]));
            foreach (var range in steps.Select(s => s.Bisect).OfType<BisectRange>().Distinct())
            {
                text.Append(CultureInfo.InvariantCulture, $"\nThe A/B compared {Short(range.Bad)} with {Short(range.Good)}, the trend's point before it: {range.Commits} commits, one of which brought the regression. The next runs bisect them by A/B.\n");
            }
        }

        foreach (var steps in located.Where(s => s.Bisect is { Commits: 1 }).GroupBy(s => s.Bisect!.Bad, StringComparer.Ordinal))
        {
            On(steps.Key).Append(CultureInfo.InvariantCulture, $"### A regression in the trend, traced to this commit\n\nBisected by same-runner A/B: this commit against its parent {Short(steps.First().Bisect!.Good)} has the regression first found at {string.Join(", ", steps.Select(s => Short(s.Commit)).Distinct())}.\n\n")
                .Append(Rows([.. steps]));
        }

        return comments.ToDictionary(c => c.Key, c => c.Value.ToString(), StringComparer.Ordinal);
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

    // True when the A/B found the step's change, false when it found the opposite or nothing, null when it measured nothing.
    private static bool? Finding(SummaryStep step, CompareJson? ab, CountersComparison? counters)
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
        return verdict;
    }

    // A confirm leg's finding; a confirmed step whose A/B spanned several commits is bisected from then on. The range's
    // good end is what the run measured against: the base, or the parent when the summary did not keep one.
    private static SummaryStep? Confirmed(SummaryStep step, bool? finding, StepCheckLeg leg, int? commits) => finding switch
    {
        true => step with
        {
            Confirmation = StepConfirmation.Confirmed,
            Bisect = commits > 1 && leg.Base.Length > 0 ? new BisectRange(leg.Base, leg.Commit, commits.Value) : null,
        },
        false => step with { Confirmation = StepConfirmation.NotConfirmed },
        null => null,
    };

    private static int? Count(string? text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n : null;

    [GeneratedRegex(@"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?:\(|$)")]
    private static partial Regex MethodName();
}
