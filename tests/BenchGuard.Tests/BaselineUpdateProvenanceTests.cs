using BenchGuard.Baselines;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// baseline update's provenance when an option is left out (the workflow's variables, then git, then a fallback) and
/// the store's lock, which keeps two updates from both reading the old store.
/// </summary>
public sealed class BaselineUpdateProvenanceTests : IDisposable
{
    private static readonly FakeBenchmark ReadA = FakeBenchmark.Of("A", 1000, 0.02, 15, seed: 1, allocated: 100);

    private readonly TempFolder temp = new();

    [Fact]
    public void ARunIsNamedByItsDateAndTheFirstTwelveCharactersOfItsCommit()
    {
        var store = this.Update("--commit", "0123456789abcdef0123456789abcdef01234567", "--date", "2026-03-04T05:06:07+02:00");

        var run = Assert.Single(store.Runs);
        Assert.Equal("2026-03-04T03:06:07Z 0123456789ab", run.Id);
        Assert.Equal("0123456789abcdef0123456789abcdef01234567", run.Commit);
        Assert.Equal("2026-03-04T03:06:07Z", run.Date);
        Assert.Equal(run.Id, store.Benchmarks.Single().Run);
        // The profile, when not given, is said to be unknown rather than guessed.
        Assert.Equal("unknown", run.Profile);
    }

    [Fact]
    public void ACommitOfTwelveCharactersOrFewerIsTheRunsNameAsItIs()
    {
        Assert.Equal("2026-01-01T00:00:00Z 0123456789ab", Assert.Single(this.Update("--commit", "0123456789ab", "--date", "2026-01-01T00:00:00Z").Runs).Id);
    }

    [Fact]
    public void WithoutOptionsTheWorkflowsCommitAndRunnerAreUsed()
    {
        var sha = Environment.GetEnvironmentVariable("GITHUB_SHA");
        var runner = Environment.GetEnvironmentVariable("RUNNER_NAME");
        Environment.SetEnvironmentVariable("GITHUB_SHA", "feedfacefeedfacefeedface");
        Environment.SetEnvironmentVariable("RUNNER_NAME", "GitHub Actions 7");
        try
        {
            var before = DateTimeOffset.UtcNow.AddSeconds(-1);
            var run = Assert.Single(this.Update().Runs);

            Assert.Equal("feedfacefeedfacefeedface", run.Commit);
            Assert.Equal("GitHub Actions 7", run.Runner);
            Assert.EndsWith(" feedfacefeed", run.Id, StringComparison.Ordinal);
            // No --date: now.
            Assert.InRange(DateTimeOffset.Parse(run.Date, System.Globalization.CultureInfo.InvariantCulture), before, DateTimeOffset.UtcNow.AddSeconds(1));
        }
        finally
        {
            Environment.SetEnvironmentVariable("GITHUB_SHA", sha);
            Environment.SetEnvironmentVariable("RUNNER_NAME", runner);
        }
    }

    [Fact]
    public void OutsideTheWorkflowTheCommitComesFromGitAndTheRunnerIsThisMachine()
    {
        var sha = Environment.GetEnvironmentVariable("GITHUB_SHA");
        var runner = Environment.GetEnvironmentVariable("RUNNER_NAME");
        Environment.SetEnvironmentVariable("GITHUB_SHA", null);
        Environment.SetEnvironmentVariable("RUNNER_NAME", null);
        try
        {
            var run = Assert.Single(this.Update("--date", "2026-01-01T00:00:00Z").Runs);

            // The tests run inside the repository's own checkout (or a copy without git: then "unknown").
            var head = AB.ChildProcess.Run("git", ["rev-parse", "HEAD"], Environment.CurrentDirectory, TimeSpan.FromMinutes(1));
            Assert.Equal(head.Succeeded ? head.Output.Trim() : "unknown", run.Commit);
            Assert.Equal($"local ({Environment.MachineName})", run.Runner);
        }
        finally
        {
            Environment.SetEnvironmentVariable("GITHUB_SHA", sha);
            Environment.SetEnvironmentVariable("RUNNER_NAME", runner);
        }
    }

    [Fact]
    public void ADateThatIsNotOneIsBadInputAndNothingIsStored()
    {
        this.Run("--date", "yesterday").AssertBadInput("--date 'yesterday'");

        Assert.False(File.Exists(this.temp.File("baselines", "ubuntu-latest", "baseline.json")));
    }

    [Fact]
    public void AStoreHeldByAnotherUpdateIsWaitedForAndThenRefused()
    {
        var file = this.temp.File("baselines", "ubuntu-latest", "baseline.json");
        using (StoreLock.Take(file, TimeSpan.Zero))
        {
            var lockFile = this.temp.File("baselines", "ubuntu-latest", ".baseline.json.lock");
            Assert.True(File.Exists(lockFile));
            var e = Assert.Throws<InputException>(() => StoreLock.Take(file, TimeSpan.FromMilliseconds(200)));
            Assert.Contains(lockFile, e.Message, StringComparison.Ordinal);
        }

        // Released: the lock file is gone and the next update takes the lock at once.
        Assert.False(File.Exists(this.temp.File("baselines", "ubuntu-latest", ".baseline.json.lock")));
        using var next = StoreLock.Take(file, TimeSpan.Zero);
    }

    [Fact]
    public async Task AnUpdateWaitsForTheHolderToFinish()
    {
        var file = this.temp.File("baselines", "ubuntu-latest", "baseline.json");
        var held = StoreLock.Take(file, TimeSpan.Zero);
        var releasing = 0;
        var release = Task.Run(
            () =>
            {
                Thread.Sleep(300);
                Volatile.Write(ref releasing, 1);
                held.Dispose();
            },
            TestContext.Current.CancellationToken);

        using (StoreLock.Take(file, TimeSpan.FromMinutes(1)))
        {
            // Taken only once the holder let go.
            Assert.Equal(1, Volatile.Read(ref releasing));
        }

        await release.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken);
    }

    [Fact]
    public void LeftoversOfKilledUpdatesAreRemovedAndNothingElse()
    {
        var file = this.temp.File("baselines", "ubuntu-latest", "baseline.json");
        File.WriteAllText(file, "{}");
        var leftover = this.temp.File("baselines", "ubuntu-latest", ".baseline.json.0123456789abcdef.tmp");
        File.WriteAllText(leftover, "partial");
        var other = this.temp.File("baselines", "ubuntu-latest", ".other.json.0123.tmp");
        File.WriteAllText(other, "not the store's");

        StoreLock.RemoveLeftovers(file);
        StoreLock.RemoveLeftovers(this.temp.File("missing", "baseline.json"));

        Assert.False(File.Exists(leftover));
        Assert.True(File.Exists(other));
        Assert.True(File.Exists(file));
    }

    public void Dispose() => this.temp.Dispose();

    private ComparerRun Run(params string[] extra)
    {
        this.temp.Folder("baselines", "ubuntu-latest");
        this.temp.Folder("baselines", "windows-latest");
        BdnJson.Write(this.temp.Folder("results"), [ReadA]);
        return ComparerRun.Of(["baseline", "update", "--results", this.temp.File("results"), "--os", "ubuntu-latest", "--baselines", this.temp.File("baselines"), .. extra]);
    }

    private BaselineDocument Update(params string[] extra)
    {
        var run = this.Run(extra);
        Assert.True(run.ExitCode == 0, run.Error);
        return BaselineStore.Load(this.temp.File("baselines", "ubuntu-latest", "baseline.json"));
    }
}
