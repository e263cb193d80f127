namespace Pipeline.Tests;

/// <summary>
/// The first publish to gh-pages: benchmarks.yml's publish-trend job with a local bare repository as the gh-pages
/// remote (TREND_REMOTE), its steps run with the env the YAML declares. The branch must exist after every run that
/// reaches the step (a failed collect included), a second run changes nothing, and a run that loses the race to
/// create it (another run pushes it between the check and the push) goes on with the other run's branch.
/// </summary>
public sealed class TrendBranchTests
{
    private const string EnsureStep = "Make sure gh-pages exists";

    [Fact]
    public void A_first_run_whose_collect_failed_still_creates_the_branch()
    {
        using var run = new PushRun();
        // No leg left an artifact: collect fails, and the steps after it that must still run do.
        var job = run.Job().Run(stopBefore: "Find this commit's trend alerts");

        Assert.Equal("failure", job.Step("Collect trend files").Outcome);
        Assert.True(job.Step(EnsureStep).Outcome == "success", job.Step(EnsureStep).ToString());
        Assert.NotEqual(string.Empty, run.PagesTip());
    }

    [Fact]
    public void A_second_run_finds_the_branch_and_changes_nothing()
    {
        using var run = new PushRun();
        var first = run.EnsureBranch();
        var tip = run.PagesTip();
        var second = run.EnsureBranch();

        Assert.True(first.Outcome == "success", first.ToString());
        Assert.True(second.Outcome == "success", second.ToString());
        Assert.Equal(tip, run.PagesTip());
        Assert.Contains("gh-pages exists", second.Process!.StdOut, StringComparison.Ordinal);
    }

    [Fact]
    public void A_run_that_loses_the_race_to_create_the_branch_goes_on_with_the_other_runs()
    {
        using var run = new PushRun();
        // git, except that right after the script's first look at the remote another run pushes gh-pages.
        var realGit = ChildProcess.Run(BashLocator.Path, ["-c", "command -v git"], run.Github.Root, null, TimeSpan.FromSeconds(30)).StdOut.Trim();
        var stubs = Stubs.Folder(run.Github.Root, ("git",
            $"real='{realGit}'\n" +
            "status=0\n" +
            "\"$real\" \"$@\" || status=$?\n" +
            "case \" $* \" in *' ls-remote '*)\n" +
            "  if [ ! -e \"$RACE_DONE\" ]; then\n" +
            "    touch \"$RACE_DONE\"; other=$(mktemp -d)\n" +
            "    \"$real\" init -q -b gh-pages \"$other\" && echo other > \"$other/other-run\" && \"$real\" -C \"$other\" add other-run &&\n" +
            "    \"$real\" -C \"$other\" -c user.name=other -c user.email=other@localhost commit -q -m 'the other run' &&\n" +
            "    \"$real\" -C \"$other\" push -q \"$TREND_REMOTE\" HEAD:refs/heads/gh-pages || exit 97\n" +
            "  fi ;;\n" +
            "esac\n" +
            "exit \"$status\""));
        run.Github.TestEnvironment["PATH"] = Stubs.PathWith(stubs);
        run.Github.TestEnvironment["RACE_DONE"] = Path.Combine(run.Github.Root, "race-done");

        var step = run.EnsureBranch();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.True(File.Exists(Path.Combine(run.Github.Root, "race-done")), "the other run pushed between the check and the push");
        Assert.Contains("another run created gh-pages first", step.Process!.StdOut + step.Process.StdErr, StringComparison.Ordinal);
        Assert.Equal("the other run", ChildProcess.Git(run.Github.Root, "--git-dir", run.Pages, "log", "-1", "--format=%s", "gh-pages").Trim());
    }

    /// <summary>A push to main on a copy of this tree, with an empty bare repository as the gh-pages remote.</summary>
    private sealed class PushRun : IDisposable
    {
        public PushRun()
        {
            var origin = OriginRepository.CopyOfThisTree();
            this.Github = SimulatedGitHub.ForEvent(origin, "push", "refs/heads/main", origin.Head, runId: "3");
            this.Pages = Path.Combine(this.Github.Root, "pages.git");
            ChildProcess.Git(this.Github.Root, "init", "-q", "--bare", this.Pages);
            this.Github.TestEnvironment["TREND_REMOTE"] = this.Pages;
        }

        public SimulatedGitHub Github { get; }

        public string Pages { get; }

        public RunnerJob Job() => this.Github.Job(WorkflowFile.Load("benchmarks.yml"), "publish-trend");

        /// <summary>A fresh publish-trend job: its checkout, then the step.</summary>
        public StepRun EnsureBranch()
        {
            var job = this.Job();
            Assert.Equal("success", job.RunStep("actions/checkout@").Outcome);
            return job.RunStep(EnsureStep);
        }

        /// <summary>gh-pages' commit on the remote, or empty when it has none.</summary>
        public string PagesTip() =>
            ChildProcess.Git(this.Github.Root, "--git-dir", this.Pages, "for-each-ref", "--format=%(objectname)", "refs/heads/gh-pages").Trim();

        public void Dispose() => this.Github.Dispose();
    }
}
