using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>The statistics cases of issue 5, run through the real <c>compare</c> command.</summary>
public sealed class CompareVerdictTests
{
    [Fact]
    public void IdenticalSamplesAreSame()
    {
        using var temp = new TempFolder();
        var values = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1);
        var json = Compare(temp, [values], [values]);
        Assert.Equal("Same", VerdictOf(json, values.FullName));
    }

    [Fact]
    public void TenPercentSlowerWithTwoPercentNoiseIsSlower()
    {
        using var temp = new TempFolder();
        var json = Compare(
            temp,
            [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1)],
            [FakeBenchmark.Of("Read", 1100, 0.02, 15, seed: 2)]);
        Assert.Equal("Slower", VerdictOf(json, "Demo.ReadBenchmarks.Read"));
    }

    [Fact]
    public void TenPercentFasterIsFaster()
    {
        using var temp = new TempFolder();
        var json = Compare(
            temp,
            [FakeBenchmark.Of("Read", 1100, 0.02, 15, seed: 1)],
            [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 2)]);
        Assert.Equal("Faster", VerdictOf(json, "Demo.ReadBenchmarks.Read"));
    }

    [Fact]
    public void WidelyOverlappingNoisySamplesAreSame()
    {
        using var temp = new TempFolder();
        var json = Compare(
            temp,
            [FakeBenchmark.Of("Read", 1000, 0.40, 15, seed: 3)],
            [FakeBenchmark.Of("Read", 1030, 0.40, 15, seed: 4)]);
        Assert.Equal("Same", VerdictOf(json, "Demo.ReadBenchmarks.Read"));
    }

    [Fact]
    public void DifferenceUnderTheNoiseFloorIsSame()
    {
        using var temp = new TempFolder();

        // 2 ns against 1.5 ns is +33%, far beyond 5%, but under a 1 ns noise floor.
        var json = Compare(
            temp,
            [FakeBenchmark.Of("Tiny", 1.5, 0.01, 15, seed: 5)],
            [FakeBenchmark.Of("Tiny", 2.0, 0.01, 15, seed: 6)],
            "--noise", "1ns");
        Assert.Equal("Same", VerdictOf(json, "Demo.ReadBenchmarks.Tiny"));
    }

    [Fact]
    public void OneByteMoreAllocatedIsAnAllocationRegressionThatFails()
    {
        using var temp = new TempFolder();
        var baseline = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1, allocated: 128);
        var diff = baseline with { AllocatedBytes = 129 };
        var run = CompareRun(temp, [baseline], [diff], "--fail-on-regression");
        Assert.Equal(1, run.ExitCode);
        var json = ReadJson(temp);
        var benchmark = Benchmark(json, baseline.FullName);
        Assert.Equal("Regression", benchmark.GetProperty("allocation").GetProperty("verdict").GetString());
        Assert.Equal(1, benchmark.GetProperty("allocation").GetProperty("deltaBytes").GetInt64());
        Assert.Equal("Same", benchmark.GetProperty("verdict").GetString());
    }

    [Fact]
    public void AllocationThresholdToleratesSmallIncreases()
    {
        using var temp = new TempFolder();
        var baseline = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1, allocated: 1000);
        var run = CompareRun(temp, [baseline], [baseline with { AllocatedBytes = 1009 }], "--alloc-threshold", "1%", "--fail-on-regression");
        Assert.Equal(0, run.ExitCode);
        Assert.Equal("Same", Benchmark(ReadJson(temp), baseline.FullName).GetProperty("allocation").GetProperty("verdict").GetString());
    }

    [Fact]
    public void ThreeValuesPerSideAreUnknownNeverSame()
    {
        using var temp = new TempFolder();
        var json = Compare(
            temp,
            [FakeBenchmark.Of("Read", 1000, 0.01, 3, seed: 1)],
            [FakeBenchmark.Of("Read", 2000, 0.01, 3, seed: 2)]);
        Assert.Equal("Unknown", VerdictOf(json, "Demo.ReadBenchmarks.Read"));
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("unknown").GetInt32());
    }

    [Fact]
    public void NewMissingAndFailedAreReportedAndNeverNoRegression()
    {
        using var temp = new TempFolder();
        var shared = FakeBenchmark.Of("Shared", 1000, 0.02, 15, seed: 1);
        var run = CompareRun(
            temp,
            [shared, FakeBenchmark.Of("Gone", 1000, 0.02, 15, seed: 2), FakeBenchmark.Of("Breaks", 1000, 0.02, 15, seed: 3)],
            [shared, FakeBenchmark.Of("Added", 1000, 0.02, 15, seed: 4), FakeBenchmark.FailedOne("Breaks")],
            "--fail-on-regression");
        var json = ReadJson(temp);
        Assert.Equal("New", VerdictOf(json, "Demo.ReadBenchmarks.Added"));
        Assert.Equal("Missing", VerdictOf(json, "Demo.ReadBenchmarks.Gone"));
        Assert.Equal("Failed", VerdictOf(json, "Demo.ReadBenchmarks.Breaks"));
        Assert.DoesNotContain("✅", json.RootElement.GetProperty("headline").GetString(), StringComparison.Ordinal);

        // A benchmark that now throws fails the check; New and Missing are shown but do not.
        Assert.Equal(1, run.ExitCode);
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("failing").GetInt32());
    }

    [Fact]
    public void NewAndMissingAloneAreUndecidedNotAllClear()
    {
        using var temp = new TempFolder();
        var shared = FakeBenchmark.Of("Shared", 1000, 0.02, 15, seed: 1);
        var run = CompareRun(
            temp,
            [shared, FakeBenchmark.Of("Gone", 1000, 0.02, 15, seed: 2)],
            [shared, FakeBenchmark.Of("Added", 1000, 0.02, 15, seed: 4)],
            "--fail-on-regression");

        // Nothing regressed, so the check passes, but the headline must not claim all-clear.
        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith("❔", ReadJson(temp).RootElement.GetProperty("headline").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public void FailThresholdFailsOnlyBigTimingRegressions()
    {
        using var temp = new TempFolder();
        var baseline = FakeBenchmark.Of("Small", 1000, 0.01, 15, seed: 1);
        var big = FakeBenchmark.Of("Big", 1000, 0.01, 15, seed: 2);
        var diffSmall = FakeBenchmark.Of("Small", 1100, 0.01, 15, seed: 3);
        var diffBig = FakeBenchmark.Of("Big", 1300, 0.01, 15, seed: 4);

        var onlySmall = CompareRun(temp, [baseline], [diffSmall], "--fail-threshold", "20%", "--fail-on-regression");
        Assert.Equal(0, onlySmall.ExitCode);
        Assert.Equal("Slower", VerdictOf(ReadJson(temp), baseline.FullName));

        var both = CompareRun(temp, [baseline, big], [diffSmall, diffBig], "--fail-threshold", "20%", "--fail-on-regression");
        Assert.Equal(1, both.ExitCode);
        var json = ReadJson(temp);
        Assert.False(Benchmark(json, baseline.FullName).GetProperty("timingFails").GetBoolean());
        Assert.True(Benchmark(json, big.FullName).GetProperty("timingFails").GetBoolean());
    }

    [Fact]
    public void IndicativeTimingNeverFailsButAllocationsStillDo()
    {
        using var temp = new TempFolder();
        var baseline = FakeBenchmark.Of("Read", 1000, 0.01, 15, seed: 1, allocated: 10);
        var slower = FakeBenchmark.Of("Read", 2000, 0.01, 15, seed: 2, allocated: 10);
        Assert.Equal(0, CompareRun(temp, [baseline], [slower], "--timing", "indicative", "--fail-on-regression").ExitCode);
        Assert.Contains("indicative", ReadJson(temp).RootElement.GetProperty("headline").GetString(), StringComparison.Ordinal);
        Assert.Equal(1, CompareRun(temp, [baseline], [slower with { AllocatedBytes = 11 }], "--timing", "indicative", "--fail-on-regression").ExitCode);
    }

    [Fact]
    public void WithoutFailOnRegressionARegressionExitsZero()
    {
        using var temp = new TempFolder();
        var run = CompareRun(temp, [FakeBenchmark.Of("Read", 1000, 0.01, 15, seed: 1)], [FakeBenchmark.Of("Read", 2000, 0.01, 15, seed: 2)]);
        Assert.Equal(0, run.ExitCode);
        Assert.Contains("| Slower", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void DifferentCpusAreWarnedAboutFirst()
    {
        using var temp = new TempFolder();
        var values = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1);
        BdnJson.Write(temp.Folder("base"), [values], cpu: "CPU A");
        BdnJson.Write(temp.Folder("diff"), [values], cpu: "CPU B");
        var run = ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("diff"), "--threshold", "5%", "--md", temp.File("r.md"), "--json", temp.File("r.json"));
        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith("⚠️ The two sides ran on different machines (CPU: CPU A vs CPU B)", run.Out, StringComparison.Ordinal);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.True(json.RootElement.GetProperty("environmentDiffers").GetBoolean());
    }

    [Fact]
    public void FilterSelectsByFullNameGlob()
    {
        using var temp = new TempFolder();
        var a = FakeBenchmark.Of("Alpha", 1000, 0.02, 15, seed: 1);
        var b = FakeBenchmark.Of("Beta", 1000, 0.02, 15, seed: 2);
        var json = Compare(temp, [a, b], [a, b], "--filter", "*.alpha");
        var names = json.RootElement.GetProperty("benchmarks").EnumerateArray().Select(e => e.GetProperty("fullName").GetString()).ToList();
        Assert.Equal([a.FullName], names);
    }

    [Fact]
    public void FilterMatchesTheNameWithoutParametersAsBenchmarkDotNetDoes()
    {
        // pr-report hands one --filter to BenchmarkDotNet (which matches Type.Method) and to compare: a glob that
        // ends at the method name must select the same benchmarks in both, not drop them from the comparison.
        using var temp = new TempFolder();
        var read4 = FakeBenchmark.Of("FilePipeReader", 1000, 0.02, 15, seed: 1, parameters: "BufferSize: 4096");
        var parallel = FakeBenchmark.Of("FilePipeReaderParallel", 1000, 0.02, 15, seed: 2, parameters: "BufferSize: 4096");
        var json = Compare(temp, [read4, parallel], [read4, parallel], "--filter", "*.FilePipeReader");
        var names = json.RootElement.GetProperty("benchmarks").EnumerateArray().Select(e => e.GetProperty("fullName").GetString()).ToList();
        Assert.Equal([read4.FullName], names);
    }

    internal static ComparerRun CompareRun(TempFolder temp, FakeBenchmark[] baseSide, FakeBenchmark[] diffSide, params string[] extra)
    {
        var baseFolder = Path.Combine(temp.Path, "base");
        var diffFolder = Path.Combine(temp.Path, "diff");
        BdnJson.Write(baseFolder, baseSide);
        BdnJson.Write(diffFolder, diffSide);
        return ComparerRun.Of(["compare", "--base", baseFolder, "--diff", diffFolder, "--threshold", "5%", "--json", Path.Combine(temp.Path, "report.json"), .. extra]);
    }

    private static JsonDocument Compare(TempFolder temp, FakeBenchmark[] baseSide, FakeBenchmark[] diffSide, params string[] extra)
    {
        var run = CompareRun(temp, baseSide, diffSide, extra);
        Assert.True(run.ExitCode == 0, run.Error);
        return ReadJson(temp);
    }

    private static JsonDocument ReadJson(TempFolder temp) => JsonDocument.Parse(File.ReadAllText(Path.Combine(temp.Path, "report.json")));

    internal static JsonElement Benchmark(JsonDocument json, string fullName) =>
        json.RootElement.GetProperty("benchmarks").EnumerateArray().Single(b => b.GetProperty("fullName").GetString() == fullName);

    internal static string? VerdictOf(JsonDocument json, string fullName) => Benchmark(json, fullName).GetProperty("verdict").GetString();
}
