using System.Globalization;
using System.Text;
using System.Text.Json.Nodes;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.ChangePoints;

/// <summary>
/// <c>change-points --summary</c> run as a program, run after run as main's trend grows: the summary's steps, their
/// identity, their confirmation carried over, and the steps the newer history withdraws.
/// </summary>
public sealed class ChangePointSummaryTests : IDisposable
{
    private const string Suite = "FilePipes time (ubuntu-latest)";
    private readonly TempFolder folder = new();

    public void Dispose() => this.folder.Dispose();

    [Fact]
    public void TheFirstSummaryHoldsEachStepAndEachSeriesNewestPoint()
    {
        var data = this.DataJs("a.js", 60, i => i < 40 ? 1000 : 1250);
        var summary = this.folder.File("steps.json");

        var run = ComparerRun.Of("change-points", "--data", data, "--summary", summary);

        Assert.True(run.ExitCode == 0, run.Error);
        var json = Read(summary);
        Assert.Equal(1, json["schema"]!.GetValue<int>());
        Assert.StartsWith("BenchGuard ", json["tool"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.Equal(5, json["policy"]!["minSegment"]!.GetValue<int>());
        Assert.Equal("https://github.com/example/FilePipes", json["repoUrl"]!.GetValue<string>());
        var inline = json["series"]!.AsArray().Single(s => s!["benchmark"]!.GetValue<string>() == "Reading.Inline")!;
        Assert.Equal("ubuntu-latest", inline["os"]!.GetValue<string>());
        Assert.Equal("time", inline["metric"]!.GetValue<string>());
        Assert.Equal(60, inline["points"]!.GetValue<int>());
        Assert.Equal(Commit(59), inline["latest"]!["commit"]!.GetValue<string>());
        Assert.InRange(inline["latest"]!["value"]!.GetValue<double>(), 1100, 1400);
        var step = Assert.Single(json["steps"]!.AsArray())!;
        Assert.Equal("Reading.Inline", step["benchmark"]!.GetValue<string>());
        Assert.Equal("regression", step["kind"]!.GetValue<string>());
        Assert.Equal("active", step["state"]!.GetValue<string>());
        Assert.Equal("unconfirmed", step["confirmation"]!.GetValue<string>());
        Assert.Equal(Commit(40), step["commit"]!.GetValue<string>());
        // The A/B's base: the point before the step, which one push of several commits would not make the parent.
        Assert.Equal(Commit(39), step["base"]!.GetValue<string>());
        Assert.StartsWith("2026-", step["date"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.InRange(step["ratio"]!.GetValue<double>(), 1.2, 1.3);
        Assert.True(step["lower"]!.GetValue<double>() > 1);
        Assert.Equal(60, step["pointsBefore"]!.GetValue<int>() + step["pointsAfter"]!.GetValue<int>());
        Assert.Equal(Commit(59), step["firstSeen"]!["commit"]!.GetValue<string>());
        Assert.Null(step["withdrawn"]);
        Assert.Matches("^[0-9a-f]{12}$", step["id"]!.GetValue<string>());
    }

    [Fact]
    public void AStepFoundAgainKeepsItsIdentityAndItsConfirmation()
    {
        var first = this.folder.File("first.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 40 ? 1000 : 1250), "--summary", first).ExitCode);
        // The A/B's word, written into the summary as the confirmation will write it.
        var confirmed = this.Edited(first, "confirmed.json", j => j["steps"]![0]!["confirmation"] = "confirmed");
        var second = this.folder.File("second.json");

        var run = ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 80, i => i < 40 ? 1000 : 1250), "--summary", second, "--previous", confirmed);

        Assert.True(run.ExitCode == 0, run.Error);
        var before = Assert.Single(Read(confirmed)["steps"]!.AsArray())!;
        var after = Assert.Single(Read(second)["steps"]!.AsArray())!;
        Assert.Equal(before["id"]!.GetValue<string>(), after["id"]!.GetValue<string>());
        Assert.Equal("confirmed", after["confirmation"]!.GetValue<string>());
        Assert.Equal(Commit(59), after["firstSeen"]!["commit"]!.GetValue<string>());
        Assert.Equal(80, after["pointsBefore"]!.GetValue<int>() + after["pointsAfter"]!.GetValue<int>());
        Assert.Equal("active", after["state"]!.GetValue<string>());
    }

    [Fact]
    public void AStepTheNewerHistoryNoLongerSupportsIsWithdrawnAndStaysListed()
    {
        var first = this.folder.File("first.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 40 ? 1000 : 1250), "--summary", first).ExitCode);
        var second = this.folder.File("second.json");
        // The same commits, remeasured flat: the history no longer holds the step.
        var flat = this.DataJs("flat.js", 70, _ => 1000);

        var run = ComparerRun.Of("change-points", "--data", flat, "--summary", second, "--previous", first);

        Assert.True(run.ExitCode == 0, run.Error);
        var id = Read(first)["steps"]![0]!["id"]!.GetValue<string>();
        var withdrawn = Assert.Single(Read(second)["steps"]!.AsArray())!;
        Assert.Equal(id, withdrawn["id"]!.GetValue<string>());
        Assert.Equal("withdrawn", withdrawn["state"]!.GetValue<string>());
        Assert.Equal(Commit(69), withdrawn["withdrawn"]!["commit"]!.GetValue<string>());
        Assert.Equal(Commit(40), withdrawn["commit"]!.GetValue<string>());

        // Withdrawn once, it keeps the point it was withdrawn at.
        var third = this.folder.File("third.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("flat2.js", 75, _ => 1000), "--summary", third, "--previous", second).ExitCode);
        var still = Assert.Single(Read(third)["steps"]!.AsArray())!;
        Assert.Equal("withdrawn", still["state"]!.GetValue<string>());
        Assert.Equal(Commit(69), still["withdrawn"]!["commit"]!.GetValue<string>());
    }

    [Fact]
    public void AStepThatMovedIsTheSameStepButNoLongerConfirmed()
    {
        var first = this.folder.File("first.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 40 ? 1000 : 1250), "--summary", first).ExitCode);
        var checkedOnce = this.Edited(first, "checked.json", j => j["steps"]![0]!["confirmation"] = "not-confirmed");
        var second = this.folder.File("second.json");

        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 80, i => i < 42 ? 1000 : 1250), "--summary", second, "--previous", checkedOnce).ExitCode);

        var moved = Assert.Single(Read(second)["steps"]!.AsArray())!;
        Assert.Equal(Read(checkedOnce)["steps"]![0]!["id"]!.GetValue<string>(), moved["id"]!.GetValue<string>());
        Assert.Equal(Commit(42), moved["commit"]!.GetValue<string>());
        Assert.Equal("unconfirmed", moved["confirmation"]!.GetValue<string>());
    }

    [Fact]
    public void AStepFarFromThePreviousOneIsANewStepAndTheOldOneIsWithdrawn()
    {
        var first = this.folder.File("first.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 30 ? 1000 : 1250), "--summary", first).ExitCode);
        var second = this.folder.File("second.json");

        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 80, i => i < 50 ? 1000 : 1250), "--summary", second, "--previous", first).ExitCode);

        var steps = Read(second)["steps"]!.AsArray();
        Assert.Equal(2, steps.Count);
        Assert.Equal(["withdrawn", "active"], steps.Select(s => s!["state"]!.GetValue<string>()));
        Assert.NotEqual(steps[0]!["id"]!.GetValue<string>(), steps[1]!["id"]!.GetValue<string>());
    }

    [Fact]
    public void AStepWhoseCommitLeftTheHistoryIsDropped()
    {
        var first = this.folder.File("first.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 40 ? 1000 : 1250), "--summary", first).ExitCode);
        var second = this.folder.File("second.json");
        // The action keeps the newest points only: here the history now starts after the step.
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 60, _ => 1250, start: 45), "--summary", second, "--previous", first).ExitCode);

