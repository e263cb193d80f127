using System.Text.Json;
using BenchGuard.Comparison;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>The paired A/B verdict: rounds of adjacent base and head launches, decided from per-round ratios.</summary>
public sealed class PairedVerdictTests
{
    // Whole processes drift by up to ±25% from round to round, as measured on shared machines; inside a round both
    // sides see the same drift.
    private static readonly double[] Drift = [1.00, 1.25, 0.80, 1.10, 0.90, 1.20, 0.85, 1.05, 0.95, 1.15];

    [Theory]
    [InlineData("sign")]
    [InlineData("ci")]
    [InlineData("ci-significant")]
    [InlineData("t")]
    public void TenPercentSlowerUnderProcessDriftIsSlowerWhenPaired(string rule)
    {
        using var temp = new TempFolder();
        var json = Compare(temp, Rounds(1.00, 6, seed: 10), Rounds(1.10, 6, seed: 20), "--paired-rule", rule);
        var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
        Assert.Equal("Slower", benchmark.GetProperty("verdict").GetString());
        var paired = benchmark.GetProperty("paired");
        Assert.Equal(rule, paired.GetProperty("rule").GetString());
        Assert.Equal(6, paired.GetProperty("rounds").GetInt32());
        Assert.InRange(paired.GetProperty("medianRatio").GetDouble(), 1.07, 1.13);

        // The pooled verdict is kept side by side; under this drift it cannot see the change.
        Assert.Equal("Same", benchmark.GetProperty("pooled").GetProperty("verdict").GetString());
    }

    [Fact]
    public void TenPercentFasterIsFasterWhenPaired()
    {
        using var temp = new TempFolder();
        var json = Compare(temp, Rounds(1.10, 6, seed: 10), Rounds(1.00, 6, seed: 20));
        Assert.Equal("Faster", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Read"));
    }

    [Theory]
    [InlineData("sign")]
    [InlineData("ci")]
    [InlineData("ci-significant")]
    [InlineData("t")]
    public void SameCodeUnderDriftIsSameWhenPaired(string rule)
    {
        using var temp = new TempFolder();
        var json = Compare(temp, Rounds(1.00, 6, seed: 10), Rounds(1.00, 6, seed: 20), "--paired-rule", rule);
        Assert.Equal("Same", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Read"));
    }

    [Fact]
    public void TheTRuleNeedsBothTheThresholdAndSignificance()
    {
        using var temp = new TempFolder();

        // +3% in every round: significant, but under the 5% threshold.
        var small = Compare(temp, Rounds(1.00, 6, seed: 10), Rounds(1.03, 6, seed: 20), "--paired-rule", "t");
        Assert.Equal("Same", CompareVerdictTests.VerdictOf(small, "Demo.ReadBenchmarks.Read"));

        // One round 60% slower and two 10% faster: the geometric mean (1.09) passes the threshold, but one outlying
        // round is no evidence (t-test p ≈ 0.35).
        var noisy = Compare(temp, Rounds(1.00, 3, seed: 10), Slowed([1.6, 0.9, 0.9], seed: 20), "--paired-rule", "t");
        Assert.Equal("Same", CompareVerdictTests.VerdictOf(noisy, "Demo.ReadBenchmarks.Read"));
    }

    [Fact]
    public void TooFewRoundsForTheSignTestIsUnknown()
    {
        using var temp = new TempFolder();

        // Two rounds: even if both agree, P = 1/4 > 0.05.
        var json = Compare(temp, Rounds(1.00, 2, seed: 10), Rounds(1.50, 2, seed: 20));
        var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
        Assert.Equal("Unknown", benchmark.GetProperty("verdict").GetString());
        Assert.Contains("sign test cannot reach", benchmark.GetProperty("note").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public void UnmergedSingleLaunchResultsAreUnknownWhenPaired()
    {
        using var temp = new TempFolder();
        var json = Compare(temp, [FakeBenchmark.Samples(1000, 0.02, 15, 1)], [FakeBenchmark.Samples(1100, 0.02, 15, 2)]);
        var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
        Assert.Equal("Unknown", benchmark.GetProperty("verdict").GetString());
        Assert.Equal("Slower", benchmark.GetProperty("pooled").GetProperty("verdict").GetString());
    }

    [Fact]
    public void PairedSlowerFailsTheCheckAboveTheFailThresholdOnly()
    {
        using var temp = new TempFolder();
        var run = CompareVerdictTests.CompareRun(
            temp,
            [Benchmark(Rounds(1.00, 6, seed: 10))],
            [Benchmark(Rounds(1.10, 6, seed: 20))],
            "--paired", "--fail-threshold", "20%", "--fail-on-regression");

        // +10% is found Slower, reported, and does not fail the check: it is under the 20% hard limit.
        Assert.Equal(0, run.ExitCode);
        using (var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(temp.Path, "report.json"))))
        {
            var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
            Assert.Equal("Slower", benchmark.GetProperty("verdict").GetString());
            Assert.False(benchmark.GetProperty("timingFails").GetBoolean());
        }

        var big = CompareVerdictTests.CompareRun(
            temp,
            [Benchmark(Rounds(1.00, 6, seed: 10))],
            [Benchmark(Rounds(1.30, 6, seed: 20))],
            "--paired", "--fail-threshold", "20%", "--fail-on-regression");
        Assert.Equal(1, big.ExitCode);
    }

    [Fact]
    public void TooFewPairedRoundsReportSlowerWithoutFailing()
    {
        // Two rounds of +30% are what one slow core gives an unchanged tree; a sign test cannot reach 0.05 below 5 rounds.
        Assert.Equal(5, PairedTimingTest.RoundsToFail(0.05));
        using var temp = new TempFolder();
        var few = CompareVerdictTests.CompareRun(
            temp,
            [Benchmark(Rounds(1.00, 4, seed: 10))],
            [Benchmark(Rounds(1.30, 4, seed: 20))],
            "--paired", "--paired-rule", "ci", "--fail-threshold", "20%", "--fail-on-regression");
        Assert.Equal(0, few.ExitCode);
        using (var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(temp.Path, "report.json"))))
        {
            var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
            Assert.Equal("Slower", benchmark.GetProperty("verdict").GetString());
            Assert.False(benchmark.GetProperty("timingFails").GetBoolean());
            Assert.Equal("4 paired rounds: too few to fail the check, which needs 5", benchmark.GetProperty("note").GetString());
        }

        var enough = CompareVerdictTests.CompareRun(
            temp,
            [Benchmark(Rounds(1.00, 5, seed: 10))],
            [Benchmark(Rounds(1.30, 5, seed: 20))],
            "--paired", "--paired-rule", "ci", "--fail-threshold", "20%", "--fail-on-regression");
        Assert.Equal(1, enough.ExitCode);
    }

