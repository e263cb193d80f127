using System.Text.Json;
using BenchGuard.AB;
using BenchGuard.Tests.AbSteps;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// The trials' collectors with a pool build that answers (<see cref="FakeBuild"/>): the methods it lists become the
/// rounds' units, every launch leaves its export, and the injected slowdown reaches the head's launches only.
/// </summary>
[HideMutationRunVariables]
public sealed class TrialsFakeLaunchTests : IDisposable
{
    private readonly TinyRepository repository = new();

    [Fact]
    public void CollectRoundsRunsTheListedMethodsInTheRunnersOrderAndSlowsOnlyTheHead()
    {
        var pool = this.FakePool();

        var run = this.Trials("collect-rounds", "--pool", pool, "--filter", "*FileStream*", "--levels", "0,0.20", "--max-rounds", "2");

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains("methods: FilePipes.Benchmarks.FileStreamBenchmarks.Read FilePipes.Benchmarks.FileStreamBenchmarks.Write", run.Out, StringComparison.Ordinal);
        // --max-rounds is the total each round's line counts to, and what is left is estimated from the second on.
        Assert.Contains("] round R001-P (1 of 2)", run.Out, StringComparison.Ordinal);
        Assert.Contains("] round R002-S20 (2 of 2, ", run.Out, StringComparison.Ordinal);
        Assert.Contains("] 2 of 2 done in ", run.Out, StringComparison.Ordinal);
        var rows = Rows(pool);
        // Round r, method i: base first when r + i is odd, as the runner does.
        Assert.Equal(
            ["1 P Read base", "1 P Read head", "1 P Write head", "1 P Write base",
             "2 S20 Read head", "2 S20 Read base", "2 S20 Write base", "2 S20 Write head"],
            rows.Select(r => $"{r[0]} {r[1]} {r[3].Split('.')[^1]} {r[4]}"));
        Assert.Equal(["0", "0", "0", "0", "0.20", "0", "0", "0.20"], rows.Select(r => r[2]));
        Assert.All(rows, r => Assert.Equal(["0", "1"], r[7..9]));

        // The head of the slowed round took 1.2 times the base's time, give or take the launches' own drift of 1% each.
        var ratio = Median(pool, "R002-S20", "head", "u0") / Median(pool, "R002-S20", "base", "u0");
        Assert.InRange(ratio, 1.2 * 0.97, 1.2 * 1.03);
        var plain = Median(pool, "R001-P", "head", "u1") / Median(pool, "R001-P", "base", "u1");
        Assert.InRange(plain, 0.97, 1.03);

        var headLog = File.ReadAllText(Path.Combine(pool, "logs", "R002-S20-head-u0.log"));
        Assert.Contains("fake: FILEPIPES_SLOWDOWN=0.20", headLog, StringComparison.Ordinal);
        Assert.Contains("--inProcess --iterationTime 200 --unrollFactor 1 --filter FilePipes.Benchmarks.FileStreamBenchmarks.Read", headLog, StringComparison.Ordinal);
        Assert.Contains("fake: FILEPIPES_SLOWDOWN=\n", File.ReadAllText(Path.Combine(pool, "logs", "R002-S20-base-u0.log")), StringComparison.Ordinal);
    }

    [Fact]
    public void CollectRoundsResumesAfterTheLastRecordedRound()
    {
        var pool = this.FakePool();

        Assert.Equal(0, this.Trials("collect-rounds", "--pool", pool, "--filter", "*Read", "--levels", "0,0.10,0.20", "--max-rounds", "2").ExitCode);
        var second = this.Trials("collect-rounds", "--pool", pool, "--filter", "*Read", "--levels", "0,0.10,0.20", "--max-rounds", "2");

        Assert.True(second.ExitCode == 0, second.Error);
        // The pool's rounds go on; the run counts its own.
        Assert.Contains("] round R003-S20 (1 of 2)", second.Out, StringComparison.Ordinal);
        Assert.Equal("round\tkind\tslowdown\tunit\tside\tstarted\tseconds\texit\tjson", File.ReadLines(Path.Combine(pool, "rounds.tsv")).First());
        Assert.Equal(["1 P", "2 S10", "3 S20", "4 P"], Rows(pool).Select(r => $"{r[0]} {r[1]}").Distinct());
        Assert.True(Directory.Exists(Path.Combine(pool, "launches", "R004-P", "base", "u0")));
    }

    [Fact]
    public void CollectRoundsStopsBeforeTheFirstRoundWhenItsDeadlineHasPassed()
    {
        var pool = this.FakePool();

        // 00:00 UTC today has always passed (but for the very first minute of the day).
        var run = this.Trials("collect-rounds", "--pool", pool, "--filter", "*Read", "--max-rounds", "2", "--until", "00:00");

        Assert.True(run.ExitCode == 0, run.Error);
        if (DateTime.UtcNow.TimeOfDay > TimeSpan.FromMinutes(1))
        {
            Assert.Empty(Rows(pool));
            Assert.False(Directory.Exists(Path.Combine(pool, "launches", "R001-P")));
        }
    }

    [Fact]
    public void CollectRunsWholeSliceLaunchesThatLeaveTheirExports()
    {
        var pool = this.FakePool();

        var run = this.Trials("collect", "--pool", pool, "--filter", "*FileStream*", "--max-launches", "2");

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains("] launch L001-P (1 of 2)", run.Out, StringComparison.Ordinal);
        Assert.Contains("] launch L002-S10 (2 of 2, ", run.Out, StringComparison.Ordinal);
        var rows = File.ReadAllLines(Path.Combine(pool, "launches.tsv")).Skip(1).Select(l => l.Split('\t')).ToList();
        Assert.Equal(["1 P 0 0 1", "2 S10 0.10 0 1"], rows.Select(r => $"{r[0]} {r[1]} {r[2]} {r[5]} {r[6]}"));
        var ratio = MedianOf(Path.Combine(pool, "launches", "L002-S10"), FakeBuild.Write) / MedianOf(Path.Combine(pool, "launches", "L001-P"), FakeBuild.Write);
        Assert.InRange(ratio, 1.1 * 0.97, 1.1 * 1.03);
    }

    public void Dispose() => this.repository.Dispose();

    private static List<string[]> Rows(string pool) =>
        File.ReadAllLines(Path.Combine(pool, "rounds.tsv")).Skip(1).Select(l => l.Split('\t')).ToList();

    private static double Median(string pool, string round, string side, string unit) =>
        MedianOf(Path.Combine(pool, "launches", round, side, unit), null);

    // The median of a benchmark in a launch's export (the only one when no name is given).
    private static double MedianOf(string launch, string? fullName)
    {
        var file = Assert.Single(Directory.GetFiles(launch, "*-report-full.json", SearchOption.AllDirectories));
        using var document = JsonDocument.Parse(File.ReadAllText(file));
        var benchmarks = document.RootElement.GetProperty("Benchmarks").EnumerateArray().ToList();
        var benchmark = fullName is null ? Assert.Single(benchmarks) : benchmarks.Single(b => b.GetProperty("FullName").GetString() == fullName);
        return benchmark.GetProperty("Statistics").GetProperty("Median").GetDouble();
    }

    private ComparerRun Trials(params string[] args) => ComparerRun.Of(["trials", args[0], "--repo", this.repository.Root, .. args[1..]]);

    // A pool whose one build is the fake, already there.
    private string FakePool()
    {
        var pool = Path.Combine(this.repository.NewOut(), "pool");
        new FakeBuild().At(new SideBuild("pool", Path.Combine(pool, "src"), TestConfiguration.Project).Program);
        return pool;
    }
}
