using BenchGuard.AB;
using BenchGuard.Tests.AbSteps;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// The trials' collectors without a benchmark build: the pool's one build is <see cref="PlantedProgram"/>, so every
/// launch is a real process that fails at once. What is checked is the pool's bookkeeping: the schedule, resuming it,
/// the deadline, the checks before anything runs (the launches themselves: AbEndToEnd.TrialsCollectEndToEndTests).
/// </summary>
[HideMutationRunVariables]
public sealed class TrialsCollectTests : IDisposable
{
    private readonly TinyRepository repository = new();

    [Fact]
    public void CollectFollowsTheScheduleRecordsEachLaunchAndResumes()
    {
        var pool = this.PlantedPool();

        var first = this.Trials("collect", "--pool", pool, "--filter", "*Read*", "--max-launches", "5");
        var second = this.Trials("collect", "--pool", pool, "--filter", "*Read*", "--max-launches", "2");

        Assert.True(first.ExitCode == 0, first.Error);
        Assert.True(second.ExitCode == 0, second.Error);
        var rows = File.ReadAllLines(Path.Combine(pool, "launches.tsv"));
        Assert.Equal("seq\tkind\tslowdown\tstarted\tseconds\texit\tjson", rows[0]);
        Assert.Equal(
            ["1 P 0", "2 S10 0.10", "3 P 0", "4 S20 0.20", "5 P 0", "6 S10 0.10", "7 P 0"],
            rows.Skip(1).Select(r => r.Split('\t')).Select(f => $"{f[0]} {f[1]} {f[2]}"));
        // Each launch ran the planted program, which refused its arguments: exit 2, no export.
        Assert.All(rows.Skip(1), r => Assert.EndsWith("\t2\t0", r, StringComparison.Ordinal));
        Assert.True(Directory.Exists(Path.Combine(pool, "launches", "L004-S20")));
        Assert.True(File.Exists(Path.Combine(pool, "logs", "L007-P.log")));
        Assert.DoesNotContain("building", first.Out + second.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void ADeadlineThatHasPassedStopsBeforeTheFirstLaunch()
    {
        var pool = this.PlantedPool();

        // 00:00 UTC today has always passed (but for the very first minute of the day).
        var run = this.Trials("collect", "--pool", pool, "--filter", "*Read*", "--max-launches", "3", "--until", "00:00");

        Assert.True(run.ExitCode == 0, run.Error);
        if (DateTime.UtcNow.TimeOfDay > TimeSpan.FromMinutes(1))
        {
            Assert.Single(File.ReadAllLines(Path.Combine(pool, "launches.tsv")));
        }
    }

    [Fact]
    public void AFutureDeadlineDoesNotStopTheCollection()
    {
        var pool = this.PlantedPool();
        var until = DateTime.UtcNow.AddMinutes(10);
        if (until.Date != DateTime.UtcNow.Date)
        {
            return; // Ten minutes before midnight, "HH:MM" names a time that has passed today.
        }

        var run = this.Trials("collect", "--pool", pool, "--filter", "*Read*", "--max-launches", "1", "--until", until.ToString("HH:mm", System.Globalization.CultureInfo.InvariantCulture));

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(2, File.ReadAllLines(Path.Combine(pool, "launches.tsv")).Length);
    }

    [Fact]
    public void RunCollectsThenAnalyzesThePool()
    {
        var pool = this.PlantedPool();

        var run = this.Trials("run", "--pool", pool, "--filter", "*Read*", "--max-launches", "1");

        // One launch that left no export: the analysis has nothing to work on and says so, as bad input.
        Assert.Equal(2, File.ReadAllLines(Path.Combine(pool, "launches.tsv")).Length);
        run.AssertBadInput("holds no launch with results");
    }

    [Fact]
    public void CollectRoundsNeedsTheFiltersToMatchAMethod()
    {
        var pool = this.PlantedPool();

        this.Trials("collect-rounds", "--pool", pool, "--filter", "*Read*", "--levels", "0,0.05").AssertBadInput("match no benchmark method");

        Assert.False(File.Exists(Path.Combine(pool, "rounds.tsv")));
    }

    [Theory]
    [InlineData("collect --filter x --max-launches many", "--max-launches must be a whole number")]
    [InlineData("collect-rounds --filter x --max-rounds -1", "--max-rounds must be a whole number")]
    [InlineData("collect --filter x --until 25:00", "--until needs HH:MM")]
    [InlineData("collect-rounds --filter x --levels 0,0.1,1", "--levels takes fractions")]
    [InlineData("collect-rounds --filter x --levels 0.123", "--levels takes fractions")]
    [InlineData("collect --filter x --commit no-such-ref", "'no-such-ref' is not a commit")]
    [InlineData("collect --filter x --commit first", "the build failed")]
    [InlineData("collect", "--filter is required")]
    [InlineData("collect-rounds", "--filter is required")]
    public void BadUsageIsExit2InOneLine(string args, string expected)
    {
        var pool = Path.Combine(this.repository.NewOut(), "pool");

        this.Trials([.. args.Split(' '), "--pool", pool]).AssertBadInput(expected);
    }

    [Fact]
    public void OutsideAGitRepositoryIsBadInput()
    {
        using var folder = new TempFolder();

        ComparerRun.Of("trials", "collect", "--repo", folder.Path, "--pool", folder.Folder("pool"), "--filter", "x").AssertBadInput("not inside a git repository");
    }

    public void Dispose() => this.repository.Dispose();

    private ComparerRun Trials(params string[] args) => ComparerRun.Of(["trials", args[0], "--repo", this.repository.Root, .. args[1..]]);

    // A pool whose one build is already there.
    private string PlantedPool()
    {
        var pool = Path.Combine(this.repository.NewOut(), "pool");
        var build = new SideBuild("pool", Path.Combine(pool, "src"), TestConfiguration.Project);
        PlantedProgram.At(build.Program);
        return pool;
    }
}
