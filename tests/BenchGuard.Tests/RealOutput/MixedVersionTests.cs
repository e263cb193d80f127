using System.Text.Json;
using BenchGuard.Baselines;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.RealOutput;

/// <summary>
/// The comparer over committed exports of two BenchmarkDotNet versions. Both come from the suite itself on the
/// development machine (2 cores, Debian 12, .NET 10.0.12): <c>--profile quick --launchCount 2 --filter
/// '*FileStreamBenchmarks.Read' '*FileStreamBenchmarks.Write'</c>, once at commit 0e0a03e (BenchmarkDotNet 0.14.0)
/// and once at 0768c36 (0.15.8). A PR that upgrades BenchmarkDotNet is compared with a base on the old version.
/// </summary>
public sealed class MixedVersionTests
{
    private const string Read = "FilePipes.Benchmarks.FileStreamBenchmarks.Read(UserBufferSize: 4096, FileOptions: None, FileSize: 1MiB)";
    private const string Write = "FilePipes.Benchmarks.FileStreamBenchmarks.Write(UserBufferSize: 4096, FileOptions: None, FileSize: 1MiB)";
    private static readonly string V014 = Path.Combine(AppContext.BaseDirectory, "RealOutput", "Exports", "bdn-0.14.0");
    private static readonly string V0158 = Path.Combine(AppContext.BaseDirectory, "RealOutput", "Exports", "bdn-0.15.8");

    [Fact]
    public void ACompareAcrossVersionsSaysOnlyTheHarnessDiffers()
    {
        using var temp = new TempFolder();
        var run = ComparerRun.Of("compare", "--base", V014, "--diff", V0158, "--threshold", "5%", "--json", temp.File("r.json"), "--md", temp.File("r.md"));
        Assert.True(run.ExitCode == 0, run.Error);

        // Same machine: 0.15.8 writes its OS and runtime differently, which is not another machine.
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.Empty(json.RootElement.GetProperty("environmentDifferences").EnumerateArray());
        Assert.False(json.RootElement.GetProperty("environmentDiffers").GetBoolean());
        Assert.Equal("0.14.0 vs 0.15.8", json.RootElement.GetProperty("harnessDifference").GetString());
        Assert.Equal("0.14.0", json.RootElement.GetProperty("base").GetProperty("environment").GetProperty("benchmarkDotNetVersion").GetString());
        Assert.Equal("0.15.8", json.RootElement.GetProperty("diff").GetProperty("environment").GetProperty("benchmarkDotNetVersion").GetString());

        const string line = "The harness differs: BenchmarkDotNet 0.14.0 vs 0.15.8 (base vs diff).";
        Assert.Contains(line, run.Out, StringComparison.Ordinal);
        Assert.Contains(line, File.ReadAllText(temp.File("r.md")), StringComparison.Ordinal);
        Assert.DoesNotContain("different machines", run.Out, StringComparison.Ordinal);

        // Every benchmark of either side is compared: measurements and allocations read from both shapes.
        foreach (var name in new[] { Read, Write })
        {
            var benchmark = CompareVerdictTests.Benchmark(json, name);
            Assert.DoesNotContain(benchmark.GetProperty("verdict").GetString(), new[] { "New", "Missing", "Failed" });
            Assert.InRange(benchmark.GetProperty("baseCount").GetInt32(), 8, 10);
            Assert.InRange(benchmark.GetProperty("diffCount").GetInt32(), 8, 10);
        }

        var allocation = CompareVerdictTests.Benchmark(json, Read).GetProperty("allocation");
        Assert.Equal(232, allocation.GetProperty("baseBytes").GetInt64());
        Assert.Equal(232, allocation.GetProperty("diffBytes").GetInt64());
    }

    [Fact]
    public void APairedCompareAcrossVersionsPairsTheirLaunches()
    {
        using var temp = new TempFolder();
        var run = ComparerRun.Of("compare", "--base", V014, "--diff", V0158, "--threshold", "5%", "--paired", "--json", temp.File("r.json"));
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.Equal(2, CompareVerdictTests.Benchmark(json, Read).GetProperty("paired").GetProperty("rounds").GetInt32());
    }

