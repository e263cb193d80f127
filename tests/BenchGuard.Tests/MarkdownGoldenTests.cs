using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>The markdown reports against reviewed golden files.</summary>
public sealed class MarkdownGoldenTests
{
    [Fact]
    public void CompareMarkdown() =>
        GoldenFile.AssertCompareWrites(
            "compare.md", GoldenSides.Base(), GoldenSides.Diff(), markdown: true,
            ["--threshold", "5%", "--title", "Benchmarks (ubuntu-latest)", "--fail-threshold", "20%"]);

    [Fact]
    public void CompareMarkdownWithTimingOff() =>
        GoldenFile.AssertCompareWrites("compare-timing-off.md", GoldenSides.Base(), GoldenSides.Diff(), markdown: true, ["--threshold", "5%", "--timing", "off"]);

    [Fact]
    public void OsReportMarkdown()
    {
        using var temp = new TempFolder();

        // A/B: merged rounds of base and head on this runner.
        var drift = new[] { 1.0, 1.2, 0.9, 1.1, 0.95, 1.05 };
        FakeBenchmark Rounds(string method, double center, double factor, int seed, long bytes) =>
            new("FilePipes.Benchmarks.ReadBenchmarks", method, "BufferSize: 4096", drift.Select((d, r) => FakeBenchmark.Samples(center * d * factor, 0.02, 5, seed + r)).ToList(), bytes);
        BdnJson.Write(temp.Folder("ab-base"), [Rounds("FilePipeReader", 50_000, 1.0, 1, 120), Rounds("FileStreamSync", 80_000, 1.0, 20, 4200)]);
        BdnJson.Write(temp.Folder("ab-head"), [Rounds("FilePipeReader", 50_000, 1.25, 40, 120), Rounds("FileStreamSync", 80_000, 1.0, 60, 4200)]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("ab-base"), "--diff", temp.File("ab-head"), "--threshold", "5%", "--paired", "--fail-threshold", "20%", "--json", temp.File("ab.json")).ExitCode);

        // Stored baseline from another machine, one benchmark allocating more now, one new.
        temp.Folder("baselines", "ubuntu-latest");
        BdnJson.Write(temp.Folder("seed"), [FakeBenchmark.Of("FilePipeReader", 52_000, 0.02, 15, 1, 100, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096"), FakeBenchmark.Of("FileStreamSync", 81_000, 0.02, 15, 2, 4200, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096")], cpu: "Baseline CPU");
        Assert.Equal(0, ComparerRun.Of("baseline", "update", "--results", temp.File("seed"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines"), "--commit", "0123456789abcdef", "--profile", "quick", "--runner", "seed-machine", "--measured-on", "runner", "--date", "2026-11-01T10:00:00Z").ExitCode);
        BdnJson.Write(temp.Folder("head"), [FakeBenchmark.Of("FilePipeReader", 60_000, 0.02, 15, 3, 120, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096"), FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 4, 4200, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096"), FakeBenchmark.Of("NewReader", 1_000, 0.02, 15, 5, 0, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096")]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", Path.Combine(temp.File("baselines"), "ubuntu-latest"), "--diff", temp.File("head"), "--threshold", "5%", "--timing", "indicative", "--json", temp.File("baseline.json")).ExitCode);

        GoldenFile.AssertProgramWrites(
            "report-ubuntu.md", 1, temp.File("os.md"),
            ["report", "--os", "ubuntu-latest", "--ab", temp.File("ab.json"), "--baseline", temp.File("baseline.json"), "--md", temp.File("os.md"), "--json", temp.File("os.json"), "--fail-on-regression"]);

        // The A/B step failed: the report says so and still shows the baseline sections.
        GoldenFile.AssertProgramWrites(
            "report-ab-failed.md", 0, temp.File("win.md"),
            ["report", "--os", "windows-latest", "--ab-error", "the base has no benchmark project", "--baseline", temp.File("baseline.json"), "--md", temp.File("win.md"), "--json", temp.File("win.json")]);
    }
}
