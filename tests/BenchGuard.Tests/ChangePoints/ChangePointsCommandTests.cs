using System.Globalization;
using System.Text;
using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.ChangePoints;

/// <summary><c>change-points</c> run as a program on a github-action-benchmark data.js written the way the action writes it.</summary>
public sealed class ChangePointsCommandTests : IDisposable
{
    private readonly TempFolder folder = new();

    public void Dispose() => this.folder.Dispose();

    [Fact]
    public void ItPrintsTheStepOfEachSeriesThatHasOne()
    {
        var data = this.DataJs();

        var run = ComparerRun.Of("change-points", "--data", data);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal("", run.Error);
        Assert.Contains("FilePipes time (ubuntu-latest) / Reading.Inline [ns]: 1 step(s) in 60 points", run.Out, StringComparison.Ordinal);
        Assert.Contains("  at c0040000 (2026-", run.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("Reading.Flat", run.Out, StringComparison.Ordinal);
        Assert.Matches(@"\n  at c0040000 \(2026-[0-9T:-]+Z\): [0-9,.]+ -> 1,2[0-9]{2}, ratio x1\.2[0-9]* \(1\.[0-9]+–1\.[0-9]+\), [0-9]+ points before, [0-9]+ after\n", run.Out);
        Assert.EndsWith("2 series, 1 step(s)\n", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void JsonHoldsEverySeriesWithItsSteps()
    {
        var run = ComparerRun.Of("change-points", "--data", this.DataJs(), "--json");

        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(run.Out);
        var series = json.RootElement.EnumerateArray().ToList();
        Assert.Equal(2, series.Count);
        var inline = series.Single(s => s.GetProperty("name").GetString() == "Reading.Inline");
        var step = Assert.Single(inline.GetProperty("steps").EnumerateArray().ToList());
        Assert.InRange(step.GetProperty("index").GetInt32(), 38, 42);
        Assert.InRange(step.GetProperty("ratio").GetDouble(), 1.2, 1.3);
        Assert.True(step.GetProperty("lower").GetDouble() > 1);
        Assert.Equal(60, step.GetProperty("pointsBefore").GetInt32() + step.GetProperty("pointsAfter").GetInt32());
        Assert.Empty(series.Single(s => s.GetProperty("name").GetString() == "Reading.Flat").GetProperty("steps").EnumerateArray());
    }

    [Fact]
    public void MarkdownIsOneRowPerStep()
    {
        var run = ComparerRun.Of("change-points", "--data", this.DataJs(), "--md");

        Assert.True(run.ExitCode == 0, run.Error);
        var rows = run.Out.Split('\n').Where(l => l.StartsWith("| FilePipes", StringComparison.Ordinal)).ToList();
        Assert.Contains("| Reading.Inline | ns | `c0040000` |", Assert.Single(rows), StringComparison.Ordinal);
    }

    [Fact]
    public void BadInputIsOneLineAndExitTwo()
    {
        var notData = this.folder.File("plain.json");
        File.WriteAllText(notData, "{\"entries\": {}}");
        var broken = this.folder.File("broken.js");
        File.WriteAllText(broken, "window.BENCHMARK_DATA = {\"entries\": ");
        var noValue = this.folder.File("novalue.js");
        File.WriteAllText(noValue, "window.BENCHMARK_DATA = {\"entries\": {\"s\": [{\"commit\": {\"id\": \"a\"}, \"benches\": [{\"name\": \"x\", \"unit\": \"ns\"}]}]}}");

        ComparerRun.Of("change-points").AssertBadInput("change-points: option --data is required");
        ComparerRun.Of("change-points", "--data", notData).AssertBadInput("not a github-action-benchmark data.js");
        ComparerRun.Of("change-points", "--data", broken).AssertBadInput("data.js does not hold JSON");
        ComparerRun.Of("change-points", "--data", noValue).AssertBadInput("no value");
        ComparerRun.Of("change-points", "--data", this.folder.File("missing.js")).AssertBadInput("missing.js");
        ComparerRun.Of("change-points", "--data", this.DataJs(), "--json", "--md").AssertBadInput("give --json or --md, not both");
        ComparerRun.Of("change-points", "evaluate").AssertBadInput("change-points evaluate: option --trends is required");
        ComparerRun.Of("change-points", "evaluate", "--trends", this.folder.Path).AssertBadInput("no summary.csv");
        ComparerRun.Of("change-points", "evaluate", "--trends", this.folder.File("nowhere")).AssertBadInput("no such folder");
        ComparerRun.Of("change-points", "evaluate", "--trends", this.folder.Path, "--placements", "0").AssertBadInput("--placements must be a number in [1, 100]");
    }

    [Fact]
    public void HelpNamesTheOptionsAndTheSubCommands()
    {
        var run = ComparerRun.Of("change-points", "--help");

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("benchguard change-points [command] [options]", run.Out, StringComparison.Ordinal);
        Assert.Contains("--data <FILE>", run.Out, StringComparison.Ordinal);
        Assert.Contains("check-plan", run.Out, StringComparison.Ordinal);
        Assert.Contains("settle", run.Out, StringComparison.Ordinal);
        Assert.Contains("evaluate", run.Out, StringComparison.Ordinal);
    }

    // Two series in one suite, 60 runs: Reading.Inline steps up 25% at run 40, Reading.Flat stays.
    private string DataJs()
    {
        var inline = StepFinderTests.Noisy(60, 0.02, seed: 7, level: i => i < 40 ? 1000 : 1250);
        var flat = StepFinderTests.Noisy(60, 0.02, seed: 8, level: _ => 2000);
        var runs = Enumerable.Range(0, 60).Select(i => string.Create(CultureInfo.InvariantCulture,
            $"{{\"commit\": {{\"id\": \"c{i:D4}000\"}}, \"date\": {1_790_000_000_000L + (i * 3_600_000L)}, \"tool\": \"customSmallerIsBetter\", \"benches\": [{{\"name\": \"Reading.Inline\", \"value\": {inline[i]:R}, \"unit\": \"ns\"}}, {{\"name\": \"Reading.Flat\", \"value\": {flat[i]:R}, \"unit\": \"ns\"}}]}}"));
        var path = this.folder.File("data.js");
        File.WriteAllText(path, $"window.BENCHMARK_DATA = {{\"lastUpdate\": 1, \"entries\": {{\"FilePipes time (ubuntu-latest)\": [{string.Join(",\n", runs)}]}}}}\n", new UTF8Encoding(false));
        return path;
    }
}
