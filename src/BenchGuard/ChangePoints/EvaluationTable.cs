using System.Globalization;
using System.Text;
using BenchGuard.Comparison;

namespace BenchGuard.ChangePoints;

/// <summary>The evaluation's result as the Markdown tables docs/verdict-quality.md holds.</summary>
internal static class EvaluationTable
{
    private static readonly string Rule = $"{VerdictDefaults.TrendAlertThreshold} rule";

    /// <summary>The planted changes and the false alarms, one table each.</summary>
    public static string Markdown(EvaluationResult result, EvaluationOptions options)
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"Planted into {result.CleanSeries} series without visible steps, {options.Placements} placement(s) per series and change, seed {options.Seed}; ")
            .Append(CultureInfo.InvariantCulture, $"found in time = within {EvaluationOptions.InTime} commits of the step (of a creep's end), within {EvaluationOptions.Tolerance} points of where it was planted.\n\n")
            .Append("| change | method | found in time: all | noise < 5% | noise < 15% | found in the whole history | median delay (commits) | planted |\n")
            .Append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        foreach (var group in result.Outcomes.GroupBy(o => o.Change))
        {
            var all = group.ToList();
            text.Append(CultureInfo.InvariantCulture, $"| {group.Key} | step finder | {Share(all, o => o.DetectorInTime)} | {Share(all.Where(o => o.NoisePercent < 5), o => o.DetectorInTime)} | {Share(all.Where(o => o.NoisePercent < 15), o => o.DetectorInTime)} | {Share(all, o => o.DetectorInHistory)} | {Median(all.Select(o => o.DetectorDelay))} | {all.Count} |\n");
            text.Append(CultureInfo.InvariantCulture, $"| {group.Key} | {Rule} | {Share(all, o => o.RuleInTime)} | {Share(all.Where(o => o.NoisePercent < 5), o => o.RuleInTime)} | {Share(all.Where(o => o.NoisePercent < 15), o => o.RuleInTime)} | {Share(all, o => o.RuleDelay is not null)} | {Median(all.Select(o => o.RuleDelay))} | {all.Count} |\n");
        }

        text.Append(CultureInfo.InvariantCulture, $"\nFalse alarms per 100 commits, nothing planted ({result.CleanSeries} series without visible steps; {result.AllSeries} series, alarms within {EvaluationOptions.Tolerance} points of a visible step left out):\n\n")
            .Append("| method | no visible step, commit by commit | whole history | all series, commit by commit | whole history |\n")
            .Append("|---|---:|---:|---:|---:|\n")
            .Append(CultureInfo.InvariantCulture, $"| step finder, either direction | {Rate(result.Clean.DetectorSteps, result.Clean)} | {Rate(result.Clean.DetectorStepsInHistory, result.Clean)} | {Rate(result.All.DetectorSteps, result.All)} | {Rate(result.All.DetectorStepsInHistory, result.All)} |\n")
            .Append(CultureInfo.InvariantCulture, $"| step finder, regressions only | {Rate(result.Clean.DetectorRegressions, result.Clean)} | | {Rate(result.All.DetectorRegressions, result.All)} | |\n")
            .Append(CultureInfo.InvariantCulture, $"| {Rule} (regressions only) | {Rate(result.Clean.RuleAlerts, result.Clean)} | {Rate(result.Clean.RuleAlerts, result.Clean)} | {Rate(result.All.RuleAlerts, result.All)} | {Rate(result.All.RuleAlerts, result.All)} |\n")
            .Append(CultureInfo.InvariantCulture, $"\n{result.Clean.Commits} and {result.All.Commits} commits.\n");
        return text.ToString();
    }

    private static string Share(IEnumerable<PlantedOutcome> outcomes, Func<PlantedOutcome, bool> found)
    {
        var list = outcomes.ToList();
        return list.Count == 0 ? "–" : string.Create(CultureInfo.InvariantCulture, $"{100.0 * list.Count(found) / list.Count:0}% ({list.Count(found)}/{list.Count})");
    }

    private static string Median(IEnumerable<int?> delays)
    {
        var found = delays.OfType<int>().Select(d => (double)d).ToList();
        return found.Count == 0 ? "–" : Medians.Of(found).ToString("0.#", CultureInfo.InvariantCulture);
    }

    private static string Rate(int alarms, FalseAlarms pool) =>
        pool.Commits == 0 ? "–" : (100.0 * alarms / pool.Commits).ToString("0.00", CultureInfo.InvariantCulture);
}
