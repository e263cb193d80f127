using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>The comparison's totals, checked against the per-benchmark figures of the same report.</summary>
public sealed class ComparisonSummaryTests
{
    [Fact]
    public void TheGeomeansAreOverTheSlowerAndTheFasterBenchmarksOnly()
    {
        using var temp = new TempFolder();
        string[] names = ["A", "B", "C", "D"];
        var baseSide = names.Select((n, i) => FakeBenchmark.Of(n, 1000, 0.01, 15, seed: i)).ToArray();
        double[] factors = [1.2, 1.5, 0.8, 1.0];
        var diffSide = names.Select((n, i) => FakeBenchmark.Of(n, 1000 * factors[i], 0.01, 15, seed: 10 + i)).ToArray();

        using var json = Compare(temp, baseSide, diffSide);

        var ratios = names.ToDictionary(n => n, n => CompareVerdictTests.Benchmark(json, $"Demo.ReadBenchmarks.{n}").GetProperty("ratio").GetDouble());
        Assert.Equal(["Slower", "Slower", "Faster", "Same"], names.Select(n => CompareVerdictTests.VerdictOf(json, $"Demo.ReadBenchmarks.{n}")));
        var summary = json.RootElement.GetProperty("summary");
        Assert.Equal(Math.Sqrt(ratios["A"] * ratios["B"]), summary.GetProperty("slowerGeomean").GetDouble(), 9);
        Assert.Equal(1 / ratios["C"], summary.GetProperty("fasterGeomean").GetDouble(), 9);
        Assert.Equal(4, summary.GetProperty("total").GetInt32());
        Assert.Equal(2, summary.GetProperty("slower").GetInt32());
        Assert.Equal(1, summary.GetProperty("faster").GetInt32());
        Assert.Equal(1, summary.GetProperty("same").GetInt32());
    }

    [Fact]
    public void WithNothingSlowerOrFasterBothGeomeansAreOne()
    {
        using var temp = new TempFolder();
        var same = FakeBenchmark.Of("A", 1000, 0.01, 15, seed: 1);

        using var json = Compare(temp, [same], [same]);

        var summary = json.RootElement.GetProperty("summary");
        Assert.Equal(1.0, summary.GetProperty("slowerGeomean").GetDouble());
        Assert.Equal(1.0, summary.GetProperty("fasterGeomean").GetDouble());
    }

