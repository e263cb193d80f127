using System.Text.Json;
using ResultsComparer.Tests.Infrastructure;

namespace ResultsComparer.Tests;

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

    [Fact]
    public void ABenchmarkThatFailedOnlyInTheBaseDoesNotFailTheCheck()
    {
        // The diff fixed it: nothing to compare, reported as Failed, but no reason to stop the change.
        using var temp = new TempFolder();
        var run = CompareVerdictTests.CompareRun(temp, [FakeBenchmark.FailedOne("Read")], [FakeBenchmark.Of("Read", 1000, 0.01, 15, seed: 1)], "--fail-on-regression");

        Assert.Equal(0, run.ExitCode);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
        Assert.Equal("Failed", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Read"));
        Assert.Equal(0, json.RootElement.GetProperty("summary").GetProperty("failing").GetInt32());
    }

    [Fact]
    public void ANewBenchmarkThatThrowsFailsTheCheck()
    {
        using var temp = new TempFolder();
        var shared = FakeBenchmark.Of("Shared", 1000, 0.01, 15, seed: 1);
        var run = CompareVerdictTests.CompareRun(temp, [shared], [shared, FakeBenchmark.FailedOne("Added")], "--fail-on-regression");

        Assert.Equal(1, run.ExitCode);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
        Assert.Equal("Failed", CompareVerdictTests.VerdictOf(json, "Demo.ReadBenchmarks.Added"));
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("failing").GetInt32());
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

    private static JsonDocument Compare(TempFolder temp, FakeBenchmark[] baseSide, FakeBenchmark[] diffSide)
    {
        var run = CompareVerdictTests.CompareRun(temp, baseSide, diffSide);
        Assert.True(run.ExitCode == 0, run.Error);
        return JsonDocument.Parse(File.ReadAllText(temp.File("report.json")));
    }
}
