using BenchGuard.AB;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// pr-report up to the head's build, on a repository without a benchmark project: what it checks, which base it
/// picks, what it clears from the output folder and the checkouts it leaves. The head without the project stops the run
/// with exit 2 before anything is built, so each case takes seconds (the builds and launches: AbEndToEnd).
/// </summary>
public sealed class PrReportBeforeBuildTests : IDisposable
{
    private const string NoProject = "the head has no " + TestConfiguration.Project;

    private readonly TinyRepository repository = new();

    [Fact]
    public void AHeadWithoutTheBenchmarkProjectIsBadInputAndItsCheckoutIsRemoved()
    {
        var output = this.repository.NewOut();

        this.PrReport("--base", "first", "--head", "first", "--out", output).AssertBadInput(NoProject);

        Assert.False(Directory.Exists(this.repository.Checkout("head")));
        Assert.DoesNotContain("pr-report-src", this.repository.Git("worktree", "list"), StringComparison.Ordinal);
        // The launches file starts with its header and no launch was made.
        Assert.Equal([LaunchRecord.Header], File.ReadAllLines(Path.Combine(output, "ab", "launches.tsv")));
        Assert.True(Directory.Exists(Path.Combine(output, "ab", "launches")));
        Assert.True(Directory.Exists(Path.Combine(output, "ab", "logs")));
        Assert.True(Directory.Exists(Path.Combine(output, "logs")));
    }

    [Fact]
    public void KeepSrcKeepsTheHeadCheckoutAtTheHeadCommit()
    {
        var second = this.SecondCommit();
        var output = this.repository.NewOut();

        this.PrReport("--base", "first", "--head", "second", "--out", output, "--keep-src").AssertBadInput(NoProject);

        Assert.Equal(second, Checkouts.HeadOf(this.repository.Checkout("head")));
        this.repository.Git("worktree", "remove", "--force", this.repository.Checkout("head"));
    }