    [Theory]
    [InlineData("base", 0)] // the head fixed it: nothing to compare, reported as Failed, but no reason to stop the change
    [InlineData("head", 1)] // a new benchmark that throws
    public void AFailedBenchmarkFailsTheCheckOnlyWhenItFailedInTheHead(string failedIn, int failing)
    {
        using var temp = new TempFolder();
        var shared = FakeBenchmark.Of("Shared", 1000, 0.01, 15, seed: 1);
        var broken = FakeBenchmark.FailedOne("Broken");
        FakeBenchmark[] baseSide = failedIn == "base" ? [shared, broken] : [shared];
        FakeBenchmark[] diffSide = failedIn == "base" ? [shared, FakeBenchmark.Of("Broken", 1000, 0.01, 15, seed: 2)] : [shared, broken];

        var run = CompareVerdictTests.CompareRun(temp, baseSide, diffSide, "--fail-on-regression");

        Assert.Equal(failing > 0 ? 1 : 0, run.ExitCode);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
        Assert.Equal("Failed", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Broken"));
        Assert.Equal(failing, json.RootElement.GetProperty("summary").GetProperty("failing").GetInt32());
    }

    [Fact]
    public void WhenThePairedVerdictCannotDecideTheRatioIsThePooledOne()
    {
        // One launch a side: no rounds to pair, so the paired verdict is Unknown and has no ratio.
        using var temp = new TempFolder();
        var run = CompareVerdictTests.CompareRun(
            temp, [FakeBenchmark.Of("Read", 1000, 0.01, 15, seed: 1)], [FakeBenchmark.Of("Read", 1100, 0.01, 15, seed: 2)], "--paired");
        Assert.True(run.ExitCode == 0, run.Error);

        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
        var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
        Assert.Equal("Unknown", benchmark.GetProperty("paired").GetProperty("verdict").GetString());
        Assert.Equal(benchmark.GetProperty("pooled").GetProperty("ratio").GetDouble(), benchmark.GetProperty("ratio").GetDouble());
        Assert.InRange(benchmark.GetProperty("ratio").GetDouble(), 1.05, 1.15);
    }

    [Fact]
    public void ABenchmarkOnlyInTheBaseThatFailedThereIsFailedNotMissing()
    {
        using var temp = new TempFolder();
        var shared = FakeBenchmark.Of("Shared", 1000, 0.01, 15, seed: 1);

        using var json = Compare(temp, [shared, FakeBenchmark.FailedOne("Broken"), FakeBenchmark.Of("Gone", 1000, 0.01, 15, seed: 2)], [shared]);

        Assert.Equal("Failed", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Broken"));
        Assert.Equal("Missing", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Gone"));
    }

    [Fact]
    public void WhenThePairedVerdictDecidesTheRatioIsItsMedianRatio()
    {
        // Every round 10% slower under a drift of ±20% between rounds: the pooled ratio of medians is not the paired one.
        using var temp = new TempFolder();
        double[] drift = [1.0, 1.2, 0.8, 1.1, 0.9, 1.15];
        FakeBenchmark Side(double factor, int seed) => new(
            "Demo.ReadBenchmarks", "Read", string.Empty, drift.Select((d, r) => FakeBenchmark.Samples(1000 * d * factor, 0.01, 5, seed + r)).ToList(), 0);
        var run = CompareVerdictTests.CompareRun(temp, [Side(1.0, 10)], [Side(1.1, 20)], "--paired");
        Assert.True(run.ExitCode == 0, run.Error);

        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
        var benchmark = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
        var paired = benchmark.GetProperty("paired");
        Assert.Equal("Slower", paired.GetProperty("verdict").GetString());
        Assert.Equal(paired.GetProperty("medianRatio").GetDouble(), benchmark.GetProperty("ratio").GetDouble());
        Assert.NotEqual(benchmark.GetProperty("pooled").GetProperty("ratio").GetDouble(), benchmark.GetProperty("ratio").GetDouble());
    }

    [Theory]
    [InlineData("5ns", "Slower")]
    [InlineData("150ns", "Same")]
    public void ThePairedVerdictHonoursTheNoiseFloorInNanoseconds(string noise, string expected)
    {
        // Six rounds, each 10% slower on about 1000 ns: the medians differ by about 100 ns.
        using var temp = new TempFolder();
        FakeBenchmark Side(double factor, int seed) => new(
            "Demo.ReadBenchmarks", "Read", string.Empty, Enumerable.Range(0, 6).Select(r => FakeBenchmark.Samples(1000 * factor, 0.01, 5, seed + r)).ToList(), 0);
        var run = CompareVerdictTests.CompareRun(temp, [Side(1.0, 10)], [Side(1.1, 20)], "--paired", "--noise", noise);
        Assert.True(run.ExitCode == 0, run.Error);

        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
        Assert.Equal(expected, CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read").GetProperty("paired").GetProperty("verdict").GetString());
    }

    [Theory]
    [InlineData(new double[] { 100, 101, 102, 100, 101, 102, 200, 201, 202, 200, 201, 202 }, "bimodal")]
    [InlineData(new double[] { 100, 101, 102, 100, 101, 102, 200, 201, 202, 200, 201 }, null)] // 11 values: too few to say
    [InlineData(new double[] { 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111 }, null)]
    public void ModalityIsReportedFromTwelveValues(double[] values, string? expected)
    {
        using var temp = new TempFolder();
        var benchmark = new FakeBenchmark("Demo.ReadBenchmarks", "Read", string.Empty, [values], 0);

        using var json = Compare(temp, [benchmark], [benchmark]);

        var compared = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read");
        Assert.Equal(expected, compared.GetProperty("baseModality").GetString());
        Assert.Equal(expected, compared.GetProperty("diffModality").GetString());
    }

    [Fact]
    public void TheNoteIsThePairedVerdictsReasonWhenPairedAndThePooledOneOtherwise()
    {
        // Three values a side in one launch: the pooled verdict cannot decide, nor can the paired one (one round).
        using var temp = new TempFolder();
        var baseSide = FakeBenchmark.Of("Read", 1000, 0.01, 3, seed: 1);
        var diffSide = FakeBenchmark.Of("Read", 1100, 0.01, 3, seed: 2);

        var paired = CompareVerdictTests.CompareRun(temp, [baseSide], [diffSide], "--paired");
        Assert.True(paired.ExitCode == 0, paired.Error);
        using (var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json"))))
        {
            Assert.StartsWith("1 paired rounds", CompareVerdictTests.Benchmark(json, baseSide.FullName).GetProperty("note").GetString(), StringComparison.Ordinal);
        }

        using var pooled = Compare(temp, [baseSide], [diffSide]);
        Assert.StartsWith("3 vs 3 values", CompareVerdictTests.Benchmark(pooled, baseSide.FullName).GetProperty("note").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public void SeveralFilterGlobsSelectEveryBenchmarkAnyOfThemMatches()
    {
        using var temp = new TempFolder();
        var a = FakeBenchmark.Of("Alpha", 1000, 0.02, 15, seed: 1);
        var b = FakeBenchmark.Of("Beta", 1000, 0.02, 15, seed: 2);
        var c = FakeBenchmark.Of("Gamma", 1000, 0.02, 15, seed: 3);

        using var json = Compare(temp, [a, b, c], [a, b, c], "--filter", "*.Alpha", "*.Gamma");

        Assert.Equal([a.FullName, c.FullName], json.RootElement.GetProperty("benchmarks").EnumerateArray().Select(e => e.GetProperty("fullName").GetString()));
    }

    [Fact]
    public void AZeroBaseMedianDoesNotMakeTheGeomeanInfinite()
    {
        using var temp = new TempFolder();
        var zero = new FakeBenchmark("Demo.ReadBenchmarks", "Read", string.Empty, [Enumerable.Repeat(0.0, 15).ToList()], 0);
        var slower = FakeBenchmark.Of("Read", 100, 0.01, 15, seed: 1);

        using var json = Compare(temp, [zero], [slower]);

        Assert.Equal("Slower", CompareVerdictTests.VerdictOf(json, slower.FullName));
        Assert.Equal(1.0, json.RootElement.GetProperty("summary").GetProperty("slowerGeomean").GetDouble());
    }

    private static JsonDocument Compare(TempFolder temp, FakeBenchmark[] baseSide, FakeBenchmark[] diffSide, params string[] extra)
    {
        var run = CompareVerdictTests.CompareRun(temp, baseSide, diffSide, extra);
        Assert.True(run.ExitCode == 0, run.Error);
        return JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
    }
}
