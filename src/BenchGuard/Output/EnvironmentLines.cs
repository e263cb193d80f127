using System.Globalization;
using BenchGuard.Baselines;
using BenchGuard.Comparison;

namespace BenchGuard.Output;

/// <summary>The first lines of every report: provenance, machine differences and the timing label.</summary>
internal static class EnvironmentLines
{
    /// <summary>Warnings and provenance, most important first.</summary>
    public static IReadOnlyList<string> Of(ComparisonReport report)
    {
        var lines = new List<string>();
        if (report.EnvironmentDifferences.Count > 0)
        {
            lines.Add($"⚠️ The two sides ran on different machines ({string.Join("; ", report.EnvironmentDifferences)}): timing verdicts across machines are a hint, not a measurement. Allocation verdicts do not depend on the machine's speed.");
        }

        if (report.HarnessDifference is { } harness)
        {
            lines.Add(HarnessLine(harness));
        }

        foreach (var (side, set) in new[] { ("base", report.Base), ("diff", report.Diff) })
        {
            if (set.MixedEnvironments.Count > 0)
            {
                lines.Add($"⚠️ The {side} mixes results from different machines or BenchmarkDotNet versions ({string.Join("; ", set.MixedEnvironments)}).");
            }
        }

        if (report.AllocationGateNote is { } gate)
        {
            lines.Add($"ℹ️ {gate}");
        }

        if (report.Options.TimingRole == "indicative")
        {
            lines.Add("ℹ️ Timings here are indicative only: they compare runs made at different times, possibly on different machines.");
        }

        if (report.Base.Provenance is { } runs)
        {
            lines.Add(runs.Count == 0 ? "ℹ️ The stored baseline is empty: every benchmark is New." : $"ℹ️ Baseline: {Describe(runs)}.");
        }

        return lines;
    }

    /// <summary>The one line that says the two sides ran under different BenchmarkDotNet versions.</summary>
    public static string HarnessLine(string difference) =>
        $"ℹ️ The harness differs: BenchmarkDotNet {difference} (base vs diff). Both exports are read alike, but a harness change alone can move timings.";

    /// <summary>Provenance in one phrase: commit, date, runner, where, CPU, .NET, harness, profile (one per stored run).</summary>
    public static string Describe(IReadOnlyList<BaselineRun> runs) =>
        string.Join("; ", runs.Select(r =>
            $"commit {Short(r.Commit)} ({DateOnly(r.Date)}, {r.Profile} profile) on {r.Runner} ({MeasuredOn.Describe(r.MeasuredOn)}), {r.OsVersion}, {r.Cpu}, {r.Runtime}, BenchmarkDotNet {BaselineStore.HarnessOf(r)}"));

    // Stryker disable once Equality : see mutation-testing.md#whole-slice
    private static string Short(string commit) => commit.Length > 12 ? commit[..12] : commit;

    private static string DateOnly(string date) =>
        DateTimeOffset.TryParse(date, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var d)
            ? d.UtcDateTime.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)
            : date;
}
