using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

public sealed class ExportTrendTests
{
    [Fact]
    public void WritesTimeInNanosecondsAndAllocatedBytesAsSeparateFiles()
    {
        using var temp = new TempFolder();
        var read = FakeBenchmark.Of("Read", 1500, 0.02, 15, seed: 1, allocated: 96);
        var search = FakeBenchmark.Of("Search", 2_500_000, 0.02, 15, seed: 2, allocated: 4096, type: "Demo.LineSearchBenchmarks");
        var noMemory = FakeBenchmark.Of("NoDiagnoser", 10, 0.02, 15, seed: 3, allocated: null);
        BdnJson.Write(temp.Folder("results"), [read, noMemory]);
        BdnJson.Write(temp.Folder("results"), [search], fileStem: "Demo.LineSearchBenchmarks");

        var run = ComparerRun.Of("export-trend", "--results", temp.File("results"), "--os", "ubuntu-latest", "--out-dir", temp.File("trend"));
        Assert.True(run.ExitCode == 0, run.Error);

        using var time = JsonDocument.Parse(File.ReadAllText(temp.File("trend", "time.json")));
        var entries = time.RootElement.EnumerateArray().ToList();
        Assert.Equal(new[] { noMemory.FullName, read.FullName, search.FullName }.Order(StringComparer.Ordinal), entries.Select(e => e.GetProperty("name").GetString()));
        Assert.All(entries, e => Assert.Equal("ns", e.GetProperty("unit").GetString()));
        var searchEntry = entries.Single(e => e.GetProperty("name").GetString() == search.FullName);
        Assert.Equal(search.Launches[0].Average(), searchEntry.GetProperty("value").GetDouble(), 6);
        Assert.StartsWith("± ", searchEntry.GetProperty("range").GetString(), StringComparison.Ordinal);
        Assert.Contains("iterations: 15", searchEntry.GetProperty("extra").GetString(), StringComparison.Ordinal);
        Assert.Contains("median: ", searchEntry.GetProperty("extra").GetString(), StringComparison.Ordinal);

        using var allocated = JsonDocument.Parse(File.ReadAllText(temp.File("trend", "allocated.json")));
        var bytes = allocated.RootElement.EnumerateArray().ToDictionary(e => e.GetProperty("name").GetString()!, e => e);
        Assert.Equal(2, bytes.Count);
        Assert.Equal(96, bytes[read.FullName].GetProperty("value").GetDouble());
        Assert.Equal("B", bytes[read.FullName].GetProperty("unit").GetString());
    }

    [Fact]
    public void EachEntryNamesTheJobItRanWithAndTheTimeIsBenchmarkDotNetsMean()
    {
        using var temp = new TempFolder();
        var plain = FakeBenchmark.Of("Read", 1500, 0.02, 15, seed: 1, allocated: 96);
        var withParameters = FakeBenchmark.Of("Sum", 2000, 0.02, 15, seed: 2, allocated: 8, parameters: "Size: 4");
        var noJob = FakeBenchmark.Of("Other", 3000, 0.02, 15, seed: 3, allocated: 16);
        var file = BdnJson.Write(temp.Folder("results"), [plain, withParameters, noJob]);
        var export = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(file))!;
        export["Benchmarks"]![0]!["Statistics"]!["Mean"] = 1234.5;
        export["Benchmarks"]![2]!["DisplayInfo"] = "Other";
        File.WriteAllText(file, export.ToJsonString());

        var run = ComparerRun.Of("export-trend", "--results", temp.File("results"), "--os", "ubuntu-latest", "--out-dir", temp.File("trend"));

        Assert.True(run.ExitCode == 0, run.Error);
        using var time = JsonDocument.Parse(File.ReadAllText(temp.File("trend", "time.json")));
        var entries = time.RootElement.EnumerateArray().ToDictionary(e => e.GetProperty("name").GetString()!, e => e);
        const string Job = "job: ShortRun(IterationCount=15, LaunchCount=1, WarmupCount=3)";
        Assert.Equal(Job, entries[plain.FullName].GetProperty("extra").GetString()!.Split('\n')[^1]);
        Assert.Equal(Job, entries[withParameters.FullName].GetProperty("extra").GetString()!.Split('\n')[^1]);
        Assert.DoesNotContain("job:", entries[noJob.FullName].GetProperty("extra").GetString(), StringComparison.Ordinal);
        Assert.Equal(1234.5, entries[plain.FullName].GetProperty("value").GetDouble());

        using var allocated = JsonDocument.Parse(File.ReadAllText(temp.File("trend", "allocated.json")));
        var bytes = allocated.RootElement.EnumerateArray().ToDictionary(e => e.GetProperty("name").GetString()!, e => e);
        Assert.Equal(Job, bytes[withParameters.FullName].GetProperty("extra").GetString());
        Assert.False(bytes[noJob.FullName].TryGetProperty("extra", out _));
    }

    [Fact]
    public void FailedBenchmarksAreLeftOutListedAndExitOneUnlessAllowed()
    {
        using var temp = new TempFolder();
        var ok = FakeBenchmark.Of("Read", 1500, 0.02, 15, seed: 1);
        var broken = FakeBenchmark.FailedOne("Throws");
        BdnJson.Write(temp.Folder("results"), [ok, broken]);

        var run = ComparerRun.Of("export-trend", "--results", temp.File("results"), "--os", "ubuntu-latest", "--out-dir", temp.File("trend"));
        Assert.Equal(1, run.ExitCode);
        Assert.Contains(broken.FullName, run.Error, StringComparison.Ordinal);
        using var time = JsonDocument.Parse(File.ReadAllText(temp.File("trend", "time.json")));
        Assert.Equal([ok.FullName], time.RootElement.EnumerateArray().Select(e => e.GetProperty("name").GetString()));

        var allowed = ComparerRun.Of("export-trend", "--results", temp.File("results"), "--os", "ubuntu-latest", "--out-dir", temp.File("trend"), "--allow-failed");
        Assert.Equal(0, allowed.ExitCode);
        Assert.Contains(broken.FullName, allowed.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void MissingResultsAreBadInput()
    {
        using var temp = new TempFolder();
        var missing = Path.Combine(temp.Path, "none");
        ComparerRun.Of("export-trend", "--results", missing, "--os", "ubuntu-latest", "--out-dir", temp.File("trend")).AssertBadInput($"{missing}: no such file or folder");
    }

    [Fact]
    public void ABaselineStoreIsNotResultsAndNothingIsWritten()
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        temp.Folder("baselines", "windows-latest");
        BdnJson.Write(temp.Folder("run"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        var update = ComparerRun.Of("baseline", "update", "--results", temp.File("run"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines"));
        Assert.True(update.ExitCode == 0, update.Error);

        ComparerRun.Of("export-trend", "--results", temp.File("baselines", "ubuntu-latest"), "--os", "ubuntu-latest", "--out-dir", temp.File("trend"))
            .AssertBadInput("export-trend reads BenchmarkDotNet results, not a baseline store");
        Assert.False(Directory.Exists(temp.File("trend")));
    }
}
