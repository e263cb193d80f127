using BenchGuard.AB;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// pr-report's rounds without a benchmark build: each side's checkout is made beforehand with the comparer planted
/// where its build would be, and --reuse-build takes it as built. Every launch is then a real process that fails at
/// once, so what is checked is the protocol: the ABBA order, a base that cannot be measured, the head's missing
/// results, the checkouts kept or removed (real launches: AbEndToEnd).
/// </summary>
[HideMutationRunVariables]
public sealed class AbRoundsTests : IDisposable
{
    private readonly TinyRepository repository = new();

    [Fact]
    public void SuiteRoundsAlternateTheSidesAndAHeadWithoutResultsIsBadInput()
    {
        var output = this.repository.NewOut();
        this.Plant("head", this.repository.First);
        this.Plant("base", this.repository.First);

        this.PrReport("--base", "first", "--head", "first", "--rounds", "3", "--interleave", "suite", "--out", output, "--keep-src", "--reuse-build")
            .AssertBadInput("no head launch produced results");

        // Odd rounds run the base first, even rounds the head first.
        Assert.Equal(["base:1", "head:1", "head:2", "base:2", "base:3", "head:3"], Launches(output).Select(l => $"{l[0]}:{l[1]}"));
        Assert.All(Launches(output), l => Assert.Equal(["2", "0", "-"], l[3..]));
        Assert.Contains("Unrecognized command or argument '--launchCount'", File.ReadAllText(Path.Combine(output, "ab", "logs", "base-r03.log")), StringComparison.Ordinal);
        Assert.True(Directory.Exists(Path.Combine(output, "ab", "launches", "head-r02")));
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab-error.txt")));
        // Kept, as asked.
        Assert.Equal(this.repository.First, Checkouts.HeadOf(this.repository.Checkout("head")));
        Assert.Equal(this.repository.First, Checkouts.HeadOf(this.repository.Checkout("base")));
        this.RemoveCheckouts();
    }

    [Fact]
    public void WithoutKeepSrcBothCheckoutsAreRemovedAfterTheRun()
    {
        var output = this.repository.NewOut();
        this.Plant("head", this.repository.First);
        this.Plant("base", this.repository.First);

        this.PrReport("--base", "first", "--head", "first", "--rounds", "1", "--interleave", "suite", "--out", output, "--reuse-build")
            .AssertBadInput("no head launch produced results");

        Assert.Equal(["base:1", "head:1"], Launches(output).Select(l => $"{l[0]}:{l[1]}"));
        Assert.False(Directory.Exists(this.repository.Checkout("head")));
        Assert.False(Directory.Exists(this.repository.Checkout("base")));
        Assert.DoesNotContain("pr-report-src", this.repository.Git("worktree", "list"), StringComparison.Ordinal);
    }

    [Fact]
    public void ABaseWithoutTheProjectIsRecordedAndTheHeadRunsAlone()
    {
        this.repository.Write("README.md", "second\n");
        var second = this.repository.Commit("second");
        var output = this.repository.NewOut();
        this.Plant("head", second);

        this.PrReport("--base", "first", "--head", "second", "--rounds", "2", "--interleave", "suite", "--out", output, "--keep-src", "--reuse-build")
            .AssertBadInput("no head launch produced results");

        Assert.Equal(["head:1", "head:2"], Launches(output).Select(l => $"{l[0]}:{l[1]}"));
        Assert.Contains("no benchmark project", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);
        this.RemoveCheckouts();
    }

    [Fact]
    public void MethodInterleavingNeedsTheFiltersToSelectAMethod()
    {
        var output = this.repository.NewOut();
        this.Plant("head", this.repository.First);
        this.Plant("base", this.repository.First);

        this.PrReport("--base", "first", "--head", "first", "--interleave", "method", "--filter", "*Read*", "--out", output, "--keep-src", "--reuse-build")
            .AssertBadInput("select no benchmark method");

        Assert.Empty(Launches(output));
        this.RemoveCheckouts();
    }

    [Fact]
    public void AKeptCheckoutOfAnotherCommitIsCheckedOutAgainNotReused()
    {
        this.repository.Write("README.md", "second\n");
        this.repository.Commit("second");
        var output = this.repository.NewOut();
        this.Plant("head", this.repository.First);

        // The head is now "second": the planted build of "first" is not taken for it, and "second" has no project.
        this.PrReport("--base", "first", "--head", "second", "--out", output, "--keep-src", "--reuse-build")
            .AssertBadInput("the head has no " + TestConfiguration.Project);

        Assert.False(File.Exists(new SideBuild("head", this.repository.Checkout("head"), TestConfiguration.Project).Program));
        this.RemoveCheckouts();
    }

    [Fact]
    public void ACheckoutThatCannotBeRemovedIsAWarningThatDoesNotChangeTheOutcome()
    {
        var output = this.repository.NewOut();
        this.Plant("head", this.repository.First);
        this.Plant("base", this.repository.First);

        InputException? failure = null;
        var run = ComparerRun.Capture(() =>
        {
            failure = Assert.Throws<InputException>(() => Commands.PrReportCommand.Run(
                ["--repo", this.repository.Root, "--base", "first", "--head", "first", "--rounds", "1", "--interleave", "suite", "--out", output, "--reuse-build"],
                folder => $"{folder} is held by another process"));
            return 0;
        });

        // The run fails for the head's missing results, as without the warnings: one for each side's checkout.
        Assert.Contains("no head launch produced results", failure!.Message, StringComparison.Ordinal);
        var lines = run.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(2, lines.Length);
        Assert.StartsWith("pr-report: warning: could not remove the head checkout", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("pr-report: warning: could not remove the base checkout", lines[1], StringComparison.Ordinal);
        // What could not be removed stays where the checkouts go, out of the output folder that a workflow uploads.
        Assert.True(Directory.Exists(this.repository.Checkout("head")));
        Assert.Empty(Directory.EnumerateFileSystemEntries(output, ".git", SearchOption.AllDirectories));
        this.RemoveCheckouts();
    }

    public void Dispose() => this.repository.Dispose();

    private static List<string[]> Launches(string output) =>
        File.ReadAllLines(Path.Combine(output, "ab", "launches.tsv")).Skip(1).Select(l => l.Split('\t')).ToList();

    private ComparerRun PrReport(params string[] args) => ComparerRun.Of(["pr-report", "--repo", this.repository.Root, .. args]);

    // A side's checkout of the commit, with the planted program as its build.
    private void Plant(string side, string commit)
    {
        var build = new SideBuild(side, this.repository.Checkout(side), TestConfiguration.Project);
        this.repository.Git("worktree", "add", "--detach", "--quiet", build.Source, commit);
        PlantedProgram.At(build.Program);
    }

    private void RemoveCheckouts()
    {
        foreach (var side in new[] { "head", "base" })
        {
            var folder = this.repository.Checkout(side);
            if (Directory.Exists(folder))
            {
                this.repository.Git("worktree", "remove", "--force", folder);
            }
        }
    }
}
