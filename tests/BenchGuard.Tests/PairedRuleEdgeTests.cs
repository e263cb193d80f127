using Perfolizer.Mathematics.SignificanceTesting;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Pragmastat;
using BenchGuard.Comparison;
using BenchGuard.Results;

namespace BenchGuard.Tests;

/// <summary>
/// The paired rules at their edges: a ratio exactly at the threshold, a p-value exactly at alpha, a change that passes
/// one of a rule's two conditions but not the other, and the noise floor on either side. The threshold here is
/// 0.25 ns on a base median of 1 ns, so 1 + t = 1.25 and 1 / (1 + t) = 0.8 hold exactly in floating point; each
/// round's launch is three values around its median, so a round's ratio is its head median.
/// </summary>
public sealed class PairedRuleEdgeTests
{
    private static readonly TimeThreshold QuarterNanosecond = TimeThreshold.Parse("--threshold", "0.25ns");
    private static readonly TimeThreshold FivePercent = TimeThreshold.Parse("--threshold", "5%");

    [Fact]
    public void RoundsExactlyAtEitherBoundAreNeitherSlowerNorFaster()
    {
        var outcome = Decide("sign", [1.25, 1.25, 0.8, 0.8, 1.0], QuarterNanosecond);

        Assert.Equal(0.25, outcome.RelativeThreshold);
        Assert.Equal(0, outcome.SlowerRounds);
        Assert.Equal(0, outcome.FasterRounds);

        // Just beyond each bound, they count.
        var beyond = Decide("sign", [1.2501, 1.2501, 0.7999, 1.0, 1.0], QuarterNanosecond);
        Assert.Equal(2, beyond.SlowerRounds);
        Assert.Equal(1, beyond.FasterRounds);
    }

    [Fact]
    public void AHeadLaunchWithoutValuesDoesNotPair()
    {
        LaunchValues[] baseLaunches = [Launch(1, 100), Launch(2, 100), Launch(3, 100)];
        LaunchValues[] headLaunches = [Launch(1, 110), new LaunchValues(2, []), Launch(3, 120)];
        var outcome = PairedTimingTest.Decide(baseLaunches, headLaunches, FivePercent, 0, Options("sign"));

        Assert.Equal(2, outcome.Rounds);
        Assert.Equal([1.1, 1.2], outcome.Ratios.Select(r => Math.Round(r, 12)));
    }

    [Fact]
    public void ABaseLaunchWithoutValuesDoesNotPairEvenWhenItsHeadLaunchHasSome()
    {
        LaunchValues[] baseLaunches = [Launch(1, 100), new LaunchValues(2, []), Launch(3, 100)];
        LaunchValues[] headLaunches = [Launch(1, 110), Launch(2, 500), Launch(3, 120)];
        var outcome = PairedTimingTest.Decide(baseLaunches, headLaunches, FivePercent, 0, Options("sign"));

        Assert.Equal(2, outcome.Rounds);
        Assert.Equal([1.1, 1.2], outcome.Ratios.Select(r => Math.Round(r, 12)));
    }

    [Fact]
    public void TheSignRuleRejectsAtAPValueEqualToAlpha()
    {
        // Five of five rounds slower: P = 1/32, as Perfolizer's binomial computes it. At alpha = that P the sign test
        // rejects (p <= alpha); under a slightly smaller alpha five rounds can never reject.
        double[] slower = [1.5, 1.5, 1.5, 1.5, 1.5];
        var p = Decide("sign", slower, QuarterNanosecond).PSlower;
        Assert.Equal(1.0 / 32, p, 6);

        Assert.Equal(Verdict.Slower, Decide("sign", slower, QuarterNanosecond, alpha: p).Verdict);
        Assert.Equal(Verdict.Faster, Decide("sign", [0.5, 0.5, 0.5, 0.5, 0.5], QuarterNanosecond, alpha: p).Verdict);
        Assert.Equal(Verdict.Unknown, Decide("sign", slower, QuarterNanosecond, alpha: p * 0.999).Verdict);
    }

    [Fact]
    public void TheSignRuleIsSameNotUnknownWhenAllRoundsAgreeingWouldReachAlphaExactly()
    {
        // Five rounds, mixed: no verdict, but five agreeing rounds would give P = alpha exactly, so the rule can
        // reject at this size and "Same" is an answer, not "too few rounds".
        var alpha = Decide("sign", [1.5, 1.5, 1.5, 1.5, 1.5], QuarterNanosecond).PSlower;
        var outcome = Decide("sign", [1.5, 0.5, 1.0, 1.5, 0.5], QuarterNanosecond, alpha: alpha);

        Assert.Equal(Verdict.Same, outcome.Verdict);
        Assert.Null(outcome.Reason);

        var tooStrict = Decide("sign", [1.5, 0.5, 1.0, 1.5, 0.5], QuarterNanosecond, alpha: alpha * 0.999);
        Assert.Equal(Verdict.Unknown, tooStrict.Verdict);
    }

