using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.QuantileEstimators;
using Pragmastat;
using BenchGuard.Comparison;
using BenchGuard.Results;

namespace BenchGuard.Tests;

/// <summary>
/// The paired verdict's rules on hand-computed rounds: which rounds pair up, which count as slower or faster, the sign
/// test's binomial tails, and when a rule must say Unknown or fall back to Same. Each round's launch is three values
/// around its median, so a round's ratio is head median / base median.
/// </summary>
public sealed class PairedRulesTests
{
    private static readonly TimeThreshold FivePercent = TimeThreshold.Parse("--threshold", "5%");

    [Fact]
    public void TheSignTestsTailsAreBinomialOverTheRoundsBeyondTheThreshold()
    {
        // Five rounds 10% slower, one 10% faster: P(at least 5 of 6) = 7/64, P(at least 1 of 6) = 63/64.
        var outcome = Decide("sign", [100, 100, 100, 100, 100, 100], [110, 110, 110, 110, 110, 90]);

        Assert.Equal(6, outcome.Rounds);
        Assert.Equal(5, outcome.SlowerRounds);
        Assert.Equal(1, outcome.FasterRounds);
        // Perfolizer's binomial CDF is computed numerically (about 1e-9 off the exact fraction).
        Assert.Equal(7.0 / 64, outcome.PSlower, 6);
        Assert.Equal(63.0 / 64, outcome.PFaster, 6);
        Assert.Equal(0.05, outcome.RelativeThreshold, 12);
        Assert.Equal(Verdict.Same, outcome.Verdict);
        Assert.Null(outcome.Reason);
        Assert.Equal([1.1, 1.1, 1.1, 1.1, 1.1, 0.9], outcome.Ratios.Select(r => Math.Round(r, 12)));
    }

    [Fact]
    public void EveryRoundSlowerIsSlowerAndEveryRoundFasterIsFaster()
    {
        var slower = Decide("sign", [100, 100, 100, 100, 100], [110, 111, 112, 113, 114]);
        Assert.Equal(Verdict.Slower, slower.Verdict);
        Assert.Equal(1.0 / 32, slower.PSlower, 6);
        Assert.Equal(1.0, slower.PFaster);

        var faster = Decide("sign", [100, 100, 100, 100, 100], [90, 91, 92, 93, 94]);
        Assert.Equal(Verdict.Faster, faster.Verdict);
        Assert.Equal(1.0 / 32, faster.PFaster, 6);
        Assert.Equal(1.0, faster.PSlower);
    }

    [Fact]
    public void ARoundAtTheThresholdIsNotBeyondIt()
    {
        // 105 / 100 is 1 + 5%, not beyond it; 95.3 / 100 is above 1 / (1 + 5%) = 0.952.
        var outcome = Decide("sign", [100, 100, 100, 100], [105, 106, 95.3, 94]);
        Assert.Equal(1, outcome.SlowerRounds);
        Assert.Equal(1, outcome.FasterRounds);
    }

    [Fact]
    public void OnlyLaunchesOnBothSidesPairAndInLaunchOrder()
    {
        // Base rounds 1-4 (round 2 failed), head rounds 5, 4, 3, 1: rounds 1, 3 and 4 pair, in that order.
        LaunchValues[] baseLaunches = [Launch(1, 100), Launch(2, []), Launch(3, 200), Launch(4, 400)];
        LaunchValues[] headLaunches = [Launch(5, 999), Launch(4, 440), Launch(3, 210), Launch(1, 130)];
        var outcome = PairedTimingTest.Decide(baseLaunches, headLaunches, FivePercent, 0, Options("sign", minRounds: 2));

        Assert.Equal(3, outcome.Rounds);
        Assert.Equal([1.3, 1.05, 1.1], outcome.Ratios.Select(r => Math.Round(r, 12)));
    }

