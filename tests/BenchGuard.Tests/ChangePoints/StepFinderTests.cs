using BenchGuard.ChangePoints;

namespace BenchGuard.Tests.ChangePoints;

/// <summary>The step finder on generated histories whose steps are known.</summary>
public sealed class StepFinderTests
{
    [Fact]
    public void ATwentyPercentStepIsFoundAtItsCommitWithItsMediansAndRatio()
    {
        var series = Series(Noisy(120, 0.02, seed: 1, level: i => i < 70 ? 1000 : 1200));

        var step = Assert.Single(new StepFinder().Find(series));

        Assert.InRange(step.Index, 68, 72);
        Assert.Equal(series.Points[step.Index].Commit, step.Commit);
        Assert.InRange(step.MedianBefore, 990, 1010);
        Assert.InRange(step.MedianAfter, 1188, 1212);
        Assert.InRange(step.Ratio, 1.17, 1.23);
        Assert.True(step.Lower > 1 && step.Lower < step.Ratio && step.Upper > step.Ratio);
        Assert.Equal(120, step.PointsBefore + step.PointsAfter);
        Assert.Equal(step.Index, step.PointsBefore);
        Assert.False(step.Deterministic);
        Assert.True(step.Up);
    }

    [Fact]
    public void NoiseAloneHasNoStep() =>
        Assert.Empty(new StepFinder().Find(Series(Noisy(300, 0.03, seed: 2, level: _ => 500))));

    [Fact]
    public void AStepBelowTheMinimumEffectIsNotReported()
    {
        // 3% on 0.5% noise: a real change the interval is sure of, below the 5% that is reported.
        var values = Noisy(200, 0.005, seed: 3, level: i => i < 100 ? 1000 : 1030);

        Assert.Empty(new StepFinder().Find(Series(values)));
        Assert.Single(new StepFinder(minEffect: 0.02).Find(Series(values)));
    }

    [Fact]
    public void ACounterKeepsAStepOfAnySize()
    {
        var values = Enumerable.Range(0, 40).Select(i => i < 25 ? 4096.0 : 4104.0).ToArray();

        var step = Assert.Single(new StepFinder().Find(Series(values)));

        Assert.Equal(25, step.Index);
        Assert.True(step.Deterministic);
        Assert.Equal(4104 / 4096.0, step.Ratio);
        Assert.Equal(step.Ratio, step.Lower);
        Assert.Equal(step.Ratio, step.Upper);
    }

    [Fact]
    public void AnImprovementIsAStepDown()
    {
        var step = Assert.Single(new StepFinder().Find(Series(Noisy(80, 0.02, seed: 4, level: i => i < 40 ? 1000 : 700))));

        Assert.False(step.Up);
        Assert.True(step.Upper < 1);
    }

    [Fact]
    public void FewerPointsThanTwoSegmentsHaveNoStep() =>
        Assert.Empty(new StepFinder().Find(Series([1, 1, 1, 1, 1, 9, 9, 9, 9])));

    [Fact]
    public void LongSidesAreCutToTheirNearestPointsAndStillGiveAnInterval()
    {
        // 1000 points a side: uncut, Perfolizer's Edgeworth approximation would overflow (ChangePointRatioTests).
        var step = Assert.Single(new StepFinder().Find(Series(Noisy(2000, 0.02, seed: 5, level: i => i < 1000 ? 100 : 110))));

        Assert.InRange(step.Index, 995, 1005);
        Assert.InRange(step.Lower, 1.08, 1.10);
        Assert.InRange(step.Upper, 1.10, 1.12);
    }

    [Fact]
    public void AHistoryIsJudgedAsItStoodWhenACommitArrived()
    {
        var values = Noisy(100, 0.02, seed: 6, level: i => i < 60 ? 1000 : 1300);
        var series = Series(values);

        Assert.Empty(new StepFinder().Find(values, series.Points, 60));
        Assert.Single(new StepFinder().Find(values, series.Points, 66));
    }

    internal static TrendSeries Series(double[] values) =>
        new("suite", "bench", "ns", false, values.Select((v, i) => new TrendPoint($"c{i:D4}", string.Empty, v)).ToList());

    // Log-normal noise around a level: runner noise multiplies a time.
    internal static double[] Noisy(int n, double sd, int seed, Func<int, double> level)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, n).Select(i =>
        {
            var gauss = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
            return level(i) * Math.Exp(sd * gauss);
        }).ToArray();
    }
}