    [Theory]
    [InlineData("--paired-rule", "wilcoxon")]
    [InlineData("--paired-alpha", "2")]
    [InlineData("--paired-confidence", "abc")]
    [InlineData("--paired-min-rounds", "1")]
    public void InvalidPairedKnobsAreBadInput(string option, string value)
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("x"), [Benchmark(Rounds(1.0, 3, seed: 1))]);
        ComparerRun.Of("compare", "--base", temp.File("x"), "--diff", temp.File("x"), "--threshold", "5%", "--paired", option, value)
            .AssertBadInput(value);
    }

    private static IReadOnlyList<IReadOnlyList<double>> Rounds(double factor, int rounds, int seed) =>
        Enumerable.Range(0, rounds).Select(r => FakeBenchmark.Samples(1000 * Drift[r] * factor, 0.02, 5, seed + r)).ToList();

    private static IReadOnlyList<IReadOnlyList<double>> Slowed(double[] factors, int seed) =>
        factors.Select((f, r) => (IReadOnlyList<double>)FakeBenchmark.Samples(1000 * Drift[r] * f, 0.02, 5, seed + r)).ToList();

    private static FakeBenchmark Benchmark(IReadOnlyList<IReadOnlyList<double>> launches) => new("Demo.ReadBenchmarks", "Read", string.Empty, launches, 0);

    private static JsonDocument Compare(TempFolder temp, IReadOnlyList<IReadOnlyList<double>> baseLaunches, IReadOnlyList<IReadOnlyList<double>> diffLaunches, params string[] extra)
    {
        var run = CompareVerdictTests.CompareRun(temp, [Benchmark(baseLaunches)], [Benchmark(diffLaunches)], ["--paired", .. extra]);
        Assert.True(run.ExitCode == 0, run.Error);
        return JsonDocument.Parse(File.ReadAllText(Path.Combine(temp.Path, "report.json")));
    }
}