    [Theory]
    [InlineData(1, 2)]
    [InlineData(3, 4)]
    public void FewerRoundsThanTheMinimumAreUnknown(int rounds, int minRounds)
    {
        var medians = Enumerable.Repeat(100.0, rounds).ToArray();
        var outcome = Decide("ci-significant", medians, medians.Select(m => m * 2).ToArray(), minRounds);

        Assert.Equal(Verdict.Unknown, outcome.Verdict);
        Assert.Equal(rounds, outcome.Rounds);
        Assert.True(double.IsNaN(outcome.MedianRatio));
        Assert.Contains($"needs at least {Math.Max(2, minRounds)}", outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void ExactlyTheMinimumOfRoundsIsDecided()
    {
        var outcome = Decide("sign", [100, 100, 100, 100, 100], [150, 150, 150, 150, 150], minRounds: 5);
        Assert.Equal(Verdict.Slower, outcome.Verdict);
    }

    [Fact]
    public void ARoundWithAZeroBaseMedianMakesTheVerdictUnknown()
    {
        var outcome = Decide("sign", [100, 0, 100, 100, 100], [110, 110, 110, 110, 110]);
        Assert.Equal(Verdict.Unknown, outcome.Verdict);
        Assert.Contains("paired rounds", outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void TooFewRoundsForTheSignTestToEverRejectAreUnknownNotSame()
    {
        // Four rounds that all agree: P = 1/16 > 0.05. Five can: P = 1/32.
        var four = Decide("sign", [100, 100, 100, 100], [101, 99, 100, 102]);
        Assert.Equal(Verdict.Unknown, four.Verdict);
        Assert.Contains("4 rounds", four.Reason, StringComparison.Ordinal);

        var five = Decide("sign", [100, 100, 100, 100, 100], [101, 99, 100, 102, 100]);
        Assert.Equal(Verdict.Same, five.Verdict);
    }

    [Theory]
    [InlineData(9.99, Verdict.Slower)]
    [InlineData(10.0, Verdict.Same)]
    [InlineData(25.0, Verdict.Same)]
    public void AChangeOfTheMediansWithinTheNoiseFloorIsSame(double noiseNs, Verdict expected)
    {
        // Every round 10% slower on a 100 ns median: the medians differ by 10 ns.
        double[] before = [100, 100, 100, 100, 100, 100];
        double[] after = [110, 110, 110, 110, 110, 110];
        var outcome = PairedTimingTest.Decide(Launches(before), Launches(after), FivePercent, noiseNs, Options("sign"));

        Assert.Equal(expected, outcome.Verdict);
        Assert.Equal(expected == Verdict.Same ? "within the noise floor" : null, outcome.Reason);
    }

    [Fact]
    public void TheCiRulesUseHarrellDavisOnTheRatios()
    {
        double[] before = [100, 100, 100, 100, 100, 100, 100, 100];
        double[] after = [108, 112, 109, 111, 110, 107, 113, 110];
        var ratios = new Sample(after.Select(a => a / 100).ToList());
        var expected = HarrellDavisQuantileEstimator.Instance.QuantileConfidenceIntervalEstimator(ratios, Probability.Half).ConfidenceInterval(new ConfidenceLevel(0.95));

        foreach (var rule in new[] { "ci", "ci-significant" })
        {
            var outcome = Decide(rule, before, after);
            Assert.Equal(HarrellDavisQuantileEstimator.Instance.Quantile(ratios, Probability.Half), outcome.MedianRatio, 12);
            Assert.Equal(expected.Lower, outcome.CiLower, 12);
            Assert.Equal(expected.Upper, outcome.CiUpper, 12);
            Assert.True(outcome.CiLower > 1.05, $"{rule}: the premise, an interval wholly above 1 + 5%");
            Assert.Equal(Verdict.Slower, outcome.Verdict);
        }

        // The mirror image is Faster by both.
        Assert.Equal(Verdict.Faster, Decide("ci", after, before).Verdict);
        Assert.Equal(Verdict.Faster, Decide("ci-significant", after, before).Verdict);
    }

    [Fact]
    public void TheCiRuleNeedsTheWholeIntervalBeyondTheThresholdAndCiSignificantOnlyTheMedian()
    {
        // Ratios around 1.07 with a spread: the median passes 1.05 and the interval clears 1, but not 1.05.
        double[] before = [100, 100, 100, 100, 100, 100, 100, 100];
        double[] after = [102, 112, 104, 110, 106, 108, 103, 111];
        var ci = Decide("ci", before, after);
        Assert.InRange(ci.CiLower, 1.0, 1.05);
        Assert.True(ci.MedianRatio > 1.05);
        Assert.Equal(Verdict.Same, ci.Verdict);
        Assert.Equal(Verdict.Slower, Decide("ci-significant", before, after).Verdict);
    }

    [Fact]
    public void CiSignificantCallsAMedianBeyondTheThresholdWhoseIntervalIncludesOneUndecidedNeverSame()
    {
        // Five rounds all slower, one of them hugely (a loaded machine): the median ratio is far above 1.05, but the
        // Harrell-Davis interval of five so spread ratios reaches below 1.
        double[] before = [100, 100, 100, 100, 100];
        double[] after = [130, 560, 610, 640, 4000];

        var outcome = Decide("ci-significant", before, after);

        Assert.True(outcome.MedianRatio > 1.05 && outcome.CiLower < 1, $"the premise: median {outcome.MedianRatio}, interval from {outcome.CiLower}");
        Assert.Equal(Verdict.Unknown, outcome.Verdict);
        Assert.StartsWith("undecided over 5 rounds: the median ratio", outcome.Reason, StringComparison.Ordinal);
        Assert.Contains("interval [", outcome.Reason, StringComparison.Ordinal);

        // A median inside the band stays Same, whatever the interval.
        Assert.Equal(Verdict.Same, Decide("ci-significant", [100, 100, 100, 100, 100], [101, 99, 103, 60, 102]).Verdict);
    }

    [Fact]
    public void TheTRuleWithoutSpreadIsUnknown()
    {
        var outcome = Decide("t", [100, 100, 100, 100], [120, 120, 120, 120]);
        Assert.Equal(Verdict.Unknown, outcome.Verdict);
        Assert.Contains("no spread", outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void TheTRuleFindsAConsistentChangeEitherWay()
    {
        double[] before = [100, 100, 100, 100, 100, 100];
        double[] after = [118, 121, 119, 122, 120, 120];
        Assert.Equal(Verdict.Slower, Decide("t", before, after).Verdict);
        Assert.Equal(Verdict.Faster, Decide("t", after, before).Verdict);
    }

    private static PairedOptions Options(string rule, int minRounds = 2) => new(rule, 0.05, 0.95, minRounds);

    private static PairedOutcome Decide(string rule, double[] baseMedians, double[] headMedians, int minRounds = 2) =>
        PairedTimingTest.Decide(Launches(baseMedians), Launches(headMedians), FivePercent, 0.3, Options(rule, minRounds));

    private static LaunchValues Launch(int index, params double[] medians) =>
        new(index, medians.Length == 0 ? [] : [medians[0] - 0.5, medians[0], medians[0] + 0.5]);

    private static List<LaunchValues> Launches(double[] medians) =>
        medians.Select((m, i) => Launch(i + 1, m)).ToList();
}