        Assert.Empty(Read(second)["steps"]!.AsArray());
    }

    [Fact]
    public void AConfirmedRegressionStaysListedAfterItsCommitLeftTheHistoryUntilALaterImprovementUndoesIt()
    {
        var first = this.folder.File("first.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 40 ? 1000 : 1250), "--summary", first).ExitCode);
        var confirmed = this.Edited(first, "confirmed.json", j => j["steps"]![0]!["confirmation"] = "confirmed");
        var second = this.folder.File("second.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 60, _ => 1250, start: 45), "--summary", second, "--previous", confirmed).ExitCode);

        var kept = Assert.Single(Read(second)["steps"]!.AsArray())!;
        Assert.Equal(Read(confirmed)["steps"]![0]!["id"]!.GetValue<string>(), kept["id"]!.GetValue<string>());
        Assert.Equal("active", kept["state"]!.GetValue<string>());
        Assert.Equal("confirmed", kept["confirmation"]!.GetValue<string>());

        // Half-way back does not undo it; back to the level before the step does.
        var partly = this.folder.File("partly.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("c.js", 60, i => i < 80 ? 1250 : 1125, start: 45), "--summary", partly, "--previous", second).ExitCode);
        Assert.Equal("active", Read(partly)["steps"]!.AsArray().Single(s => s!["id"]!.GetValue<string>() == kept["id"]!.GetValue<string>())!["state"]!.GetValue<string>());
        var third = this.folder.File("third.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("d.js", 60, i => i < 80 ? 1250 : 1000, start: 45), "--summary", third, "--previous", second).ExitCode);
        var steps = Read(third)["steps"]!.AsArray();
        Assert.Equal("withdrawn", steps.Single(s => s!["id"]!.GetValue<string>() == kept["id"]!.GetValue<string>())!["state"]!.GetValue<string>());
        Assert.Contains(steps, s => s!["kind"]!.GetValue<string>() == "improvement");
    }

    [Fact]
    public void AFasterTimeOrAHigherThroughputIsAnImprovement()
    {
        var faster = this.folder.File("faster.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, i => i < 40 ? 1250 : 1000), "--summary", faster).ExitCode);
        var more = this.folder.File("more.json");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 60, i => i < 40 ? 1000 : 1250, tool: "customBiggerIsBetter"), "--summary", more).ExitCode);

        Assert.Equal("improvement", Assert.Single(Read(faster)["steps"]!.AsArray())!["kind"]!.GetValue<string>());
        Assert.Equal("improvement", Assert.Single(Read(more)["steps"]!.AsArray())!["kind"]!.GetValue<string>());
    }

    [Fact]
    public void TheTrendPagesSampleSummaryIsOneThisToolReads()
    {
        // The page's browser test draws this file; the tool reading it back as a previous summary keeps the two
        // sides of the format from drifting apart. Its series are not in this history, so its steps are dropped.
        var sample = Path.Combine(RepositoryRoot.Path, "src", "BenchGuard.GitHub", "site", "test", "steps-sample.json");
        var summary = this.folder.File("steps.json");

        var run = ComparerRun.Of("change-points", "--data", this.DataJs("a.js", 60, _ => 1000), "--summary", summary, "--previous", sample);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Empty(Read(summary)["steps"]!.AsArray());
    }

    [Fact]
    public void BadInputIsOneLineAndExitTwo()
    {
        var data = this.DataJs("a.js", 60, _ => 1000);
        var summary = this.folder.File("steps.json");
        var corrupt = this.folder.File("corrupt.json");
        File.WriteAllText(corrupt, "{\"schema\": 1, \"steps\": [");
        Assert.Equal(0, ComparerRun.Of("change-points", "--data", this.DataJs("b.js", 60, i => i < 40 ? 1000 : 1250), "--summary", summary).ExitCode);
        var future = this.Edited(summary, "future.json", j => j["schema"] = 2);
        var badWord = this.Edited(summary, "word.json", j => j["steps"]![0]!["confirmation"] = "maybe");
        var noId = this.Edited(summary, "noid.json", j => j["steps"]![0]!.AsObject().Remove("id"));
        var unknownKey = this.Edited(summary, "key.json", j => j["extra"] = 1);

        ComparerRun.Of("change-points", "--data", data, "--previous", summary).AssertBadInput("--previous needs --summary");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.File("x.json"), "--previous", this.folder.File("missing.json")).AssertBadInput("missing.json");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.File("x.json"), "--previous", corrupt).AssertBadInput("corrupt.json");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.File("x.json"), "--previous", future).AssertBadInput("this tool reads schema 1");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.File("x.json"), "--previous", badWord).AssertBadInput("not a change-points summary");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.File("x.json"), "--previous", noId).AssertBadInput("not a change-points summary");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.File("x.json"), "--previous", unknownKey).AssertBadInput("not a change-points summary");
        ComparerRun.Of("change-points", "--data", data, "--summary", this.folder.Path).AssertBadInput("cannot write");
        Assert.False(File.Exists(this.folder.File("x.json")), "a refused previous summary must leave no new one");
    }

    private static string Commit(int i) => string.Create(CultureInfo.InvariantCulture, $"c{i:D4}000");

    private static JsonNode Read(string path) => JsonNode.Parse(File.ReadAllText(path))!;

    private string Edited(string source, string name, Action<JsonNode> edit)
    {
        var json = Read(source);
        edit(json);
        var path = this.folder.File(name);
        File.WriteAllText(path, json.ToJsonString());
        return path;
    }

    // One suite, Reading.Inline at the given level with 2% noise, Reading.Flat flat; commits c<index>000 from `start`.
    private string DataJs(string name, int count, Func<int, double> level, int start = 0, string tool = "customSmallerIsBetter")
    {
        var inline = StepFinderTests.Noisy(start + count, 0.02, seed: 7, level: level);
        var flat = StepFinderTests.Noisy(start + count, 0.02, seed: 8, level: _ => 2000);
        var runs = Enumerable.Range(start, count).Select(i => string.Create(CultureInfo.InvariantCulture,
            $"{{\"commit\": {{\"id\": \"{Commit(i)}\"}}, \"date\": {1_790_000_000_000L + (i * 3_600_000L)}, \"tool\": \"{tool}\", \"benches\": [{{\"name\": \"Reading.Inline\", \"value\": {inline[i]:R}, \"unit\": \"ns\"}}, {{\"name\": \"Reading.Flat\", \"value\": {flat[i]:R}, \"unit\": \"ns\"}}]}}"));
        var path = this.folder.File(name);
        File.WriteAllText(path, $"window.BENCHMARK_DATA = {{\"lastUpdate\": 1, \"repoUrl\": \"https://github.com/example/FilePipes\", \"entries\": {{\"{Suite}\": [{string.Join(",\n", runs)}]}}}}\n", new UTF8Encoding(false));
        return path;
    }
}
