using System.Collections.Concurrent;

namespace BenchGuard.ChangePoints;

/// <summary>The evaluation over a set of real histories: what was planted and found, and the false alarms.</summary>
/// <param name="Outcomes">Every planted change, in series order.</param>
/// <param name="Clean">False alarms over the series without visible steps.</param>
/// <param name="All">False alarms over every series, away from its visible steps.</param>
/// <param name="CleanSeries">How many series had no visible step.</param>
/// <param name="AllSeries">How many series there were.</param>
internal sealed record EvaluationResult(IReadOnlyList<PlantedOutcome> Outcomes, FalseAlarms Clean, FalseAlarms All, int CleanSeries, int AllSeries)
{
    /// <summary>Runs the evaluation; the series run two at a time, each on its own seeded stream, so the result is the same in any order.</summary>
    public static EvaluationResult Run(IReadOnlyList<RealSeries> series, StepFinder finder, EvaluationOptions options, bool plantedOnly = false)
    {
        var evaluation = new StepEvaluation(finder, options);
        var outcomes = new ConcurrentDictionary<int, IReadOnlyList<PlantedOutcome>>();
        var alarms = new ConcurrentDictionary<int, FalseAlarms>();
        Parallel.For(0, series.Count, new ParallelOptions { MaxDegreeOfParallelism = 2 }, i =>
        {
            var clean = series[i].VisibleSteps.Count == 0;
            if (clean)
            {
                outcomes[i] = evaluation.Plant(series[i], i);
            }

            if (clean || !plantedOnly)
            {
                alarms[i] = evaluation.Count(series[i]);
            }
        });

        var none = new FalseAlarms(0, 0, 0, 0, 0);
        var cleanIndexes = Enumerable.Range(0, series.Count).Where(i => series[i].VisibleSteps.Count == 0).ToList();
        return new EvaluationResult(
            cleanIndexes.SelectMany(i => outcomes[i]).ToList(),
            cleanIndexes.Aggregate(none, (sum, i) => sum + alarms[i]),
            alarms.Keys.Order().Aggregate(none, (sum, i) => sum + alarms[i]),
            cleanIndexes.Count,
            plantedOnly ? cleanIndexes.Count : series.Count);
    }
}
