using BenchGuard.Comparison;

namespace BenchGuard.Trials;

/// <summary>
/// How often one verdict was right over the trials of one cell: per comparison (one benchmark in one trial) and per
/// suite run (one trial: flagged when any of its benchmarks is). Slowed levels count Slower; A/A counts Slower or
/// Faster as false alarms. New, Missing and Failed are not decided, so they are not counted.
/// </summary>
/// <param name="Mode">How the sides were formed.</param>
/// <param name="Verdict">Which verdict: pooled MW, or paired and its rule.</param>
/// <param name="Threshold">The timing threshold.</param>
/// <param name="Level">A/A or the slowdown.</param>
/// <param name="Comparisons">Decided comparisons.</param>
/// <param name="Flagged">Of those, the ones flagged.</param>
/// <param name="Runs">Trials with a decided comparison.</param>
/// <param name="RunsFlagged">Of those, the ones flagged.</param>
/// <param name="Unknown">Comparisons whose verdict was Unknown.</param>
internal sealed record TrialRow(string Mode, string Verdict, string Threshold, string Level, int Comparisons, int Flagged, int Runs, int RunsFlagged, int Unknown)
{
    /// <summary>Counts the verdicts of each trial.</summary>
    public static TrialRow Tally(string mode, string verdict, string threshold, string level, IEnumerable<IEnumerable<Verdict>> trials)
    {
        int comparisons = 0, flagged = 0, runs = 0, runsFlagged = 0, unknown = 0;
        foreach (var trial in trials)
        {
            var decided = trial.Where(v => v is not (Comparison.Verdict.New or Comparison.Verdict.Missing or Comparison.Verdict.Failed)).ToList();
            if (decided.Count == 0)
            {
                continue;
            }

            runs++;
            comparisons += decided.Count;
            unknown += decided.Count(v => v == Comparison.Verdict.Unknown);
            var hits = decided.Count(v => IsFlagged(level, v));
            flagged += hits;
            runsFlagged += hits > 0 ? 1 : 0;
        }

        return new TrialRow(mode, verdict, threshold, level, comparisons, flagged, runs, runsFlagged, unknown);
    }

    /// <summary>A slowed level is caught by Slower; on A/A, Slower or Faster is a false alarm.</summary>
    public static bool IsFlagged(string level, Verdict verdict) =>
        level == "A/A" ? verdict is Comparison.Verdict.Slower or Comparison.Verdict.Faster : verdict == Comparison.Verdict.Slower;
}
