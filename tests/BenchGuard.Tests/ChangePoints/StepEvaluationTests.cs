using BenchGuard.ChangePoints;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.ChangePoints;

/// <summary>
/// The evaluation of issue 34 with a fixed seed on a committed sample of real histories (RealTrendsSample/). The full
/// run over a whole collection is behind BENCHGUARD_REAL_TRENDS (a folder in the same format); its table is in
/// docs/verdict-quality.md, "Steps in the trend".
/// </summary>
public sealed class StepEvaluationTests
{
    private static readonly string Sample = Path.Combine(RepositoryRoot.Path, "tests", "BenchGuard.Tests", "ChangePoints", "RealTrendsSample");

    private static readonly Lazy<EvaluationResult> SampleResult = new(() =>
        EvaluationResult.Run(RealTrendsFolder.Read(Sample), new StepFinder(), new EvaluationOptions(Seed: 34, Placements: 1, MaxDelay: 10)));

    [Fact]
    public void TheSampleIsSixteenRealSeriesWithoutVisibleSteps()
    {
        var series = RealTrendsFolder.Read(Sample);

        Assert.Equal(16, series.Count);
        Assert.All(series, s => Assert.Empty(s.VisibleSteps));
        Assert.Equal(4, series.Select(s => s.Repository).Distinct().Count());
        Assert.Contains(series, s => s.NoisePercent < 1);
        Assert.Contains(series, s => s.NoisePercent > 15);
    }

    [Fact]
    public void EveryChangeIsPlantedIntoEverySeriesLongEnough()
    {
        var outcomes = SampleResult.Value.Outcomes;

        foreach (var change in new[] { "+5%", "+10%", "+20%", "+50%" })
        {
            Assert.Equal(16, outcomes.Count(o => o.Change == change));
        }

        // A creep takes 50 commits and needs 10 points on each side: the two 49-point rune series are too short.
        Assert.Equal(14, outcomes.Count(o => o.Change == "creep"));
    }

    [Fact]
    public void TheFinderFindsLargeStepsAndCreepsTheRatioRuleMisses()
    {
        var outcomes = SampleResult.Value.Outcomes;
        double Share(string change, Func<PlantedOutcome, bool> found) =>
            (double)outcomes.Count(o => o.Change == change && found(o)) / outcomes.Count(o => o.Change == change);

        Assert.True(Share("+50%", o => o.DetectorInHistory) >= 0.9);
        Assert.True(Share("+20%", o => o.DetectorInHistory) >= 0.8);
        Assert.True(Share("creep", o => o.DetectorInHistory) >= 0.8);
        Assert.True(Share("+20%", o => o.DetectorInTime) > Share("+20%", o => o.RuleInTime));
        Assert.True(Share("creep", o => o.DetectorInHistory) > Share("creep", o => o.RuleDelay is not null));
        // A +50% step clears the 130% rule on all but the noisiest series.
        Assert.True(Share("+50%", o => o.RuleDelay is not null) >= 0.8);
        // The finder needs at least a segment after the step (within the tolerance of its position).
        Assert.All(outcomes.Where(o => o.DetectorDelay is not null), o => Assert.True(o.DetectorDelay >= ChangePointDefaults.MinSegment - 1 - EvaluationOptions.Tolerance));
    }

    [Fact]
    public void TheFinderRaisesFewerFalseAlarmsThanTheRatioRule()
    {
        var clean = SampleResult.Value.Clean;

        Assert.Equal(RealTrendsFolder.Read(Sample).Sum(s => s.Series.Points.Count - 1), clean.Commits);
        Assert.True(clean.RuleAlerts > 0);
        Assert.True(clean.DetectorSteps < clean.RuleAlerts, $"{clean.DetectorSteps} steps against {clean.RuleAlerts} alerts");
        Assert.InRange(clean.DetectorRegressions, 0, clean.DetectorSteps);
    }

    [Fact]
    public void TheSameSeedPlantsTheSameChangesAndAnotherDoesNot()
    {
        var series = RealTrendsFolder.Read(Sample).Take(3).ToList();
        var options = new EvaluationOptions(Seed: 34, Placements: 1, MaxDelay: 6);

        var first = EvaluationResult.Run(series, new StepFinder(), options, plantedOnly: true);
        var again = EvaluationResult.Run(series, new StepFinder(), options, plantedOnly: true);
        var other = EvaluationResult.Run(series, new StepFinder(), options with { Seed = 35 }, plantedOnly: true);

        Assert.Equal(first.Outcomes, again.Outcomes);
        Assert.Equal(first.Clean, again.Clean);
        Assert.NotEqual(first.Outcomes, other.Outcomes);
    }

    [Fact]
    public void TheTableHasARowPerChangeAndMethod()
    {
        var table = EvaluationTable.Markdown(SampleResult.Value, new EvaluationOptions(34, 1, 10));

        foreach (var change in new[] { "+5%", "+10%", "+20%", "+50%", "creep" })
        {
            Assert.Contains($"| {change} | step finder |", table, StringComparison.Ordinal);
            Assert.Contains($"| {change} | 130% rule |", table, StringComparison.Ordinal);
        }

        Assert.Contains("| 130% rule (regressions only) |", table, StringComparison.Ordinal);
    }

    [Fact]
    public void TheLargerRunOverAWholeCollection()
    {
        var trends = Environment.GetEnvironmentVariable("BENCHGUARD_REAL_TRENDS");
        Assert.SkipWhen(string.IsNullOrEmpty(trends), "set BENCHGUARD_REAL_TRENDS to a folder of real trends (RealTrendsSample/README.md) to run it");

        var result = EvaluationResult.Run(RealTrendsFolder.Read(trends!), new StepFinder(), new EvaluationOptions(34, 3, 50));

        Assert.True(result.Outcomes.Count(o => o.Change == "+50%" && o.DetectorInHistory) >= 0.9 * result.Outcomes.Count(o => o.Change == "+50%"));
        Assert.True(result.Clean.DetectorSteps < result.Clean.RuleAlerts);
        Assert.True(result.All.DetectorSteps < result.All.RuleAlerts);
    }
}
