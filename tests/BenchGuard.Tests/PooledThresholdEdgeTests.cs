using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using BenchGuard.Comparison;

namespace BenchGuard.Tests;

/// <summary>
/// The pooled verdict's own test under the two kinds of threshold it does not leave to Perfolizer (zero and
/// combined): the shortcut against the combined threshold's largest part in both directions, the Mann-Whitney test
/// below it, the smallest samples, and the noise floor on a faster change.
/// </summary>
public sealed class PooledThresholdEdgeTests
{
    // Ten values 1,000 ns apart: a shift of a few hundred nanoseconds is lost in that spread for any rank test.
    private static readonly double[] Spread = Enumerable.Range(1, 10).Select(i => i * 1000.0).ToArray();
    private static readonly TimeThreshold Combined = TimeThreshold.Parse("--threshold", "1%|0.01ns");
    private static readonly TimeThreshold Zero = TimeThreshold.Parse("--threshold", "0%");
    private static readonly TimeThreshold Noise = TimeThreshold.Parse("--noise", "0.3ns");

    [Fact]
    public void ACombinedThresholdCallsAShiftOfMoreThanTenTimesItsLargestPartADifferenceEitherWay()
    {
        // The 1% part allows about 55 ns on these values, and about 61 ns on them 600 ns later, so 700 ns is past ten times either: a difference without a
        // rank test, which on this spread would find nothing.
        var slower = Spread.Select(v => v + 700).ToArray();
        Assert.InRange(10 * Combined.EffectiveShift(TimeThreshold.Nanoseconds(slower)), 600, 700);
        Assert.Equal(ComparisonResult.Indistinguishable, RankTest(Spread, slower, Combined));

        Assert.Equal(Verdict.Slower, PooledTimingTest.Decide(Spread, slower, Combined, Noise).Verdict);
        Assert.Equal(Verdict.Faster, PooledTimingTest.Decide(slower, Spread, Combined, Noise).Verdict);
    }

    [Fact]
    public void ACombinedThresholdLeavesAShiftUnderTenTimesItsLargestPartToTheRankTest()
    {
        // 300 ns: far over ten times the 0.01 ns part, under ten times the 1% part; the rank test finds no change.
        var later = Spread.Select(v => v + 300).ToArray();
        Assert.Equal(Verdict.Same, PooledTimingTest.Decide(Spread, later, Combined, Noise).Verdict);
        Assert.Equal(Verdict.Same, PooledTimingTest.Decide(later, Spread, Combined, Noise).Verdict);
    }

    [Fact]
    public void TheShortcutIsMeasuredAgainstTheLargerOfTheTwoSamplesAllowedShifts()
    {
        // 580 ns later: ten times the 1% part is about 550 ns on the base but 608 ns on the diff. The larger rules,
        // so the rank test decides, and finds nothing on this spread.
        var later = Spread.Select(v => v + 580).ToArray();
        Assert.InRange(10 * Combined.EffectiveShift(TimeThreshold.Nanoseconds(Spread)), 540, 560);
        Assert.InRange(10 * Combined.EffectiveShift(TimeThreshold.Nanoseconds(later)), 600, 620);
        Assert.Equal(Verdict.Same, PooledTimingTest.Decide(Spread, later, Combined, Noise).Verdict);
    }

    [Fact]
    public void AShiftOfExactlyTenTimesTheAllowedShiftStillGoesToTheRankTest()
    {
        // Under 0.1%|50ns the 50 ns part is the larger on these values, so ten times it is 500 ns; the shift between
        // whole numbers 500 apart is exactly 500, not more.
        var threshold = TimeThreshold.Parse("--threshold", "0.1%|50ns");
        var later = Spread.Select(v => v + 500).ToArray();
        Assert.Equal(50, threshold.EffectiveShift(TimeThreshold.Nanoseconds(later)));
        Assert.Equal(Verdict.Same, PooledTimingTest.Decide(Spread, later, threshold, Noise).Verdict);
        Assert.Equal(Verdict.Slower, PooledTimingTest.Decide(Spread, Spread.Select(v => v + 501).ToArray(), threshold, Noise).Verdict);
    }

