using BenchGuard.AB;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// How the A/B runner runs git and dotnet: streams kept apart, exit codes as given, no input, the variables it is
/// handed, a log of both streams. git is the child: it is on every machine that runs the comparer.
/// </summary>
public sealed class ChildProcessTests : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(2);

    private readonly TinyRepository repository = new();

    [Fact]
    public void ASuccessfulChildGivesItsOutputAndExitCodeZero()
    {
        var outcome = ChildProcess.Run("git", ["rev-parse", "HEAD"], this.repository.Root, Limit);

        Assert.Equal((0, false, true), (outcome.ExitCode, outcome.TimedOut, outcome.Succeeded));
        Assert.Equal(this.repository.First + "\n", outcome.Output);
        Assert.Equal(string.Empty, outcome.Error);
        Assert.True(outcome.Elapsed > TimeSpan.Zero);
    }

    [Fact]
    public void AFailingChildGivesItsExitCodeAndKeepsTheStreamsApart()
    {
        var log = Path.Combine(Path.GetDirectoryName(this.repository.Root)!, "logs", "nested", "child.log");

        var outcome = ChildProcess.Run("git", ["rev-parse", "HEAD", "no-such-ref"], this.repository.Root, Limit, logPath: log);

        Assert.Equal(128, outcome.ExitCode);
        Assert.False(outcome.Succeeded);
        Assert.False(outcome.TimedOut);
        Assert.Equal($"{this.repository.First}\nno-such-ref\n", outcome.Output);
        Assert.StartsWith("fatal: ", outcome.Error, StringComparison.Ordinal);
        Assert.DoesNotContain(this.repository.First, outcome.Error, StringComparison.Ordinal);
        Assert.Equal(outcome.Error.Split('\n')[0], outcome.FirstErrorLine);

        // The log, in a folder made for it, has both streams, and no kill line.
        var logged = File.ReadAllText(log);
        Assert.Contains(this.repository.First, logged, StringComparison.Ordinal);
        Assert.Contains("fatal: ", logged, StringComparison.Ordinal);
        Assert.DoesNotContain("[killed", logged, StringComparison.Ordinal);
    }

    [Fact]
    public void AChildThatReadsItsInputGetsEndOfFileAtOnce()
    {
        var outcome = ChildProcess.Run("git", ["hash-object", "--stdin"], this.repository.Root, Limit);

        // The hash of the empty blob: the child read nothing and ended.
        Assert.True(outcome.Succeeded, outcome.Error);
        Assert.Equal("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391\n", outcome.Output);
    }

    [Fact]
    public void TheChildGetsTheVariablesItIsHandedAndNotThoseSetToNull()
    {
        var previous = Environment.GetEnvironmentVariable("GIT_COMMITTER_NAME");
        Environment.SetEnvironmentVariable("GIT_COMMITTER_NAME", "Inherited Name");
        try
        {
            var inherited = ChildProcess.Run("git", ["var", "GIT_COMMITTER_IDENT"], this.repository.Root, Limit, new Dictionary<string, string?> { ["GIT_COMMITTER_EMAIL"] = "probe@localhost" });
            Assert.StartsWith("Inherited Name <probe@localhost>", inherited.Output, StringComparison.Ordinal);

            var handed = ChildProcess.Run("git", ["var", "GIT_COMMITTER_IDENT"], this.repository.Root, Limit, new Dictionary<string, string?> { ["GIT_COMMITTER_NAME"] = "Handed Name", ["GIT_COMMITTER_EMAIL"] = "probe@localhost" });
            Assert.StartsWith("Handed Name <probe@localhost>", handed.Output, StringComparison.Ordinal);

            var removed = ChildProcess.Run("git", ["var", "GIT_COMMITTER_IDENT"], this.repository.Root, Limit, new Dictionary<string, string?> { ["GIT_COMMITTER_NAME"] = null, ["GIT_COMMITTER_EMAIL"] = "probe@localhost" });
            Assert.DoesNotContain("Inherited Name", removed.Output + removed.Error, StringComparison.Ordinal);
        }
        finally
        {
            Environment.SetEnvironmentVariable("GIT_COMMITTER_NAME", previous);
        }
    }

    [Fact]
    public void TheChildRunsInTheFolderItIsGiven()
    {
        var sub = Path.Combine(this.repository.Root, "sub");
        Directory.CreateDirectory(sub);

        var outcome = ChildProcess.Run("git", ["rev-parse", "--show-prefix"], sub, Limit);

        Assert.Equal("sub/\n", outcome.Output);
    }

    [Fact]
    public void AProgramThatCannotStartIsBadInput()
    {
        var e = Assert.Throws<InputException>(() => ChildProcess.Run("no-such-program-" + Guid.NewGuid().ToString("N"), [], this.repository.Root, Limit));

        Assert.Contains("cannot start", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void WithoutStandardErrorTheFirstErrorLineSaysHowTheChildEnded()
    {
        Assert.Equal("exit code 3", new ChildOutcome(3, false, "out\n", string.Empty, TimeSpan.Zero).FirstErrorLine);
        Assert.Equal("timed out", new ChildOutcome(-1, true, string.Empty, "\n  \n", TimeSpan.Zero).FirstErrorLine);
        Assert.Equal("second", new ChildOutcome(1, false, string.Empty, "\n  second  \nthird\n", TimeSpan.Zero).FirstErrorLine);
        Assert.False(new ChildOutcome(0, true, string.Empty, string.Empty, TimeSpan.Zero).Succeeded);
    }

    [Fact]
    public void ChildOutputReadsAlikeWithCrlfAndLf()
    {
        this.repository.Write("crlf.txt", "first\r\nsecond\r\n");
        var blob = this.repository.Git("hash-object", "-w", "crlf.txt").Trim();

        Assert.Equal("first\nsecond\n", ChildProcess.Run("git", ["cat-file", "-p", blob], this.repository.Root, Limit).Output);
    }

    [Fact]
    public void AChildPastItsTimeLimitIsKilledAndSaysSo()
    {
        // dotnet's start-up alone takes longer than the limit.
        var log = Path.Combine(this.repository.NewOut(), "build.log");
        var outcome = ChildProcess.Run("dotnet", ["build", this.repository.Root], this.repository.Root, TimeSpan.FromMilliseconds(100), logPath: log);

        Assert.True(outcome.TimedOut);
        Assert.Equal(-1, outcome.ExitCode);
        Assert.False(outcome.Succeeded);
        Assert.Contains("[killed with its process tree after 0.1 s]", File.ReadAllText(log), StringComparison.Ordinal);
    }

    [Fact]
    public void AChildPastItsTimeLimitIsKilledWithTheProcessesItStarted()
    {
        Assert.SkipUnless(OperatingSystem.IsLinux(), "a process's state is read from /proc, and on Windows the shell's $$ is no process id");

        // git runs the alias in a shell of its own, which prints its id and becomes a long sleep: a grandchild.
        var outcome = ChildProcess.Run("git", ["-c", "alias.hang=!echo $$; exec sleep 60", "hang"], this.repository.Root, TimeSpan.FromSeconds(2));

        Assert.True(outcome.TimedOut);
        var grandchild = int.Parse(outcome.Output.Trim(), System.Globalization.CultureInfo.InvariantCulture);
        // A killed process may stay a zombie until its new parent reaps it: it is gone once it is not running.
        for (var wait = 0; wait < 50 && Running(grandchild); wait++)
        {
            Thread.Sleep(100);
        }

        Assert.False(Running(grandchild), $"process {grandchild} still runs");
    }

    public void Dispose() => this.repository.Dispose();

    private static bool Running(int id)
    {
        var stat = $"/proc/{id}/stat";
        try
        {
            // The state is the field after the command's closing parenthesis: Z is a zombie, X dead.
            var text = File.ReadAllText(stat);
            return text[(text.LastIndexOf(')') + 2)..][0] is not ('Z' or 'X');
        }
        catch (IOException)
        {
            return false;
        }
    }
}