    [Fact]
    public void TheRealStoredBaselineComparesWithA0158RunAsTheSameMachineAndNeverGatesAllocations()
    {
        using var temp = new TempFolder();
        var store = Path.Combine(RepositoryRoot.Path, "baselines", "ubuntu-latest");
        var run = ComparerRun.Of(
            "compare", "--base", store, "--diff", V0158, "--threshold", "5%", "--timing", "indicative", "--alloc-threshold", "0B",
            "--json", temp.File("r.json"), "--fail-on-regression");
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));

        // The store was measured on this machine under 0.14.0: only the harness differs.
        Assert.Empty(json.RootElement.GetProperty("environmentDifferences").EnumerateArray());
        Assert.Equal("0.14.0 vs 0.15.8", json.RootElement.GetProperty("harnessDifference").GetString());
        var provenance = json.RootElement.GetProperty("base").GetProperty("provenance")[0];
        Assert.Equal(MeasuredOn.DevelopmentMachine, provenance.GetProperty("measuredOn").GetString());
        Assert.Contains("measured on a development machine, not a GitHub runner", json.RootElement.GetProperty("allocationGateNote").GetString(), StringComparison.Ordinal);
        Assert.All(json.RootElement.GetProperty("benchmarks").EnumerateArray(), b => Assert.False(b.GetProperty("allocationFails").GetBoolean()));
    }

    [Fact]
    public void ExportTrendReadsBothVersions()
    {
        foreach (var export in new[] { V014, V0158 })
        {
            using var temp = new TempFolder();
            var run = ComparerRun.Of("export-trend", "--results", export, "--os", "ubuntu-latest", "--out-dir", temp.Path);
            Assert.True(run.ExitCode == 0, run.Error);
            using var time = JsonDocument.Parse(File.ReadAllText(temp.File("time.json")));
            using var allocated = JsonDocument.Parse(File.ReadAllText(temp.File("allocated.json")));
            Assert.Equal([Read, Write], time.RootElement.EnumerateArray().Select(e => e.GetProperty("name").GetString()));
            Assert.All(time.RootElement.EnumerateArray(), e => Assert.True(e.GetProperty("value").GetDouble() > 0));
            Assert.Equal(232, allocated.RootElement[0].GetProperty("value").GetDouble());
        }
    }

    [Fact]
    public void MergeJoinsLaunchesOfOneVersionAndRefusesTwoVersionsOnOneSide()
    {
        using var temp = new TempFolder();
        foreach (var export in new[] { V014, V0158 })
        {
            var same = ComparerRun.Of("merge", "--inputs", export, export, "--out", temp.File(Path.GetFileName(export)));
            Assert.True(same.ExitCode == 0, same.Error);
        }

        ComparerRun.Of("merge", "--inputs", V014, V0158, "--out", temp.File("mixed"))
            .AssertBadInput("(BenchmarkDotNet: 0.14.0 vs 0.15.8); merge refused");
    }

    [Fact]
    public void ABaselineBumpAcrossVersionsSaysSo()
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        var baselines = temp.File("baselines");

        // An entry the 0.15.8 run does not hold, then the 0.14.0 run, then the 0.15.8 run over both.
        BdnJson.Write(temp.Folder("other"), [FakeBenchmark.Of("Other", 1000, 0.02, 15, seed: 1, type: "FilePipes.Benchmarks.FileStreamBenchmarks")], cpu: "AMD EPYC");
        Assert.Equal(0, Update(temp.File("other"), "2026-11-01T00:00:00Z").ExitCode);
        Assert.Equal(0, Update(V014, "2026-11-02T00:00:00Z").ExitCode);
        var bump = Update(V0158, "2026-11-03T00:00:00Z");
        Assert.True(bump.ExitCode == 0, bump.Error);
        Assert.Contains("BenchmarkDotNet 0.15.8, profile quick", bump.Out, StringComparison.Ordinal);
        Assert.Contains("harness: 2 entries move from BenchmarkDotNet 0.14.0 to 0.15.8", bump.Out, StringComparison.Ordinal);
        Assert.Contains("harness: 1 kept entries are still from BenchmarkDotNet 0.14.0", bump.Out, StringComparison.Ordinal);

        var document = BaselineStore.Load(Path.Combine(baselines, "ubuntu-latest", "baseline.json"));
        Assert.Equal(["0.14.0", "0.15.8"], document.Runs.Select(r => r.BenchmarkDotNet).Order(StringComparer.Ordinal));
        Assert.All(document.Runs, r => Assert.Equal(MeasuredOn.Runner, r.MeasuredOn));

        ComparerRun Update(string results, string date) => ComparerRun.Of(
            "baseline", "update", "--results", results, "--os", "ubuntu-latest", "--baselines", baselines, "--profile", "quick",
            "--date", date, "--measured-on", "runner");
    }
}
