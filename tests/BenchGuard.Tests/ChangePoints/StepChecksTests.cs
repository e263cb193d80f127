using System.Text.Json;
using System.Text.Json.Nodes;
using BenchGuard.ChangePoints;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.ChangePoints;

/// <summary>
/// The A/B checks of the trend's steps: which steps a run re-measures (check-plan), and what the A/B of a step's commit
/// against its parent says of each (settle), run as the program on real comparer output.
/// </summary>
public sealed class StepChecksTests : IDisposable
{
    private const string Read = "Demo.ReadBenchmarks.Read";
    private const string Write = "Demo.ReadBenchmarks.Write(Size: 4)";
    private static readonly string Newer = new('a', 40);
    private static readonly string Older = new('b', 40);
    private static readonly string Before = new('c', 40);
    private readonly TempFolder folder = new();

    public void Dispose() => this.folder.Dispose();

    [Fact]
    public void ThePlanChecksUncheckedActiveRegressionsThatTheAbMeasuresNewestCommitFirstWithinTheBudget()
    {
        var summary = Summary(
            Step("1", "time", Read, Newer, "2026-12-02"),
            Step("2", "counted-bytes", Write, Newer, "2026-12-02"),
            Step("3", "time", Read, Older, "2026-11-30"),
            Step("4", "time", Read, Older, "2026-11-30", os: "windows-latest"),
            // Never planned: instructions are only reported, an improvement, a withdrawn step, one already checked.
            Step("5", "instructions", Read, Newer, "2026-12-02"),
            Step("6", "time", Read, Newer, "2026-12-02") with { Kind = StepKind.Improvement },
            Step("7", "time", Write, Newer, "2026-12-02") with { State = StepState.Withdrawn },
            Step("8", "allocated", Write, Older, "2026-11-30") with { Confirmation = StepConfirmation.NotConfirmed });

        var (legs, left) = StepChecks.Plan(summary, budget: 2);

        Assert.Equal(
            [
                new StepCheckLeg("ubuntu-latest", Newer, Before, "Demo.ReadBenchmarks.Read Demo.ReadBenchmarks.Write", "1 2"),
                new StepCheckLeg("ubuntu-latest", Older, Before, "Demo.ReadBenchmarks.Read", "3"),
            ],
            legs);
        Assert.Equal(1, left);
        Assert.Equal(3, StepChecks.Plan(summary, budget: 5).Legs.Count);
        Assert.Empty(StepChecks.Plan(summary, budget: 0).Legs);
    }

