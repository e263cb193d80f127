using BenchGuard.ChangePoints;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;

namespace BenchGuard.Tests.ChangePoints;

/// <summary>
/// The after/before ratio's interval: the order statistics of the pairwise ratios at the Mann-Whitney critical
/// value, checked against published critical values, and the facts about Perfolizer 0.6.1 the defaults rest on.
/// </summary>
public sealed class ChangePointRatioTests
{
    [Fact]
    public void PerfolizersMannWhitneyCdfIsTheChanceOfAStrictlySmallerU()
    {
        // 5 against 5: U = 0 in 1 of C(10, 5) = 252 orderings, so P(U < 1) = 1/252 and P(U < 0) = 0.
        Assert.Equal(0, MannWhitneyLoefflerExactCdf.Instance.Cdf(5, 5, 0));
        Assert.Equal(1 / 252.0, MannWhitneyLoefflerExactCdf.Instance.Cdf(5, 5, 1), 1e-12);
    }

    [Theory]
    [InlineData(400, 400)]
    [InlineData(598, 598)]
    public void EdgeworthAgreesWithTheNormalApproximationUpTo598PointsASide(int n, int m) =>
        Assert.InRange(EdgeworthLowerTail(n, m) - NormalLowerTail(n, m), -0.001, 0.001);

    [Fact]
    public void EdgeworthOverflowsFrom599PointsASide()
    {
        // 5·n·m·(n+m) passes int.MaxValue: the approximation then says a 0.5% tail has no chance at all.
        Assert.True((long)5 * 599 * 599 * (599 + 599) > int.MaxValue);
        Assert.Equal(0, EdgeworthLowerTail(599, 599));
        Assert.InRange(NormalLowerTail(599, 599), 0.004, 0.006);
        Assert.True((long)5 * ChangePointDefaults.MaxSidePoints * ChangePointDefaults.MaxSidePoints * 2 * ChangePointDefaults.MaxSidePoints < int.MaxValue);
    }

    [Fact]
    public void TenAgainstTenTakesThe17thPairwiseRatioFromEachEnd()
    {
        // Published two-sided critical value of U at alpha 0.01 for 10 and 10: 16. The interval is then the 17th
        // smallest and the 17th largest of the 100 pairwise after/before ratios.
        var before = Enumerable.Range(0, 10).Select(i => 100.0 + (i * 1.7)).ToArray();
        var after = Enumerable.Range(0, 10).Select(i => 108.0 + (i * 2.3)).ToArray();
        var ratios = after.SelectMany(a => before.Select(b => a / b)).Order().ToArray();

        var interval = RatioInterval.Of(before, after, 0.99);

        Assert.Equal(ratios[16], interval.Lower, 1e-9);
        Assert.Equal(ratios[^17], interval.Upper, 1e-9);
        Assert.InRange(interval.Ratio, ratios[49], ratios[50]);
    }

    [Fact]
    public void FiveAgainstFiveTakesTheExtremesAndExcludesOneOnlyWhenTheSidesDoNotOverlap()
    {
        // Published critical value for 5 and 5 at 0.01 two-sided: 0, so the bounds are the smallest and largest ratios.
        double[] before = [100, 101, 102, 103, 104];
        double[] apart = [106, 107, 108, 109, 110];
        double[] overlapping = [103.5, 107, 108, 109, 110];

        var interval = RatioInterval.Of(before, apart, 0.99);
        Assert.Equal(106 / 104.0, interval.Lower, 1e-9);
        Assert.Equal(110 / 100.0, interval.Upper, 1e-9);
        Assert.True(interval.ExcludesOne);
        Assert.False(RatioInterval.Of(before, overlapping, 0.99).ExcludesOne);
    }

    [Fact]
    public void TooFewPointsForTheLevelGiveAnIntervalThatIncludesOne()
    {
        // 3 against 3: even U = 0 has chance 1/20, more than the 0.5% a side a 99% interval allows.
        var interval = RatioInterval.Of([1, 1.01, 1.02], [2, 2.01, 2.02], 0.99);

        Assert.Equal(0, interval.Lower);
        Assert.Equal(double.PositiveInfinity, interval.Upper);
        Assert.False(interval.ExcludesOne);
    }

    [Fact]
    public void AValueThatIsNotPositiveHasNoRatio() =>
        Assert.True(double.IsNaN(RatioInterval.Of([0, 1, 2, 3, 4], [5, 6, 7, 8, 9], 0.99).Ratio));

    private static int Critical(int n, int m) => (int)((n * m / 2.0) - (2.576 * Math.Sqrt(n * (double)m * (n + m + 1) / 12)));

    private static double EdgeworthLowerTail(int n, int m) => MannWhitneyEdgeworthApproxCdf.Instance.Cdf(n, m, Critical(n, m));

    private static double NormalLowerTail(int n, int m) => MannWhitneyNormalApproxCdf.Instance.Cdf(n, m, Critical(n, m));
}
