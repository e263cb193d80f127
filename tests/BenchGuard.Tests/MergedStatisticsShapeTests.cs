using System.Text.Json;
using System.Text.Json.Nodes;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// The merge writes its statistics under the first export's keys: a key BenchmarkDotNet's <c>Statistics</c> does not
/// have, or a plain value where it has an object, is an export the merge cannot reproduce (bad input, exit 2), and a
/// statistic that is not a finite number is written as null, never as text JSON readers refuse.
/// </summary>
public sealed class MergedStatisticsShapeTests
{
    [Fact]
    public void AStatisticBenchmarkDotNetDoesNotHaveIsBadInput()
    {
        using var temp = new TempFolder();
        var first = WriteRounds(temp, statistics => statistics["Bogus"] = 1);

        Merge(temp).AssertBadInput($"{first}: Statistics.Bogus is not one of BenchmarkDotNet's statistics");
        Assert.False(Directory.Exists(Path.Combine(temp.Path, "out")));
    }

    [Fact]
    public void APlainValueWhereBenchmarkDotNetWritesAnObjectIsBadInput()
    {
        using var temp = new TempFolder();
        var first = WriteRounds(temp, statistics => statistics["Percentiles"] = 5);

        Merge(temp).AssertBadInput($"{first}: merge cannot write a Statistics value of PercentileValues");
    }

    [Fact]
    public void AStatisticThatIsNotAFiniteNumberIsWrittenAsNull()
    {
        // Every value the same: the skewness divides by a standard deviation of zero.
        using var temp = new TempFolder();
        WriteRounds(temp, statistics => statistics["Skewness"] = 0, constant: true);

        var run = Merge(temp);
        Assert.True(run.ExitCode == 0, run.Error);

        using var merged = JsonDocument.Parse(File.ReadAllText(temp.File("out", "Demo.ReadBenchmarks-report-full.json")));
        var statistics = merged.RootElement.GetProperty("Benchmarks")[0].GetProperty("Statistics");
        Assert.Equal(JsonValueKind.Null, statistics.GetProperty("Skewness").ValueKind);
        Assert.Equal(0.0, statistics.GetProperty("StandardDeviation").GetDouble());
        Assert.Equal(10, statistics.GetProperty("N").GetInt32());
    }

    // Two rounds of one benchmark; the first round's Statistics object is changed by edit. Returns the first file.
    private static string WriteRounds(TempFolder temp, Action<JsonObject> edit, bool constant = false)
    {
        string? first = null;
        foreach (var round in new[] { "r1", "r2" })
        {
            var benchmark = constant
                ? new FakeBenchmark("Demo.ReadBenchmarks", "Read", string.Empty, [[500.0, 500.0, 500.0, 500.0, 500.0]], 0)
                : FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length);
            var path = BdnJson.Write(temp.Folder(round), [benchmark]);
            if (first is null)
            {
                var export = JsonNode.Parse(File.ReadAllText(path))!;
                edit(export["Benchmarks"]![0]!["Statistics"]!.AsObject());
                File.WriteAllText(path, export.ToJsonString());
                first = path;
            }
        }

        return first!;
    }

    private static ComparerRun Merge(TempFolder temp) =>
        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out"));
}