    [Fact]
    public void SettleConfirmsWhatTheAbFindsAndLeavesWhatItCouldNotMeasureForLater()
    {
        // The A/B of the commit: Read 1.5 times slower, Write the same; Write's counted bytes grew by 64.
        BdnJson.Write(this.folder.Folder("base"), [FakeBenchmark.Of("Read", 1000, 0.01, 15, seed: 1), FakeBenchmark.Of("Write", 1000, 0.01, 15, seed: 2, parameters: "Size: 4")]);
        BdnJson.Write(this.folder.Folder("head"), [FakeBenchmark.Of("Read", 1500, 0.01, 15, seed: 3), FakeBenchmark.Of("Write", 1000, 0.01, 15, seed: 4, parameters: "Size: 4")]);
        var leg = this.folder.Folder(Path.Combine("incoming", "leg-ubuntu"));
        Assert.Equal(0, ComparerRun.Of("compare", "--base", this.folder.File("base"), "--diff", this.folder.File("head"), "--threshold", "5%", "--json", Path.Combine(leg, "ab", "ab.json")).ExitCode);
        JsonFormat.Write(Path.Combine(leg, "counters.json"), CountersComparison.Compare(
            BenchGuard.Tests.Counters.CountersComparisonTests.File(BenchGuard.Tests.Counters.CountersComparisonTests.Case(Write, 100, 1, 0, 1000)), null, BenchGuard.Tests.Counters.CountersComparisonTests.File(BenchGuard.Tests.Counters.CountersComparisonTests.Case(Write, 164, 1, 0, 1000))));
        // As the run wrote it back: the A/B's range held three commits.
        var planned = new StepCheckLeg("ubuntu-latest", Newer, Before, "Demo.ReadBenchmarks.Read Demo.ReadBenchmarks.Write", "1 2 3 4", Commits: "3");
        File.WriteAllText(Path.Combine(leg, "leg.json"), JsonSerializer.Serialize(planned, JsonFormat.Options));
        var summaryFile = this.folder.File("steps.json");
        JsonFormat.Write(summaryFile, Summary(
            Step("1", "time", Read, Newer, "2026-12-02"),
            Step("2", "time", Write, Newer, "2026-12-02"),
            Step("3", "counted-bytes", Write, Newer, "2026-12-02"),
            // Not in the A/B's output: stays unconfirmed for a later run.
            Step("4", "read-calls", "Demo.ReadBenchmarks.Gone", Newer, "2026-12-02"),
            // Not in the leg: untouched.
            Step("5", "time", Read, Older, "2026-11-30")));

        var comments = this.folder.File("comments");
        var run = ComparerRun.Of("change-points", "settle", "--summary", summaryFile, "--incoming", this.folder.File("incoming"), "--fail-on-confirmed", "--comments", comments);

        Assert.True(run.ExitCode == 1, run.Error);
        // One comment, on the commit after the steps, naming the base the A/B measured against.
        var comment = File.ReadAllText(Assert.Single(Directory.GetFiles(comments)));
        Assert.Equal(Newer + ".md", Path.GetFileName(Directory.GetFiles(comments)[0]));
        Assert.Contains($"| ubuntu-latest | time | `{Read}` | aaaaaaaa | cccccccc | 1,000 → 1,500 ns | 1.50 |", comment, StringComparison.Ordinal);
        Assert.Contains("The A/B compared aaaaaaaa with cccccccc, the trend's point before it: 3 commits", comment, StringComparison.Ordinal);
        var steps = JsonNode.Parse(File.ReadAllText(summaryFile))!["steps"]!.AsArray().ToDictionary(s => s!["id"]!.GetValue<string>(), s => s!["confirmation"]!.GetValue<string>());
        Assert.Equal(
            new Dictionary<string, string> { ["1"] = "confirmed", ["2"] = "not-confirmed", ["3"] = "confirmed", ["4"] = "unconfirmed", ["5"] = "unconfirmed" },
            steps);
        // The confirmed ones are bisected from then on: their range is the A/B's.
        var bisect = JsonNode.Parse(File.ReadAllText(summaryFile))!["steps"]![0]!["bisect"]!;
        Assert.Equal((Before, Newer, 3), (bisect["good"]!.GetValue<string>(), bisect["bad"]!.GetValue<string>(), bisect["commits"]!.GetValue<int>()));
        Assert.Contains($"| ubuntu-latest | time | `{Read}` | aaaaaaaa | cccccccc |", run.Out, StringComparison.Ordinal);
        Assert.Contains($"| ubuntu-latest | counted-bytes | `{Write}` | aaaaaaaa |", run.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("| time | `Demo.ReadBenchmarks.Write", run.Out, StringComparison.Ordinal);

        // Settled once, a step is not checked again; with nothing confirmed the run passes.
        var again = ComparerRun.Of("change-points", "settle", "--summary", summaryFile, "--incoming", this.folder.File("incoming"), "--fail-on-confirmed");
        Assert.True(again.ExitCode == 0, again.Error);
        Assert.Equal(string.Empty, again.Out);
    }

    [Fact]
    public void ThePlanIsAMatrixAndBadInputIsOneLine()
    {
        var summaryFile = this.folder.File("steps.json");
        JsonFormat.Write(summaryFile, Summary(Step("1", "time", Read, Newer, "2026-12-02"), Step("3", "time", Read, Older, "2026-11-30")));

        var run = ComparerRun.Of("change-points", "check-plan", "--summary", summaryFile, "--budget", "1");

        Assert.True(run.ExitCode == 0, run.Error);
        var matrix = JsonNode.Parse(run.Out)!.AsArray();
        var entry = Assert.Single(matrix)!.AsObject();
        Assert.Equal(Newer, entry["commit"]!.GetValue<string>());
        Assert.Equal(Before, entry["base"]!.GetValue<string>());
        // A workflow passes a matrix value on as text: every value is one.
        Assert.All(entry, pair => Assert.Equal(System.Text.Json.JsonValueKind.String, pair.Value!.GetValueKind()));
        Assert.Single(run.Out.Trim().Split('\n'));
        Assert.Contains("1 more commit(s) with unchecked steps wait for a later run", run.Error, StringComparison.Ordinal);

        var missing = ComparerRun.Of("change-points", "settle", "--summary", summaryFile, "--incoming", this.folder.File("nowhere"));
        Assert.Equal(2, missing.ExitCode);
        Assert.Single(missing.Error.Trim().Split('\n'));
        Assert.Equal(2, ComparerRun.Of("change-points", "check-plan", "--summary", summaryFile, "--budget", "-1").ExitCode);
    }

    [Fact]
    public void AStepFromASummaryThatDidNotKeepTheBaseIsCheckedAgainstTheParent()
    {
        var (legs, _) = StepChecks.Plan(Summary(Step("1", "time", Read, Newer, "2026-12-02") with { Base = null }), budget: 2);

        Assert.Equal(string.Empty, Assert.Single(legs).Base);
        Assert.Empty(StepChecks.CommitComments([Step("1", "time", Read, Newer, "2026-12-02") with { Base = null }], [])[Newer].Split("The A/B compared")[1..]);
    }

    [Fact]
    public void AConfirmedStepsRangeIsHalvedRunByRunUntilOneCommitIsLeftAndThatCommitGetsTheComment()
    {
        var probe = new string('d', 40);
        var summaryFile = this.folder.File("steps.json");
        JsonFormat.Write(summaryFile, Summary(
            Step("1", "time", Read, Newer, "2026-12-02") with { Confirmation = StepConfirmation.Confirmed, Bisect = new BisectRange(Before, Newer, 4) },
            // Confirmed on one commit: nothing to bisect.
            Step("2", "time", Read, Older, "2026-11-30") with { Confirmation = StepConfirmation.Confirmed, Bisect = new BisectRange(Before, Older, 1) }));

        var leg = Assert.Single(StepChecks.Plan(JsonSerializer.Deserialize<StepSummary>(File.ReadAllText(summaryFile), JsonFormat.Options)!, budget: 2).Legs);

        Assert.Equal(new StepCheckLeg("ubuntu-latest", Newer, Before, Read, "1", StepCheckLeg.Bisect), leg);

        // The probe, two commits after the good end, is slower: the regression is in those two.
        this.AbOf("first", readSlower: true, leg with { Probe = probe, Commits = "4", ProbeCommits = "2" });
        Assert.True(ComparerRun.Of("change-points", "settle", "--summary", summaryFile, "--incoming", this.folder.File("first"), "--fail-on-confirmed").ExitCode == 0);
        Assert.Equal((Before, probe, 2), this.RangeOf(summaryFile));

        // The next probe, one commit after the good end, is not: the regression came with the commit after it, the bad end.
        var next = leg with { Commit = probe, Probe = Older, Commits = "2", ProbeCommits = "1" };
        this.AbOf("second", readSlower: false, next);
        var comments = this.folder.File("comments");
        var run = ComparerRun.Of("change-points", "settle", "--summary", summaryFile, "--incoming", this.folder.File("second"), "--fail-on-confirmed", "--comments", comments);

        Assert.True(run.ExitCode == 0, "a traced regression comments on its commit; the run that confirmed it already failed");
        Assert.Equal((Older, probe, 1), this.RangeOf(summaryFile));
        var comment = File.ReadAllText(Path.Combine(comments, probe + ".md"));
        Assert.StartsWith("### A regression in the trend, traced to this commit", comment, StringComparison.Ordinal);
        Assert.Contains($"| ubuntu-latest | time | `{Read}` | aaaaaaaa |", comment, StringComparison.Ordinal);
        Assert.Empty(StepChecks.Plan(JsonSerializer.Deserialize<StepSummary>(File.ReadAllText(summaryFile), JsonFormat.Options)!, budget: 2).Legs);
    }

    [Theory]
    [InlineData("Demo.ReadBenchmarks.Read(Size: 4, File: 1MiB)", "Demo.ReadBenchmarks.Read")]
    [InlineData("Demo.ReadBenchmarks.Read", "Demo.ReadBenchmarks.Read")]
    [InlineData("Read", null)]
    [InlineData("Demo.Read Benchmarks", null)]
    public void AStepsMethodIsTheFullNameBeforeItsParameters(string benchmark, string? method) =>
        Assert.Equal(method, StepChecks.MethodOf(benchmark));

    // A leg folder with the A/B of Read (1.5 times slower, or the same) and the leg as its run wrote it.
    private void AbOf(string name, bool readSlower, StepCheckLeg leg)
    {
        BdnJson.Write(this.folder.Folder(name + "-base"), [FakeBenchmark.Of("Read", 1000, 0.01, 15, seed: 1)]);
        BdnJson.Write(this.folder.Folder(name + "-head"), [FakeBenchmark.Of("Read", readSlower ? 1500 : 1000, 0.01, 15, seed: 3)]);
        var folder = this.folder.Folder(Path.Combine(name, "leg"));
        Assert.Equal(0, ComparerRun.Of("compare", "--base", this.folder.File(name + "-base"), "--diff", this.folder.File(name + "-head"), "--threshold", "5%", "--json", Path.Combine(folder, "ab", "ab.json")).ExitCode);
        File.WriteAllText(Path.Combine(folder, "leg.json"), JsonSerializer.Serialize(leg, JsonFormat.Options));
    }

    private (string Good, string Bad, int Commits) RangeOf(string summaryFile)
    {
        var range = JsonNode.Parse(File.ReadAllText(summaryFile))!["steps"]![0]!["bisect"]!;
        return (range["good"]!.GetValue<string>(), range["bad"]!.GetValue<string>(), range["commits"]!.GetValue<int>());
    }

    private static StepSummary Summary(params SummaryStep[] steps) =>
        new(StepSummary.CurrentSchema, "BenchGuard test", string.Empty, new StepPolicy(5, 0.05, 0.99, 5), [], steps);

    private static SummaryStep Step(string id, string metric, string benchmark, string commit, string date, string os = "ubuntu-latest") =>
        new(id, $"Demo {metric} ({os})", os, metric, benchmark, "ns", StepKind.Regression, StepState.Active, commit, date + "T00:00:00Z",
            1000, 1500, 1.5, 1.4, 1.6, 20, 10, metric != "time", new SummaryPoint(commit, date), null, StepConfirmation.Unconfirmed, Before);
}