    [Fact]
    public void TheTRuleRejectsAtAPValueEqualToAlphaAsPerfolizerComputesIt()
    {
        double[] slower = [1.30, 1.50, 1.40, 1.45, 1.35];
        var slowerP = StudentTest.Instance.Run(Logs(slower), 0, AlternativeHypothesis.Greater).PValue;
        Assert.Equal(Verdict.Slower, Decide("t", slower, QuarterNanosecond, alpha: slowerP).Verdict);
        Assert.Equal(Verdict.Same, Decide("t", slower, QuarterNanosecond, alpha: slowerP * 0.999).Verdict);

        double[] faster = [0.70, 0.60, 0.65, 0.72, 0.68];
        var fasterP = StudentTest.Instance.Run(Logs(faster), 0, AlternativeHypothesis.Less).PValue;
        Assert.Equal(Verdict.Faster, Decide("t", faster, QuarterNanosecond, alpha: fasterP).Verdict);
        Assert.Equal(Verdict.Same, Decide("t", faster, QuarterNanosecond, alpha: fasterP * 0.999).Verdict);
    }

    [Fact]
    public void TheTRuleNeedsBothConditionsForAFasterVerdict()
    {
        // Consistently 3% faster: significant, but not beyond 1 / 1.05.
        double[] before = [100, 100, 100, 100, 100, 100];
        double[] small = [97, 96.8, 97.2, 97.1, 96.9, 97];
        Assert.Equal(Verdict.Same, PairedTimingTest.Decide(Launches(before), Launches(small), FivePercent, 0.3, Options("t")).Verdict);

        // Geometric mean well below 1 / 1.05, but one round slower: p is far above 0.05.
        double[] noisy = [60, 140, 62, 150, 58, 61];
        var outcome = PairedTimingTest.Decide(Launches(before), Launches(noisy), FivePercent, 0.3, Options("t"));
        Assert.True(StudentTest.Instance.Run(Logs(noisy.Select(n => n / 100).ToArray()), 0, AlternativeHypothesis.Less).PValue > 0.05, "the premise: not significant");
        Assert.Equal(Verdict.Same, outcome.Verdict);
    }

    [Fact]
    public void CiSignificantNeedsTheMedianBeyondTheThresholdAsWellAsTheInterval()
    {
        // Every round 2% slower (or faster), tightly: the interval clears 1, the median does not clear 1.05.
        double[] before = [100, 100, 100, 100, 100, 100, 100, 100];
        double[] slower = [102, 102.1, 101.9, 102, 102.2, 101.8, 102, 102.1];
        var slowerOutcome = PairedTimingTest.Decide(Launches(before), Launches(slower), FivePercent, 0.3, Options("ci-significant"));
        Assert.True(slowerOutcome.CiLower > 1, "the premise: the interval lies above 1");
        Assert.Equal(Verdict.Same, slowerOutcome.Verdict);

        var faster = slower.Select(s => 10000 / s).ToArray();
        var fasterOutcome = PairedTimingTest.Decide(Launches(before), Launches(faster), FivePercent, 0.3, Options("ci-significant"));
        Assert.True(fasterOutcome.CiUpper < 1, "the premise: the interval lies below 1");
        Assert.Equal(Verdict.Same, fasterOutcome.Verdict);
    }

    [Fact]
    public void CiSignificantNeedsTheIntervalAsWellAsTheMedianAndWithoutItIsUndecided()
    {
        // Median ratio beyond 1.05 either way, but rounds on both sides of 1: the interval holds 1. Neither Slower nor
        // Faster, and not Same either: the rounds have not decided.
        double[] before = [100, 100, 100, 100, 100, 100, 100, 100];
        double[] slower = [80, 130, 110, 112, 95, 125, 108, 70];
        var slowerOutcome = PairedTimingTest.Decide(Launches(before), Launches(slower), FivePercent, 0.3, Options("ci-significant"));
        Assert.True(slowerOutcome.MedianRatio > 1.05 && slowerOutcome.CiLower < 1, "the premise");
        Assert.Equal(Verdict.Unknown, slowerOutcome.Verdict);
        Assert.StartsWith("undecided over 8 rounds", slowerOutcome.Reason, StringComparison.Ordinal);

        var faster = slower.Select(s => 10000 / s).ToArray();
        var fasterOutcome = PairedTimingTest.Decide(Launches(before), Launches(faster), FivePercent, 0.3, Options("ci-significant"));
        Assert.True(fasterOutcome.MedianRatio < 1 / 1.05 && fasterOutcome.CiUpper > 1, "the premise");
        Assert.Equal(Verdict.Unknown, fasterOutcome.Verdict);
    }

