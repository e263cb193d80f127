using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using BenchGuard.Output;

namespace BenchGuard.ChangePoints;

/// <summary>
/// Writes the next <see cref="StepSummary"/> from the steps found in the newest history and the previous summary.
/// A step found again within <see cref="ChangePointDefaults.SameStepDistance"/> points of where the previous summary
/// had it, in the same series and direction, keeps its identity, when it was first seen, and its confirmation (the
/// confirmation only while its first commit is the same: the A/B measured that commit). A previous step the newest
/// history no longer supports stays, withdrawn, with the point at which it was withdrawn. A previous step whose first
/// commit has left the history (the action keeps the newest 300 points), or sits too near its start to be found
/// again, is dropped: nothing can say whether it still holds. A confirmed regression is the exception: it stays until a
/// later improvement in its series brings the level back (or, near the start, the step is found again).
/// </summary>
internal static partial class StepLedger
{
    /// <summary>The next summary.</summary>
    /// <param name="repoUrl">The repository's address (data.js' <c>repoUrl</c>), for the page's commit links.</param>
    /// <param name="found">Every series of the newest history with the steps found in it.</param>
    /// <param name="previous">The previous summary, or null for the first.</param>
    public static StepSummary Next(string repoUrl, IReadOnlyList<(TrendSeries Series, IReadOnlyList<Step> Steps)> found, StepSummary? previous)
    {
        var earlier = (previous?.Steps ?? [])
            .GroupBy(s => (s.Suite, s.Benchmark, s.Unit))
            .ToDictionary(g => g.Key, g => g.ToList());
        var series = new List<SummarySeries>();
        var steps = new List<SummaryStep>();
        foreach (var (trend, seriesSteps) in found)
        {
            var (os, metric) = SuiteParts(trend.Suite);
            var last = trend.Points[^1];
            var latest = new SummaryPoint(last.Commit, last.Date);
            series.Add(new SummarySeries(trend.Suite, os, metric, trend.Name, trend.Unit, trend.BiggerIsBetter, trend.Points.Count, latest with { Value = JsonFormat.Finite(last.Value) }));
            var before = earlier.GetValueOrDefault((trend.Suite, trend.Name, trend.Unit)) ?? [];
            steps.AddRange(Follow(trend, os, metric, seriesSteps, before, latest));
        }

        return new StepSummary(
            StepSummary.CurrentSchema,
            ToolVersion.Label,
            repoUrl,
            new StepPolicy(ChangePointDefaults.MinSegment, ChangePointDefaults.MinEffect, ChangePointDefaults.Confidence, ChangePointDefaults.SameStepDistance),
            series,
            steps);
    }

    // The series' steps for the next summary: the found ones (old identities where they match) and the withdrawn.
    private static IEnumerable<SummaryStep> Follow(TrendSeries trend, string os, string metric, IReadOnlyList<Step> found, List<SummaryStep> before, SummaryPoint latest)
    {
        var indexOf = new Dictionary<string, int>(StringComparer.Ordinal);
        for (var i = 0; i < trend.Points.Count; i++)
        {
            indexOf.TryAdd(trend.Points[i].Commit, i);
        }

        var unmatched = before.Where(p => indexOf.TryGetValue(p.Commit, out var at) && at >= ChangePointDefaults.MinSegment).ToList();
        var result = new List<SummaryStep>();
        foreach (var step in found)
        {
            var kind = step.Up != trend.BiggerIsBetter ? StepKind.Regression : StepKind.Improvement;
            // An active one before a withdrawn one, then the nearest.
            var match = unmatched
                .Where(p => p.Kind == kind && Math.Abs(indexOf[p.Commit] - step.Index) <= ChangePointDefaults.SameStepDistance)
                .OrderBy(p => p.State == StepState.Active ? 0 : 1)
                .ThenBy(p => Math.Abs(indexOf[p.Commit] - step.Index))
                .FirstOrDefault();
            if (match is not null)
            {
                unmatched.Remove(match);
            }

            result.Add(new SummaryStep(
                match?.Id ?? IdOf(trend, step.Commit),
                trend.Suite,
                os,
                metric,
                trend.Name,
                trend.Unit,
                kind,
                StepState.Active,
                step.Commit,
                step.Date,
                step.MedianBefore,
                step.MedianAfter,
                JsonFormat.Finite(step.Ratio),
                JsonFormat.Finite(step.Lower),
                JsonFormat.Finite(step.Upper),
                step.PointsBefore,
                step.PointsAfter,
                step.Deterministic,
                match?.FirstSeen ?? latest,
                null,
                match is not null && match.Commit == step.Commit ? match.Confirmation : StepConfirmation.Unconfirmed,
                step.Index > 0 ? trend.Points[step.Index - 1].Commit : null,
                match is not null && match.Commit == step.Commit ? match.Bisect : null));
        }

        foreach (var gone in unmatched)
        {
            result.Add(gone.State == StepState.Withdrawn ? gone : gone with { State = StepState.Withdrawn, Withdrawn = latest });
        }

        // A confirmed regression stays listed after its commit leaves the history, until a later improvement in the
        // series brings the level back to where it was before the step (then it is withdrawn, and dropped next time).
        var kept = before
            .Where(p => p is { State: StepState.Active, Kind: StepKind.Regression, Confirmation: StepConfirmation.Confirmed }
                && (!indexOf.TryGetValue(p.Commit, out var at)
                    || (at < ChangePointDefaults.MinSegment && !result.Any(s => s.Kind == StepKind.Regression && Math.Abs(indexOf[s.Commit] - at) <= ChangePointDefaults.SameStepDistance))))
            .Select(p => result.Any(s => s.Kind == StepKind.Improvement && s.State == StepState.Active && Undoes(s, p, trend.BiggerIsBetter))
                ? p with { State = StepState.Withdrawn, Withdrawn = latest }
                : p);
        return kept.Concat(result.OrderBy(s => indexOf[s.Commit]).ThenBy(s => s.State));
    }

    // Whether the improvement's level after it is back within the finder's smallest effect of the regression's before.
    private static bool Undoes(SummaryStep improvement, SummaryStep regression, bool biggerIsBetter) => biggerIsBetter
        ? improvement.MedianAfter >= regression.MedianBefore * (1 - ChangePointDefaults.MinEffect)
        : improvement.MedianAfter <= regression.MedianBefore * (1 + ChangePointDefaults.MinEffect);

    // Stable across runs and machines: the series and the commit where the step was first placed.
    private static string IdOf(TrendSeries trend, string commit) =>
        Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes($"{trend.Suite}\n{trend.Name}\n{trend.Unit}\n{commit}")))[..12];

    // "<suite> <metric> (<os>)", the names benchmarks.yml gives the action's suites; any other name has neither.
    private static (string Os, string Metric) SuiteParts(string suite) =>
        SuiteName().Match(suite) is { Success: true } m ? (m.Groups["os"].Value, m.Groups["metric"].Value) : (string.Empty, string.Empty);

    [GeneratedRegex(@"^.+ (?<metric>[^ ]+) \((?<os>[^()]+)\)$", RegexOptions.CultureInvariant, matchTimeoutMilliseconds: 1000)]
    private static partial Regex SuiteName();
}