    [Fact]
    public void TheRankTestNeedsAPValueBelowAlphaNotEqualToIt()
    {
        // The significance level comes from the caller (rounds-mw passes --paired-alpha): at alpha equal to the
        // one-sided p-value Perfolizer computes, the samples are no different; just above it they are.
        double[] before = [100, 101, 102, 103];
        double[] after = [200, 201, 202, 203, 204];
        var x = TimeThreshold.Nanoseconds(before);
        var y = TimeThreshold.Nanoseconds(after);
        var p = MannWhitneyTest.Instance.GetPValue(y, x, AlternativeHypothesis.Greater, Zero.Value);

        Assert.Equal(ComparisonResult.Indistinguishable, PooledTimingTest.Equivalence(x, y, Zero, new SignificanceLevel(p)));
        Assert.Equal(ComparisonResult.Lesser, PooledTimingTest.Equivalence(x, y, Zero, new SignificanceLevel(p * 1.001)));
        Assert.Equal(ComparisonResult.Indistinguishable, PooledTimingTest.Equivalence(y, x, Zero, new SignificanceLevel(p)));
        Assert.Equal(ComparisonResult.Greater, PooledTimingTest.Equivalence(y, x, Zero, new SignificanceLevel(p * 1.001)));

        // The same rule decides which sizes can ever reject.
        Assert.False(PooledTimingTest.CanReject(4, 5, new SignificanceLevel(p)));
        Assert.True(PooledTimingTest.CanReject(4, 5, new SignificanceLevel(p * 1.001)));
    }

    [Fact]
    public void TwoValuesOnTheDiffSideCanRejectAgainstFiveAsTheyCanOnTheBaseSide()
    {
        // 1 / C(7, 2) = 1/21 < 0.05 either way round.
        Assert.True(PooledTimingTest.CanReject(5, 2, SignificanceLevel.P05));
        Assert.True(PooledTimingTest.CanReject(2, 5, SignificanceLevel.P05));
        Assert.False(PooledTimingTest.CanReject(4, 2, SignificanceLevel.P05));
    }

    [Fact]
    public void UnderAZeroThresholdOneValueAgainstOneIsUnknownButOneAgainstSeveralIsTested()
    {
        Assert.Equal(ComparisonResult.Unknown, Equivalence([100], [200], Zero));

        // One value against five cannot reach p < 0.05 (at best 1/6): no difference found, but a test was made.
        Assert.Equal(ComparisonResult.Indistinguishable, Equivalence([100], [200, 201, 202, 203, 204], Zero));
        Assert.Equal(ComparisonResult.Indistinguishable, Equivalence([200, 201, 202, 203, 204], [100], Zero));
    }

    [Fact]
    public void UnderAZeroThresholdThreeAgainstThreeIsNoDifferenceButThreeAgainstFourIs()
    {
        // Three against three that do not overlap: p = 1 / C(6, 3) = 0.05 (Perfolizer computes 0.05 + 4e-17), not
        // below 0.05. Three against four: p = 1/35, a difference in the direction of the shift.
        double[] three = [100, 101, 102];
        Assert.Equal(ComparisonResult.Indistinguishable, Equivalence(three, [200, 201, 202], Zero));
        Assert.Equal(ComparisonResult.Indistinguishable, Equivalence([200, 201, 202], three, Zero));
        Assert.Equal(ComparisonResult.Lesser, Equivalence(three, [200, 201, 202, 203], Zero));
        Assert.Equal(ComparisonResult.Greater, Equivalence([200, 201, 202, 203], three, Zero));
    }

    [Fact]
    public void AFasterChangeWithinTheNoiseFloorIsSame()
    {
        // 20% faster by 2 ns on a 10 ns benchmark: beyond 5%, under a 5 ns floor; over a 0.3 ns one it is Faster.
        var before = Enumerable.Range(0, 12).Select(i => 10 + (i * 0.01)).ToArray();
        var after = before.Select(v => v - 2).ToArray();
        var fivePercent = TimeThreshold.Parse("--threshold", "5%");

        var within = PooledTimingTest.Decide(before, after, fivePercent, TimeThreshold.Parse("--noise", "5ns"));
        Assert.Equal(Verdict.Same, within.Verdict);
        Assert.Equal("within the noise floor 5ns", within.Reason);
        Assert.Equal(Verdict.Faster, PooledTimingTest.Decide(before, after, fivePercent, Noise).Verdict);
    }

    private static ComparisonResult Equivalence(double[] x, double[] y, TimeThreshold threshold) =>
        PooledTimingTest.Equivalence(TimeThreshold.Nanoseconds(x), TimeThreshold.Nanoseconds(y), threshold, SignificanceLevel.P05);

    // The two one-sided Mann-Whitney tests alone, as Perfolizer runs them, without any shortcut.
    private static ComparisonResult RankTest(double[] x, double[] y, TimeThreshold threshold)
    {
        var sx = TimeThreshold.Nanoseconds(x);
        var sy = TimeThreshold.Nanoseconds(y);
        return MannWhitneyTest.Instance.GetPValue(sx, sy, AlternativeHypothesis.Greater, threshold.Value) < SignificanceLevel.P05 ? ComparisonResult.Greater
            : MannWhitneyTest.Instance.GetPValue(sy, sx, AlternativeHypothesis.Greater, threshold.Value) < SignificanceLevel.P05 ? ComparisonResult.Lesser
            : ComparisonResult.Indistinguishable;
    }
}
