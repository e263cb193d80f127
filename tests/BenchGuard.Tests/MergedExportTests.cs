using System.Text.Json;
using System.Text.Json.Nodes;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// What <c>merge</c> writes besides the statistics: the export's other fields as they were, allocations that err
/// towards reporting, summed GC counters, and each measurement's launch.
/// </summary>
public sealed class MergedExportTests
{
    [Fact]
    public void DisagreeingAllocationsKeepTheLargestAndGcCountersAreSummed()
    {
        using var temp = new TempFolder();
        Write(temp, "r1", FakeBenchmark.Of("Read", 1000, 0.02, 5, 1, allocated: 100), gen0: 3);
        Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2, allocated: 120), gen0: 4);
        Write(temp, "r3", FakeBenchmark.Of("Read", 1000, 0.02, 5, 3, allocated: 100), gen0: 5);

        var run = Merge(temp, "r1", "r2", "r3");

        // The gate compares this figure: the largest, so a launch that allocated more is never hidden.
        var memory = Single(temp).GetProperty("Memory");
        Assert.Equal(120, memory.GetProperty("BytesAllocatedPerOperation").GetInt64());
        Assert.Equal(12, memory.GetProperty("Gen0Collections").GetInt64());
        Assert.Equal(0, memory.GetProperty("Gen1Collections").GetInt64());
        Assert.Equal(3 * 5 * 1024, memory.GetProperty("TotalOperations").GetInt64());
        Assert.Contains("Demo.ReadBenchmarks.Read", run.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void AnABSideKeepsTheLeastBytesSinceAnotherThreadsAllocationOnlyAddsToOneLaunch()
    {
        using var temp = new TempFolder();
        Write(temp, "r1", FakeBenchmark.Of("Read", 1000, 0.02, 5, 1, allocated: 1_412));
        Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2, allocated: 416));
        var notes = new StringWriter();

        BenchGuard.Commands.MergeCommand.Merge([temp.File("r1"), temp.File("r2")], temp.File("out"), notes, BenchGuard.Merging.MergedBytes.Least);

        Assert.Equal(416, Single(temp).GetProperty("Memory").GetProperty("BytesAllocatedPerOperation").GetInt64());
        Assert.Contains("(1412, 416); keeping 416", notes.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void AgreeingAllocationsAreKeptWithoutANote()
    {
        using var temp = new TempFolder();
        Write(temp, "r1", FakeBenchmark.Of("Read", 1000, 0.02, 5, 1, allocated: 64));
        Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2, allocated: 64));

        var run = Merge(temp, "r1", "r2");

        Assert.Equal(64, Single(temp).GetProperty("Memory").GetProperty("BytesAllocatedPerOperation").GetInt64());
        Assert.Equal(string.Empty, run.Error);
    }

    [Fact]
    public void EveryOtherFieldIsCopiedAsItWasInItsOrder()
    {
        using var temp = new TempFolder();
        var first = Write(temp, "r1", FakeBenchmark.Of("Read", 1000, 0.02, 5, 1, parameters: "Size: 4"));
        Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2, parameters: "Size: 4"));

        Merge(temp, "r1", "r2");

        var original = JsonNode.Parse(File.ReadAllText(first))!;
        using var merged = JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));
        var root = merged.RootElement;
        Assert.Equal(original.AsObject().Select(p => p.Key), root.EnumerateObject().Select(p => p.Name));
        Assert.Equal(original["HostEnvironmentInfo"]!.ToJsonString(), JsonNode.Parse(root.GetProperty("HostEnvironmentInfo").GetRawText())!.ToJsonString());
        Assert.Equal($"{original["Title"]!.GetValue<string>()}-merged-2-launches", root.GetProperty("Title").GetString());

        var originalBenchmark = original["Benchmarks"]![0]!.AsObject();
        var benchmark = root.GetProperty("Benchmarks").EnumerateArray().Single();
        Assert.Equal(originalBenchmark.Select(p => p.Key), benchmark.EnumerateObject().Select(p => p.Name));
        foreach (var key in new[] { "DisplayInfo", "Namespace", "Type", "Method", "Parameters", "FullName" })
        {
            Assert.Equal(originalBenchmark[key]!.GetValue<string>(), benchmark.GetProperty(key).GetString());
        }
    }

    [Fact]
    public void AnExportWithoutATitleGetsOne()
    {
        using var temp = new TempFolder();
        foreach (var round in new[] { "r1", "r2" })
        {
            var path = Write(temp, round, FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length));
            var export = JsonNode.Parse(File.ReadAllText(path))!.AsObject();
            export.Remove("Title");
            File.WriteAllText(path, export.ToJsonString());
        }

        Merge(temp, "r1", "r2");

        using var merged = JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));
        Assert.Equal("-merged-2-launches", merged.RootElement.GetProperty("Title").GetString());
    }

    [Fact]
    public void AMeasurementWithoutALaunchIndexGetsItsRound()
    {
        using var temp = new TempFolder();
        Write(temp, "r1", FakeBenchmark.Of("Read", 1000, 0.02, 5, 1));
        var second = Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2));
        var export = JsonNode.Parse(File.ReadAllText(second))!;
        foreach (var measurement in export["Benchmarks"]![0]!["Measurements"]!.AsArray())
        {
            measurement!.AsObject().Remove("LaunchIndex");
        }

        File.WriteAllText(second, export.ToJsonString());

        Merge(temp, "r1", "r2");

        var launches = Single(temp).GetProperty("Measurements").EnumerateArray().Select(m => m.GetProperty("LaunchIndex").GetInt32()).ToList();
        Assert.Equal(20, launches.Count);
        Assert.Equal(Enumerable.Repeat(1, 10).Concat(Enumerable.Repeat(2, 10)), launches);
    }

    [Fact]
    public void ALaunchWithoutMeasurementsAddsNoneAndAllFailedStaysFailed()
    {
        using var temp = new TempFolder();
        Write(temp, "r1", FakeBenchmark.FailedOne("Read"));
        Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2));
        Write(temp, "r3", FakeBenchmark.FailedOne("Read"));

        var run = Merge(temp, "r1", "r2", "r3");

        var statistics = Single(temp).GetProperty("Statistics");
        Assert.Equal(5, statistics.GetProperty("N").GetInt32());
        Assert.Contains("launch 1", run.Error, StringComparison.Ordinal);
        Assert.Contains("launch 3", run.Error, StringComparison.Ordinal);

        using var allFailed = new TempFolder();
        Write(allFailed, "r1", FakeBenchmark.FailedOne("Read"));
        Write(allFailed, "r2", FakeBenchmark.FailedOne("Read"));
        Merge(allFailed, "r1", "r2");
        Assert.Equal(JsonValueKind.Null, Single(allFailed).GetProperty("Statistics").ValueKind);
    }

    [Fact]
    public void TheMergeIsIndentedJsonEndingInANewline()
    {
        using var temp = new TempFolder();
        Write(temp, "r1", FakeBenchmark.Of("Read", 1000, 0.02, 5, 1));
        Write(temp, "r2", FakeBenchmark.Of("Read", 1000, 0.02, 5, 2));

        Merge(temp, "r1", "r2");

        var text = File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json"));
        Assert.StartsWith("{", text, StringComparison.Ordinal);
        Assert.EndsWith("}\n", text, StringComparison.Ordinal);
        Assert.Contains("\n  \"Benchmarks\": [", text, StringComparison.Ordinal);
    }

    [Fact]
    public void ABenchmarkMissingFromTheLastLaunchIsKeptAndSaidSo()
    {
        using var temp = new TempFolder();
        var read = FakeBenchmark.Of("Read", 1000, 0.02, 5, 1);
        var write = FakeBenchmark.Of("Write", 1000, 0.02, 5, 2);
        BdnJson.Write(temp.Folder("r1"), [read, write]);
        BdnJson.Write(temp.Folder("r2"), [read]);

        var run = Merge(temp, "r1", "r2");

        Assert.Contains($"{write.FullName} is missing from launch 2", run.Error, StringComparison.Ordinal);
        Assert.DoesNotContain($"{read.FullName} is missing", run.Error, StringComparison.Ordinal);
    }

    private static string Write(TempFolder temp, string round, FakeBenchmark benchmark, int? gen0 = null)
    {
        var path = BdnJson.Write(temp.Folder(round), [benchmark]);
        if (gen0 is { } count)
        {
            var export = JsonNode.Parse(File.ReadAllText(path))!;
            export["Benchmarks"]![0]!["Memory"]!["Gen0Collections"] = count;
            File.WriteAllText(path, export.ToJsonString());
        }

        return path;
    }

    private static ComparerRun Merge(TempFolder temp, params string[] rounds)
    {
        var run = ComparerRun.Of(["merge", "--inputs", .. rounds.Select(r => temp.File(r)), "--out", temp.File("out")]);
        Assert.True(run.ExitCode == 0, run.Error);
        return run;
    }

    private static JsonElement Single(TempFolder temp)
    {
        using var merged = JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));
        return merged.RootElement.GetProperty("Benchmarks").EnumerateArray().Single().Clone();
    }
}
