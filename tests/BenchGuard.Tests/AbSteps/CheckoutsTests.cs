using BenchGuard.AB;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>The repository, the sides' checkouts and their builds, up to the point where a build would start.</summary>
public sealed class CheckoutsTests : IDisposable
{
    private readonly TinyRepository repository = new();

    [Fact]
    public void TheRepositoryIsFoundFromAnyFolderInsideIt()
    {
        var sub = Path.Combine(this.repository.Root, "a", "b");
        Directory.CreateDirectory(sub);

        Assert.Equal(Path.GetFullPath(this.repository.Root), GitRepository.Find(sub)?.Root);
        using var outside = new TempFolder();
        Assert.Null(GitRepository.Find(outside.Path));
        Assert.Null(GitRepository.Find(Path.Combine(outside.Path, "missing")));
    }

    [Fact]
    public void RefsResolveToCommitsOrToNull()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var unrelated = this.repository.Unrelated("unrelated");

        Assert.Equal(this.repository.First, git.Commit("first"));
        Assert.Null(git.Commit("no-such-ref"));
        Assert.Equal(this.repository.First, git.MergeBase(this.repository.First, "first"));
        Assert.Null(git.MergeBase(this.repository.First, unrelated));
        var shortName = git.Short(this.repository.First);
        Assert.True(shortName.Length is >= 7 and < 40, shortName);
        Assert.StartsWith(shortName, this.repository.First, StringComparison.Ordinal);
        Assert.Equal("no-such", git.Short("no-such-commit"));
        Assert.Equal("abc", git.Short("abc"));
    }

    [Fact]
    public void ACheckoutIsAddedAtItsCommitAndRemovedWithItsRegistration()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "deep", "base-src");
        var checkouts = new Checkouts(git);

        checkouts.Add(this.repository.First, folder);

        Assert.Equal(this.repository.First, Checkouts.HeadOf(folder));
        Assert.Null(checkouts.Remove(folder));
        Assert.False(Directory.Exists(folder));
        Assert.DoesNotContain(folder, this.repository.Git("worktree", "list"), StringComparison.Ordinal);
        // Removing what is already gone is no failure.
        Assert.Null(checkouts.Remove(folder));
    }

    [Fact]
    public void ACheckoutWhoseFolderIsAlreadyGoneIsUnregisteredByItsRemoval()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "base-src");
        var checkouts = new Checkouts(git);
        checkouts.Add(this.repository.First, folder);
        Directory.Delete(folder, recursive: true);

        Assert.Null(checkouts.Remove(folder));

        Assert.DoesNotContain("base-src", this.repository.Git("worktree", "list"), StringComparison.Ordinal);
    }

    [Fact]
    public void AFolderHeldOnEveryAttemptIsTriedFourTimesWithLongerPausesAndTheLastReasonIsSaid()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "held");
        Directory.CreateDirectory(folder);
        var pauses = new List<TimeSpan>();
        var attempt = 0;

        var reason = Checkouts.RemoveWorktree(git, folder, _ => throw new IOException($"held ({++attempt})"), Pause(pauses));

        Assert.Equal("held (4)", reason);
        Assert.Equal([1, 2, 3, 4], pauses.Select(p => p.TotalSeconds));
        Assert.True(Directory.Exists(folder));
    }

    [Fact]
    public void AFolderReleasedAfterSomeAttemptsIsRemovedEvenOnTheLastAttempt()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        foreach (var heldFor in new[] { 1, 3 })
        {
            var folder = Path.Combine(this.repository.NewOut(), "held");
            Directory.CreateDirectory(folder);
            var pauses = new List<TimeSpan>();
            var attempt = 0;

            var reason = Checkouts.RemoveWorktree(
                git,
                folder,
                f =>
                {
                    if (++attempt <= heldFor)
                    {
                        throw new UnauthorizedAccessException("held");
                    }

                    Directory.Delete(f, recursive: true);
                },
                Pause(pauses));

            Assert.Null(reason);
            Assert.False(Directory.Exists(folder));
            Assert.Equal(heldFor, pauses.Count);
        }
    }

    [Fact]
    public void AFailureOtherThanAHeldFileIsNotRetried()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "held");
        Directory.CreateDirectory(folder);
        var pauses = new List<TimeSpan>();

        Assert.Throws<InvalidOperationException>(() => Checkouts.RemoveWorktree(git, folder, _ => throw new InvalidOperationException("bug"), Pause(pauses)));
        Assert.Empty(pauses);
    }

    [Fact]
    public void AFolderThatIsNoCheckoutIsReplacedByOne()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "head-src");
        Directory.CreateDirectory(Path.Combine(folder, "bin"));
        File.WriteAllText(Path.Combine(folder, "bin", "stale.dll"), "old");
        Assert.Null(Checkouts.HeadOf(folder));

        new Checkouts(git).Add(this.repository.First, folder);

        Assert.Equal(this.repository.First, Checkouts.HeadOf(folder));
        Assert.False(File.Exists(Path.Combine(folder, "bin", "stale.dll")));
    }

    [Fact]
    public void ACheckoutWhoseFolderAnInterruptedRunLeftDeletedIsReplaced()
    {
        // A run killed mid-way leaves its worktrees registered; deleting its output folder then made every later
        // run fail with "a missing but already registered worktree".
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "ab", "base-src");
        var checkouts = new Checkouts(git);
        checkouts.Add(this.repository.First, folder);
        Directory.Delete(folder, recursive: true);

        checkouts.Add(this.repository.First, folder);

        Assert.Equal(this.repository.First, Checkouts.HeadOf(folder));
        Assert.Null(checkouts.Remove(folder));
    }

    [Fact]
    public void AnOldCheckoutThatCannotBeRemovedStopsTheRunAndACommitThatIsNotOneToo()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var folder = Path.Combine(this.repository.NewOut(), "head-src");
        Directory.CreateDirectory(folder);

        var held = Assert.Throws<InputException>(() => new Checkouts(git) { Remove = _ => "held by another process" }.Add(this.repository.First, folder));
        Assert.Contains("held by another process", held.Message, StringComparison.Ordinal);

        var other = Path.Combine(this.repository.NewOut(), "base-src");
        Assert.Throws<InputException>(() => new Checkouts(git).Add("0123456789012345678901234567890123456789", other));
        Assert.Null(Checkouts.HeadOf(other));
    }

    [Fact]
    public void TheSnapshotTakesUntrackedFilesButNeitherIgnoredOnesNorThePackageCache()
    {
        this.repository.Write(".gitignore", "*.ignored\n");
        this.repository.Commit("ignores");
        this.repository.Write("notes.md", "untracked, not ignored\n");
        this.repository.Write("debug.ignored", "ignored by .gitignore\n");
        this.repository.Write(".nuget/packages/a/1.0.0/a.nuspec", "<package/>\n");
        this.repository.Write("tools/.nuget/b.nuspec", "<package/>\n");
        var indexes = Directory.EnumerateFiles(Path.GetTempPath(), "pr-report-index-*").ToList();

        var commit = WorkingTreeSnapshot.Take(GitRepository.Find(this.repository.Root)!);
        var files = this.repository.Git("ls-tree", "-r", "--name-only", commit).Split('\n', StringSplitOptions.RemoveEmptyEntries);

        Assert.Contains("notes.md", files);
        Assert.Contains("README.md", files);
        Assert.DoesNotContain("debug.ignored", files);
        Assert.DoesNotContain(files, f => f.Contains(".nuget/", StringComparison.Ordinal));
        Assert.Equal(this.repository.Git("rev-parse", "ignores").Trim(), this.repository.Git("rev-parse", commit + "^").Trim());
        // The index and HEAD are untouched: the new file is still untracked.
        Assert.Contains("?? notes.md", this.repository.Git("status", "--porcelain"), StringComparison.Ordinal);
        // Its temporary index is gone.
        Assert.Equal(indexes, Directory.EnumerateFiles(Path.GetTempPath(), "pr-report-index-*").ToList());
    }

    [Fact]
    public void TheSnapshotKeepsATrackedFileThatGitignoreWouldIgnore()
    {
        // The snapshot starts from HEAD's tree: a file committed with add -f stays, as git status shows it tracked.
        this.repository.Write(".gitignore", "*.ignored\n");
        this.repository.Write("kept.ignored", "tracked although ignored\n");
        this.repository.Git("add", "-f", "kept.ignored");
        this.repository.Commit("tracked-ignored");
        this.repository.Write("kept.ignored", "changed in the working tree\n");

        var commit = WorkingTreeSnapshot.Take(GitRepository.Find(this.repository.Root)!);

        Assert.Equal("changed in the working tree\n", this.repository.Git("show", commit + ":kept.ignored"));
    }

    [Fact]
    public void TheSnapshotLeavesOutTheRunsOwnFolders()
    {
        // A repository that does not ignore the output: an earlier run's report and checkouts are not the head.
        this.repository.Write("report-out/report.md", "an earlier run's report\n");
        this.repository.Write("checkouts/head/x.cs", "an earlier checkout\n");
        this.repository.Write("notes.md", "untracked\n");
        var git = GitRepository.Find(this.repository.Root)!;

        var commit = WorkingTreeSnapshot.Take(git, Path.Combine(this.repository.Root, "report-out"), Path.Combine(this.repository.Root, "checkouts"), Path.GetTempPath());

        var files = this.repository.Git("ls-tree", "-r", "--name-only", commit);
        Assert.Contains("notes.md", files, StringComparison.Ordinal);
        Assert.DoesNotContain("report-out", files, StringComparison.Ordinal);
        Assert.DoesNotContain("checkouts", files, StringComparison.Ordinal);
        Assert.Contains("report-out/report.md", this.repository.Git("ls-tree", "-r", "--name-only", WorkingTreeSnapshot.Take(git)), StringComparison.Ordinal);

        // An ignored output folder (FilePipes' artifacts/) is left out by git already; naming it would make git add fail.
        this.repository.Write(".gitignore", "report-out/\n");
        var ignored = WorkingTreeSnapshot.Take(git, Path.Combine(this.repository.Root, "report-out"));
        Assert.DoesNotContain("report-out", this.repository.Git("ls-tree", "-r", "--name-only", ignored), StringComparison.Ordinal);
    }

    [Fact]
    public void TheSnapshotNeedsNoGitIdentity()
    {
        // A fresh runner has no user.name or user.email: the snapshot brings its own, so no config is read for them.
        this.repository.Write("notes.md", "untracked\n");
        var noConfig = Path.Combine(this.repository.NewOut(), "empty.gitconfig");
        Directory.CreateDirectory(Path.GetDirectoryName(noConfig)!);
        File.WriteAllText(noConfig, "");
        var saved = new[] { "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM" }.ToDictionary(name => name, Environment.GetEnvironmentVariable);
        Environment.SetEnvironmentVariable("GIT_CONFIG_GLOBAL", noConfig);
        Environment.SetEnvironmentVariable("GIT_CONFIG_NOSYSTEM", "1");
        try
        {
            var commit = WorkingTreeSnapshot.Take(GitRepository.Find(this.repository.Root)!);

            Assert.Contains("notes.md", this.repository.Git("ls-tree", "-r", "--name-only", commit), StringComparison.Ordinal);
            Assert.Equal("pr-report <pr-report@localhost>", this.repository.Git("log", "-1", "--format=%an <%ae>", commit).Trim());
            Assert.Equal("pr-report <pr-report@localhost>", this.repository.Git("log", "-1", "--format=%cn <%ce>", commit).Trim());
        }
        finally
        {
            foreach (var (name, value) in saved)
            {
                Environment.SetEnvironmentVariable(name, value);
            }
        }
    }

    [Fact]
    public void ARepositoryWithNoCommitHasNoSnapshot()
    {
        using var empty = new TempFolder();
        Assert.True(ChildProcess.Run("git", ["init", "-q", "."], empty.Path, TimeSpan.FromMinutes(1)).Succeeded);

        var e = Assert.Throws<InputException>(() => WorkingTreeSnapshot.Take(GitRepository.Find(empty.Path)!));
        Assert.Contains("no commit", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ASideWithoutTheBenchmarkProjectIsCheckedOutAndSaysSo()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var side = new SideBuild("base", Path.Combine(this.repository.NewOut(), "base-src"), TestConfiguration.Project);

        var outcome = side.Prepare(new Checkouts(git), this.repository.First, Path.Combine(side.Source, "..", "build.log"), [], reuse: false, new ProgressLog("test"));

        Assert.Equal(BuildOutcome.NoProject, outcome);
        Assert.Equal(this.repository.First, Checkouts.HeadOf(side.Source));
        Assert.Equal(Path.Combine(side.Source, "artifacts", "ab-bin", "FilePipes.Benchmarks.dll"), side.Program);
    }

    [Fact]
    public void AKeptBuildOfTheSameCommitIsReusedOnlyWhenAskedAndOnlyForThatCommit()
    {
        var git = GitRepository.Find(this.repository.Root)!;
        var checkouts = new Checkouts(git);
        var side = new SideBuild("head", Path.Combine(this.repository.NewOut(), "head-src"), TestConfiguration.Project);
        checkouts.Add(this.repository.First, side.Source);
        Directory.CreateDirectory(Path.GetDirectoryName(side.Program)!);
        File.WriteAllText(side.Program, "built");
        var log = Path.Combine(side.Source, "..", "build.log");

        // Reused: the kept checkout, its build and all, is left as it is.
        var run = ComparerRun.Capture(() => (int)side.Prepare(checkouts, this.repository.First, log, [], reuse: true, new ProgressLog("test")));
        Assert.Equal((int)BuildOutcome.Built, run.ExitCode);
        Assert.Contains("reusing the build", run.Out, StringComparison.Ordinal);
        Assert.True(File.Exists(side.Program));

        // Another commit: checked out afresh, and this one has no project.
        this.repository.Write("README.md", "second\n");
        var second = this.repository.Commit("second");
        Assert.Equal(BuildOutcome.NoProject, side.Prepare(checkouts, second, log, [], reuse: true, new ProgressLog("test")));
        Assert.Equal(second, Checkouts.HeadOf(side.Source));
        Assert.False(File.Exists(side.Program));

        // Not asked to reuse: checked out afresh even for the same commit.
        Directory.CreateDirectory(Path.GetDirectoryName(side.Program)!);
        File.WriteAllText(side.Program, "built");
        Assert.Equal(BuildOutcome.NoProject, side.Prepare(checkouts, second, log, [], reuse: false, new ProgressLog("test")));
        Assert.False(File.Exists(side.Program));
        Assert.Null(checkouts.Remove(side.Source));
    }

    // Records the pauses instead of sleeping; a loop that never ends fails instead of hanging.
    private static Action<TimeSpan> Pause(List<TimeSpan> pauses) => pause =>
    {
        pauses.Add(pause);
        Assert.True(pauses.Count <= 10, "the removal kept retrying");
    };

    public void Dispose() => this.repository.Dispose();
}
