using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.SignificanceTesting;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using BenchGuard.Comparison;
using BenchGuard.Results;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// The <c>rounds-mw</c> paired rule (a candidate for the verdict trials): Perfolizer's equivalence test over the two
/// sides' round medians, with Pragmastat's ratio estimator, checked against hand-computed figures and against
/// Perfolizer's own result on the same medians.
/// </summary>
public sealed class RoundsRuleTests
{
    private static readonly PairedOptions Options = new("rounds-mw", 0.05, 0.95, 2);
    private static readonly TimeThreshold FivePercent = TimeThreshold.Parse("--threshold", "5%");

    [Fact]
    public void TwentyPercentSlowerInEveryRoundIsSlower()
    {
        // Round medians 100..105 against 120..125. Every head median lies above every base median scaled by 1.05
        // (at most 110.25), so the one-sided Mann-Whitney test has p = 1 / C(12, 6) = 1/924. The 36 head/base
        // ratios have 123/103 and 122/102 in the middle: the ratio is their mean, 1.19513.
        double[] before = [100, 101, 102, 103, 104, 105];
        double[] after = [120, 121, 122, 123, 124, 125];
        var outcome = Decide(before, after);

        Assert.Equal(Verdict.Slower, outcome.Verdict);
        Assert.Equal(((123.0 / 103) + (122.0 / 102)) / 2, outcome.MedianRatio, 12);
        Assert.Equal(ComparisonResult.Lesser, OwnTest(before, after));
        var p = MannWhitneyTest.Instance.GetPValue(TimeThreshold.Nanoseconds(after), TimeThreshold.Nanoseconds(before), Perfolizer.Mathematics.SignificanceTesting.Base.AlternativeHypothesis.Greater, FivePercent.Value);
        Assert.Equal(1.0 / 924, p, 6);
    }

    [Fact]
    public void ThreePercentSlowerIsUnderTheThreshold()
    {
        double[] before = [100, 101, 102, 103, 104, 105];
        var after = before.Select(v => v * 1.03).ToArray();
        var outcome = Decide(before, after);
        Assert.Equal(Verdict.Same, outcome.Verdict);
        Assert.Equal(ComparisonResult.Indistinguishable, OwnTest(before, after));
        Assert.Equal(1.03, outcome.MedianRatio, 9);
    }

    [Fact]
    public void TwentyPercentFasterIsFaster()
    {
        double[] before = [120, 121, 122, 123, 124, 125];
        double[] after = [100, 101, 102, 103, 104, 105];
        Assert.Equal(Verdict.Faster, Decide(before, after).Verdict);
        Assert.Equal(ComparisonResult.Greater, OwnTest(before, after));
    }

    [Fact]
    public void ThreeRoundsCanNeverRejectAndAreUnknown()
    {
        // Three against three that do not overlap at all give p = 1 / C(6, 3) = 0.05, not below it.
        var outcome = Decide([100, 101, 102], [200, 201, 202]);
        Assert.Equal(Verdict.Unknown, outcome.Verdict);
        Assert.Contains("3 rounds a side", outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void CompareTakesTheRuleFromTheCommandLine()
    {
        using var temp = new TempFolder();
        FakeBenchmark Side(double factor) => new("Demo.ReadBenchmarks", "Read", string.Empty, Enumerable.Range(0, 6).Select(r => (IReadOnlyList<double>)[(100 + r) * factor, (101 + r) * factor, (102 + r) * factor]).ToList(), 0);
        BdnJson.Write(temp.Folder("base"), [Side(1.0)]);
        BdnJson.Write(temp.Folder("head"), [Side(1.2)]);
        var run = ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("head"), "--threshold", "5%", "--paired", "--paired-rule", "rounds-mw", "--json", temp.File("r.json"));
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = System.Text.Json.JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        var paired = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read").GetProperty("paired");
        Assert.Equal("rounds-mw", paired.GetProperty("rule").GetString());
        Assert.Equal("Slower", paired.GetProperty("verdict").GetString());
        Assert.Equal(1.2, paired.GetProperty("medianRatio").GetDouble(), 9);
    }

    // Each round: three values whose median is the round's median.
    private static PairedOutcome Decide(double[] baseMedians, double[] headMedians) =>
        PairedTimingTest.Decide(Launches(baseMedians), Launches(headMedians), FivePercent, 0.3, Options);

    private static List<LaunchValues> Launches(double[] medians) =>
        medians.Select((m, i) => new LaunchValues(i + 1, [m - 0.5, m, m + 0.5])).ToList();

    private static ComparisonResult OwnTest(double[] before, double[] after) =>
        new SimpleEquivalenceTest(MannWhitneyTest.Instance).Perform(TimeThreshold.Nanoseconds(before), TimeThreshold.Nanoseconds(after), FivePercent.Value, SignificanceLevel.P05);
}
