using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>merge, export-trend, baseline and compare --paired refuse bad input with exit 2 and one line.</summary>
public sealed class MergeBadInputTests
{
    [Fact]
    public void MergeWithoutInputsOrWithAMissingOne()
    {
        using var temp = new TempFolder();
        ComparerRun.Of("merge", "--out", temp.File("out")).AssertBadInput("--inputs is required");
        BdnJson.Write(temp.Folder("r1"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        var missing = Path.Combine(temp.Path, "r2");
        ComparerRun.Of("merge", "--inputs", temp.File("r1"), missing, "--out", temp.File("out")).AssertBadInput($"{missing}: no such file or folder");
    }

    [Theory]
    [InlineData("{\"Benchmarks\": 3}", "not a BenchmarkDotNet JSON export")]
    [InlineData("{\"Benchmarks\": [", "corrupt JSON")]
    public void MergeOfAFileThatIsNotAnExport(string content, string expected)
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("r1"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        var other = temp.File("r2", "Demo.ReadBenchmarks-report-full.json");
        File.WriteAllText(other, content);
        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out")).AssertBadInput($"{other}: {expected}");
    }

    [Fact]
    public void MergeJoinsACompressedExportWithAFullOneOfTheSameClass()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("r1"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        var full = BdnJson.Write(temp.Folder("r2"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 2)]);
        File.Move(full, temp.File("r2", "Demo.ReadBenchmarks-report-full-compressed.json"));
        var run = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out"));
        Assert.Equal(0, run.ExitCode);
        Assert.Equal(["Demo.ReadBenchmarks-report-full.json"], Directory.GetFiles(temp.File("out")).Select(Path.GetFileName));
        var merged = System.Text.Json.JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));
        var read = merged.RootElement.GetProperty("Benchmarks").EnumerateArray().Single();
        Assert.Equal(10, read.GetProperty("Statistics").GetProperty("N").GetInt32());
    }

    [Fact]
    public void MergeKeepsRoundsAlignedWhenABenchmarkIsMissingFromALaunch()
    {
        using var temp = new TempFolder();
        var a1 = FakeBenchmark.Of("A", 1000, 0.02, 5, 1);
        var b1 = FakeBenchmark.Of("B", 1000, 0.02, 5, 2);
        BdnJson.Write(temp.Folder("r1"), [a1, b1]);
        BdnJson.Write(temp.Folder("r2"), [FakeBenchmark.Of("A", 1000, 0.02, 5, 3)]);
        BdnJson.Write(temp.Folder("r3"), [FakeBenchmark.Of("A", 1000, 0.02, 5, 4), FakeBenchmark.Of("B", 1000, 0.02, 5, 5)]);
        var run = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), temp.File("r3"), "--out", temp.File("out"));
        Assert.Equal(0, run.ExitCode);
        Assert.Equal($"merge: {b1.FullName} is missing from launch 2; kept with 2 of 3 launches", run.Error.Trim());
        var merged = System.Text.Json.JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));
        var b = merged.RootElement.GetProperty("Benchmarks").EnumerateArray().Single(x => x.GetProperty("FullName").GetString() == b1.FullName);
        Assert.Equal(10, b.GetProperty("Statistics").GetProperty("N").GetInt32());
        Assert.Equal([1, 3], b.GetProperty("Measurements").EnumerateArray().Select(m => m.GetProperty("LaunchIndex").GetInt32()).Distinct());
    }

    [Fact]
    public void PairedAgainstAStoredBaselineIsRefused()
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        BdnJson.Write(temp.Folder("head"), [FakeBenchmark.Of("A", 1000, 0.02, 5, 1)]);
        ComparerRun.Of("compare", "--base", temp.File("baselines", "ubuntu-latest"), "--diff", temp.File("head"), "--threshold", "5%", "--paired")
            .AssertBadInput("--paired needs A/B results merged from rounds");
    }

    [Fact]
    public void BaselineWithoutASubcommand()
    {
        ComparerRun.Of("baseline").AssertBadInput("error: Required command was not provided. (see benchguard baseline --help)");
        ComparerRun.Of("baseline", "delete").AssertBadInput("error: Unrecognized command or argument 'delete'. (see benchguard baseline --help)");
    }
}