    [Fact]
    public void TheCheckoutsGoToArtifactsPrReportSrcNeverIntoTheOutputFolder()
    {
        // The workflow uploads the output folder: a checkout there (one Windows would not let go of, above all) would
        // be uploaded whole. Apart from it, a kept checkout also stays where the next run's --reuse-build finds it.
        var output = this.repository.NewOut();

        var run = this.PrReport("--base", "first", "--head", "first", "--out", output, "--keep-src");

        run.AssertBadInput(NoProject);
        Assert.Equal(this.repository.First, Checkouts.HeadOf(this.repository.Checkout("head")));
        Assert.Contains($"checkouts: {Path.GetDirectoryName(this.repository.Checkout("head"))}", run.Out, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(output, ".git", SearchOption.AllDirectories));
        Assert.Equal(["launches", "launches.tsv", "logs"], Directory.EnumerateFileSystemEntries(Path.Combine(output, "ab")).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        this.repository.Git("worktree", "remove", "--force", this.repository.Checkout("head"));
    }

    [Theory]
    [InlineData("elsewhere/src")]
    [InlineData("{temp}/checkouts")]
    public void SrcPutsTheCheckoutsInTheFolderItNamesRelativeToTheRepository(string given)
    {
        var output = this.repository.NewOut();
        var absolute = output + "-checkouts";
        var sources = given.Replace("{temp}", absolute, StringComparison.Ordinal);

        this.PrReport("--base", "first", "--head", "first", "--out", output, "--src", sources, "--keep-src").AssertBadInput(NoProject);

        var head = Path.Combine(given.StartsWith('{') ? sources : Path.Combine(this.repository.Root, sources), "head");
        Assert.Equal(this.repository.First, Checkouts.HeadOf(head));
        Assert.False(Directory.Exists(this.repository.Checkout("head")));
        this.repository.Git("worktree", "remove", "--force", head);
    }

    [Theory]
    [InlineData("{out}", "{out}", "is inside --out")]
    [InlineData("{out}/ab", "{out}", "is inside --out")]
    [InlineData("{out}", "{out}/report", "is inside --src")]
    [InlineData(".", "{out}", "holds the repository")]
    [InlineData("..", "{out}", "holds the repository")]
    public void CheckoutsInsideTheOutputFolderOrAroundItOrTheRepositoryAreBadInputBeforeAnythingIsMade(string sources, string output, string expected)
    {
        var folder = this.repository.NewOut();
        string Place(string path) => path.Replace("{out}", folder, StringComparison.Ordinal);

        this.PrReport("--base", "first", "--head", "first", "--out", Place(output), "--src", Place(sources)).AssertBadInput(expected);

        Assert.False(Directory.Exists(folder));
        Assert.False(Directory.Exists(Path.Combine(this.repository.Root, "artifacts")));
    }

    [Fact]
    public void AnOutputFolderWhoseNameStartsWithTheCheckoutsFolderIsNotInsideIt()
    {
        // artifacts/pr-report and artifacts/pr-report-src, the defaults, share a prefix but neither holds the other.
        var output = this.repository.NewOut();

        this.PrReport("--base", "first", "--head", "first", "--out", output, "--src", output + "-src").AssertBadInput(NoProject);
        this.PrReport("--base", "first", "--head", "first", "--out", output + "-src", "--src", output).AssertBadInput(NoProject);
    }

    [Fact]
    public void WithoutHeadTheWorkingTreeIsTheHead()
    {
        // An untracked file is part of the working tree the run measures, and HEAD is left as it was.
        this.repository.Write("untracked.txt", "now\n");
        var output = this.repository.NewOut();

        this.PrReport("--base", "first", "--out", output, "--keep-src").AssertBadInput(NoProject);

        var headSrc = this.repository.Checkout("head");
        Assert.Equal("now\n", File.ReadAllText(Path.Combine(headSrc, "untracked.txt")));
        Assert.Equal(this.repository.First, this.repository.Git("rev-parse", Checkouts.HeadOf(headSrc) + "^").Trim());
        Assert.Equal(this.repository.First, this.repository.Git("rev-parse", "HEAD").Trim());
        this.repository.Git("worktree", "remove", "--force", headSrc);
    }

    [Fact]
    public void ThePreviousRunsReportsAndLaunchesAreClearedFirst()
    {
        // A run that stops early must not leave the last run's report for the workflow to post as this one's.
        var output = this.repository.NewOut();
        string[] stale =
        [
            "report.md", "report.json", "baseline.json", "baseline.md", "counters.json", Path.Combine("results", "old-report-full.json"),
            Path.Combine("ab", "ab.json"), Path.Combine("ab", "ab.md"), Path.Combine("ab", "ab-error.txt"),
            Path.Combine("ab", "launches", "head-r01", "old-report-full.json"), Path.Combine("ab", "logs", "old.log"),
            Path.Combine("ab", "merged", "head", "old-report-full.json"), Path.Combine("ab", "head-results", "old-report-full.json"),
            Path.Combine("ab", "head-oop", "old-report-full.json"),
        ];
        foreach (var file in stale)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(output, file))!);
            File.WriteAllText(Path.Combine(output, file), "old\n");
        }

        this.PrReport("--base", "first", "--head", "first", "--out", output).AssertBadInput(NoProject);

        Assert.All(stale, file => Assert.False(File.Exists(Path.Combine(output, file)), file));
        Assert.False(Directory.Exists(Path.Combine(output, "results")));
        foreach (var folder in new[] { "merged", "head-results", "head-oop" })
        {
            Assert.False(Directory.Exists(Path.Combine(output, "ab", folder)), folder);
        }
    }

    [Fact]
    public void TheOutputFolderDefaultsToArtifactsPrReportInTheRepository()
    {
        this.PrReport("--base", "first", "--head", "first").AssertBadInput(NoProject);

        Assert.True(File.Exists(Path.Combine(this.repository.Root, "artifacts", "pr-report", "ab", "launches.tsv")));
    }

    [Fact]
    public void ABaseOnTheHeadsHistoryIsMeasuredWithoutAnError()
    {
        this.SecondCommit();
        var output = this.repository.NewOut();

        this.PrReport("--against", "first", "--head", "second", "--out", output).AssertBadInput(NoProject);

        Assert.False(File.Exists(Path.Combine(output, "ab", "ab-error.txt")));
    }

    [Fact]
    public void AnAgainstRefThatIsNoCommitIsRecordedAsTheReasonForNoAB()
    {
        var output = this.repository.NewOut();

        this.PrReport("--against", "no-such-ref", "--head", "first", "--out", output).AssertBadInput(NoProject);

        Assert.Contains("'no-such-ref'", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);
    }

    [Fact]
    public void AHeadWithNoMergeBaseWithAgainstIsRecordedAsTheReasonForNoAB()
    {
        this.repository.Unrelated("unrelated");
        var output = this.repository.NewOut();

        this.PrReport("--against", "unrelated", "--head", "first", "--out", output).AssertBadInput(NoProject);

        Assert.Contains("merge-base", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);
    }

    [Fact]
    public void WithoutAgainstTheBaseIsOnMainOrElseOnOriginMain()
    {
        using var trunk = new TinyRepository("trunk");
        var output = trunk.NewOut();
        Run(trunk, "--head", "first", "--out", output).AssertBadInput(NoProject);
        Assert.Contains("'main'", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);

        // A clone in CI often has origin/main and no local main.
        trunk.Git("update-ref", "refs/remotes/origin/main", trunk.First);
        output = trunk.NewOut();
        Run(trunk, "--head", "first", "--out", output).AssertBadInput(NoProject);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab-error.txt")));

        // A local main, when there is one, is preferred: here it is unrelated to the head, so no merge-base.
        trunk.Unrelated("other");
        trunk.Git("branch", "main", "other");
        output = trunk.NewOut();
        Run(trunk, "--head", "first", "--out", output).AssertBadInput(NoProject);
        Assert.Contains("merge-base", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--base", "no-such-ref", "base 'no-such-ref' is not a commit")]
    [InlineData("--head", "no-such-ref", "head 'no-such-ref' is not a commit")]
    public void ARefThatIsNoCommitIsBadInput(string option, string value, string expected)
    {
        var output = this.repository.NewOut();
        string[] other = option == "--base" ? ["--head", "first"] : ["--base", "first"];

        this.PrReport([option, value, .. other, "--out", output]).AssertBadInput(expected);

        Assert.False(Directory.Exists(this.repository.Checkout("head")));
    }

    [Theory]
    [InlineData("--rounds", "1")]
    [InlineData("--rounds", "99")]
    [InlineData("--instruction-operations", "0")]
    [InlineData("--instruction-operations", "1000")]
    [InlineData("--os", "windows-latest")]
    [InlineData("--profile", "full")]
    [InlineData("--interleave", "suite")]
    public void ValuesAtTheEdgesOfTheirRangeAreTaken(string option, string value) =>
        this.PrReport("--base", "first", "--head", "first", "--out", this.repository.NewOut(), option, value).AssertBadInput(NoProject);

    [Theory]
    [InlineData("--rounds", "0")]
    [InlineData("--rounds", "100")]
    [InlineData("--rounds", "+5")]
    [InlineData("--rounds", "2.0")]
    [InlineData("--instruction-operations", "1001")]
    [InlineData("--instruction-operations", "-1")]
    [InlineData("--instruction-operations", " 1")]
    [InlineData("--profile", "slow")]
    [InlineData("--threshold", "5")]
    [InlineData("--fail-threshold", "Infinity%")]
    [InlineData("--interleave", "cases")]
    [InlineData("--paired-rule", "wilcoxon")]
    [InlineData("--paired-alpha", "2")]
    [InlineData("--build-property", "PeerAdapters")]
    [InlineData("--build-property", "Peer Adapters=true")]
    [InlineData("--build-property", "DefineConstants=A;B")]
    public void ValuesOutsideTheirRangeAreBadInputBeforeAnythingIsMade(string option, string value)
    {
        var output = this.repository.NewOut();

        this.PrReport("--base", "first", "--head", "first", "--out", output, option, value).AssertBadInput(option);

        Assert.False(Directory.Exists(output));
    }

    [Theory]
    [InlineData("--against main --base first", "give --against or --base, not both")]
    [InlineData("--bench-arg", "Required argument missing for option: '--bench-arg'")]
    [InlineData("--alloc-threshold 5", "allocation threshold '5'")]
    public void ContradictoryOrIncompleteOptionsAreBadInputBeforeAnythingIsMade(string options, string expected)
    {
        var output = this.repository.NewOut();

        this.PrReport(["--head", "first", "--out", output, .. options.Split(' ')]).AssertBadInput(expected);

        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public void AnOsWithoutABaselinesFolderIsBadInputThatNamesTheOnesThere()
    {
        var output = this.repository.NewOut();

        this.PrReport("--base", "first", "--head", "first", "--out", output, "--os", "plan9-latest").AssertBadInput("ubuntu-latest windows-latest");

        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public void AProfileIsBadInputWhenTheConfigurationNamesNone()
    {
        // A plain BenchmarkSwitcher program refuses --profile; the configuration says whether the program takes one.
        var output = this.repository.NewOut();
        File.WriteAllText(Path.Combine(this.repository.Root, "benchguard.json"), $$"""{ "benchmarkProject": "{{TestConfiguration.Project}}" }""");

        this.PrReport("--base", "first", "--head", "first", "--out", output, "--profile", "quick")
            .AssertBadInput("--profile quick: this repository's benchguard.json names no profiles");

        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public void WithoutABaselinesFolderTheOsMustStillBeARunnerLabel()
    {
        // No baselines/ yet is a repository's first pull request (every benchmark New, AdopterTests); a label that
        // no runner has is still bad input.
        var output = this.repository.NewOut();
        Directory.Delete(Path.Combine(this.repository.Root, "baselines"), recursive: true);

        this.PrReport("--base", "first", "--head", "first", "--out", output, "--os", "Ubuntu Latest").AssertBadInput("--os 'Ubuntu Latest' is not a runner label");

        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public void OutsideAGitRepositoryIsBadInput()
    {
        using var folder = new TempFolder();

        ComparerRun.Of("pr-report", "--repo", folder.Path, "--base", "first").AssertBadInput("not inside a git repository");
    }

    [Fact]
    public void HelpPrintsTheUsageAndMakesNothing()
    {
        var output = this.repository.NewOut();

        var run = this.PrReport("--out", output, "--help");

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("benchguard pr-report [options]", run.Out, StringComparison.Ordinal);
        Assert.Contains("--bench-arg <ARG>", run.Out, StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
    }

    public void Dispose() => this.repository.Dispose();

    private static ComparerRun Run(TinyRepository repository, params string[] args) =>
        ComparerRun.Of(["pr-report", "--repo", repository.Root, .. args]);

    private ComparerRun PrReport(params string[] args) => Run(this.repository, args);

    private string SecondCommit()
    {
        this.repository.Write("README.md", "second\n");
        return this.repository.Commit("second");
    }
}
