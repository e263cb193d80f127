using System.Text.Json;
using System.Text.Json.Nodes;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// Exports a merge meets that BenchmarkDotNet writes less often: a title that is not text, a launch with an empty
/// list of values or no statistics at all, fields the merge does not know (copied as they were), and a launch
/// without measurements or memory figures.
/// </summary>
public sealed class MergedExportEdgeTests
{
    [Fact]
    public void ATitleThatIsNotTextIsReplacedByTheMergesOwn()
    {
        using var temp = new TempFolder();
        Write(temp, export => export["Title"] = 5);

        using var merged = Merge(temp);
        Assert.Equal("-merged-2-launches", merged.RootElement.GetProperty("Title").GetString());
    }

    [Fact]
    public void ALaunchWithAnEmptyListOfValuesHasNoMeasurementsAndTheOthersMake()
    {
        using var temp = new TempFolder();
        Write(temp, export => Benchmark(export)["Statistics"]!["OriginalValues"] = new JsonArray());

        var run = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out"));
        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains("has no measurements in launch 1", run.Error, StringComparison.Ordinal);
        using var merged = Read(temp);
        Assert.Equal(5, Single(merged).GetProperty("Statistics").GetProperty("N").GetInt32());
    }

    [Fact]
    public void AFirstLaunchWithoutStatisticsStillGetsTheMergedOnes()
    {
        using var temp = new TempFolder();
        Write(temp, export => Benchmark(export).Remove("Statistics"));

        using var merged = Merge(temp);
        var statistics = Single(merged).GetProperty("Statistics");
        Assert.Equal(5, statistics.GetProperty("N").GetInt32());
        Assert.Equal(5, statistics.GetProperty("OriginalValues").GetArrayLength());
    }

    [Fact]
    public void FieldsTheMergeDoesNotKnowAreCopiedAsTheyWere()
    {
        using var temp = new TempFolder();
        Write(temp, export =>
        {
            Benchmark(export)["Extra"] = new JsonObject { ["A"] = 1 };
            Benchmark(export)["Memory"]!["Extra"] = 7;
        });

        using var merged = Merge(temp);
        var benchmark = Single(merged);
        Assert.Equal("{\"A\":1}", JsonNode.Parse(benchmark.GetProperty("Extra").GetRawText())!.ToJsonString());
        Assert.Equal(7, benchmark.GetProperty("Memory").GetProperty("Extra").GetInt32());
        Assert.Equal(0, benchmark.GetProperty("Memory").GetProperty("BytesAllocatedPerOperation").GetInt64());
    }

    [Fact]
    public void ALaunchWithoutMeasurementsOrMemoryFiguresAddsNone()
    {
        using var temp = new TempFolder();
        Write(temp, export =>
        {
            Benchmark(export).Remove("Measurements");
            Benchmark(export)["Memory"] = null;
        }, editFirst: false);

        using var merged = Merge(temp);
        var benchmark = Single(merged);
        var launches = benchmark.GetProperty("Measurements").EnumerateArray().Select(m => m.GetProperty("LaunchIndex").GetInt32()).ToList();
        Assert.Equal(Enumerable.Repeat(1, 10), launches);
        Assert.Equal(0, benchmark.GetProperty("Memory").GetProperty("BytesAllocatedPerOperation").GetInt64());
        Assert.Equal(5 * 1024, benchmark.GetProperty("Memory").GetProperty("TotalOperations").GetInt64());
    }

    // Two launches of one benchmark; edit changes the first (or the second) launch's export.
    private static void Write(TempFolder temp, Action<JsonNode> edit, bool editFirst = true)
    {
        foreach (var round in new[] { "r1", "r2" })
        {
            var path = BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length)]);
            if ((round == "r1") == editFirst)
            {
                var export = JsonNode.Parse(File.ReadAllText(path))!;
                edit(export);
                File.WriteAllText(path, export.ToJsonString());
            }
        }
    }

    private static JsonObject Benchmark(JsonNode export) => export["Benchmarks"]![0]!.AsObject();

    private static JsonDocument Merge(TempFolder temp)
    {
        var run = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out"));
        Assert.True(run.ExitCode == 0, run.Error);
        return Read(temp);
    }

    private static JsonDocument Read(TempFolder temp) => JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));

    private static JsonElement Single(JsonDocument merged) => merged.RootElement.GetProperty("Benchmarks").EnumerateArray().Single();
}