    [Fact]
    public void TheCiRulesNeedTheIntervalAndTheMedianStrictlyBeyondTheThreshold()
    {
        // Five identical ratios of exactly 1 + t: Harrell-Davis gives the median and both bounds as that ratio, which
        // is at the threshold, not beyond it. The same holds under 1 ns (1 + t = 2) on the faster side, at 0.5.
        var slowerBound = Decide("ci", [1.25, 1.25, 1.25, 1.25, 1.25], QuarterNanosecond);
        Assert.Equal((1.25, 1.25, 1.25), (slowerBound.CiLower, slowerBound.MedianRatio, slowerBound.CiUpper));
        Assert.Equal(Verdict.Same, slowerBound.Verdict);
        Assert.Equal(Verdict.Same, Decide("ci-significant", [1.25, 1.25, 1.25, 1.25, 1.25], QuarterNanosecond).Verdict);

        var oneNanosecond = TimeThreshold.Parse("--threshold", "1ns");
        var fasterBound = Decide("ci", [0.5, 0.5, 0.5, 0.5, 0.5], oneNanosecond);
        Assert.Equal((0.5, 0.5, 0.5), (fasterBound.CiLower, fasterBound.MedianRatio, fasterBound.CiUpper));
        Assert.Equal(Verdict.Same, fasterBound.Verdict);
        Assert.Equal(Verdict.Same, Decide("ci-significant", [0.5, 0.5, 0.5, 0.5, 0.5], oneNanosecond).Verdict);

        // Beyond the bounds, both rules decide.
        Assert.Equal(Verdict.Slower, Decide("ci", [1.3, 1.3, 1.3, 1.3, 1.3], QuarterNanosecond).Verdict);
        Assert.Equal(Verdict.Faster, Decide("ci", [0.4, 0.41, 0.39, 0.4, 0.42], oneNanosecond).Verdict);
    }

    [Fact]
    public void AnIntervalPerfolizerCannotComputeIsUnknownNotSame()
    {
        // Five identical ratios of 0.8: Harrell-Davis's median comes out 2e-16 above them, its variance below zero,
        // and both bounds NaN. Neither ci rule may read that as "no change".
        foreach (var rule in new[] { "ci", "ci-significant" })
        {
            var outcome = Decide(rule, [0.8, 0.8, 0.8, 0.8, 0.8], QuarterNanosecond);
            Assert.True(double.IsNaN(outcome.CiLower) && double.IsNaN(outcome.CiUpper), "the premise: no interval");
            Assert.Equal(Verdict.Unknown, outcome.Verdict);
            Assert.Equal("the confidence interval of the median ratio could not be computed", outcome.Reason);
        }
    }

    [Theory]
    [InlineData(9.99, Verdict.Faster)]
    [InlineData(10.0, Verdict.Same)]
    public void AFasterChangeWithinTheNoiseFloorIsSame(double noiseNs, Verdict expected)
    {
        double[] before = [100, 100, 100, 100, 100, 100];
        double[] after = [90, 90, 90, 90, 90, 90];
        var outcome = PairedTimingTest.Decide(Launches(before), Launches(after), FivePercent, noiseNs, Options("sign"));

        Assert.Equal(expected, outcome.Verdict);
        Assert.Equal(expected == Verdict.Same ? "within the noise floor" : null, outcome.Reason);
    }

    [Fact]
    public void TheNoiseFloorChangesOnlySlowerAndFasterVerdicts()
    {
        // A Same stays Same without a reason, and an Unknown stays Unknown, whatever the floor.
        double[] before = [100, 100, 100, 100, 100, 100];
        double[] same = [101, 99, 100, 101, 99, 100];
        var sameOutcome = PairedTimingTest.Decide(Launches(before), Launches(same), FivePercent, 1000, Options("sign"));
        Assert.Equal(Verdict.Same, sameOutcome.Verdict);
        Assert.Null(sameOutcome.Reason);

        double[] flat = [120, 120, 120, 120];
        var unknown = PairedTimingTest.Decide(Launches([100, 100, 100, 100]), Launches(flat), FivePercent, 1000, Options("t"));
        Assert.Equal(Verdict.Unknown, unknown.Verdict);
        Assert.Contains("no spread", unknown.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void ARoundsMwVerdictHasNoReason()
    {
        double[] before = [100, 101, 102, 103, 104, 105];
        double[] after = [120, 121, 122, 123, 124, 125];
        var outcome = PairedTimingTest.Decide(Launches(before), Launches(after), FivePercent, 0.3, Options("rounds-mw"));
        Assert.Equal(Verdict.Slower, outcome.Verdict);
        Assert.Null(outcome.Reason);

        var same = PairedTimingTest.Decide(Launches(before), Launches(before), FivePercent, 0.3, Options("rounds-mw"));
        Assert.Equal(Verdict.Same, same.Verdict);
        Assert.Null(same.Reason);
    }

    private static PairedOptions Options(string rule, double alpha = 0.05) => new(rule, alpha, 0.95, 2);

    // Base rounds all of median 1 ns; head rounds of the given medians, so each round's ratio is its head median.
    private static PairedOutcome Decide(string rule, double[] headMedians, TimeThreshold threshold, double alpha = 0.05) =>
        PairedTimingTest.Decide(Launches(headMedians.Select(_ => 1.0).ToArray()), Launches(headMedians), threshold, 0, Options(rule, alpha));

    private static Sample Logs(double[] ratios) => new(ratios.Select(r => Math.Log(r)).ToList());

    private static LaunchValues Launch(int index, double median) => new(index, [median * 0.99, median, median * 1.01]);

    private static List<LaunchValues> Launches(double[] medians) => medians.Select((m, i) => Launch(i + 1, m)).ToList();
}
