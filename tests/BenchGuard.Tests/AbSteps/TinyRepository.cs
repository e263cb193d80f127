using BenchGuard.AB;
using BenchGuard.Configuration;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// A git repository of a few commits and no benchmark project, in a temp folder: enough for every step of the A/B
/// runner that comes before a build (refs, checkouts, the output folder, option checks), in seconds. The working tree
/// has baselines/ubuntu-latest and baselines/windows-latest, untracked, as pr-report's --os check needs.
/// </summary>
internal sealed class TinyRepository : IDisposable
{
    private static readonly TimeSpan GitLimit = TimeSpan.FromMinutes(2);

    private static readonly Dictionary<string, string?> Identity = new()
    {
        ["GIT_AUTHOR_NAME"] = "ab-steps",
        ["GIT_AUTHOR_EMAIL"] = "ab-steps@localhost",
        ["GIT_COMMITTER_NAME"] = "ab-steps",
        ["GIT_COMMITTER_EMAIL"] = "ab-steps@localhost",
    };

    /// <summary>Makes the repository on <paramref name="branch"/> with one commit, tagged first.</summary>
    public TinyRepository(string branch = "main")
    {
        this.Root = Path.Combine(Path.GetTempPath(), "ab-steps-" + Guid.NewGuid().ToString("N"), "repo");
        Directory.CreateDirectory(this.Root);
        this.Git("init", "-q", "-b", branch, ".");
        this.Git("config", "core.autocrlf", "false");
        this.Write("README.md", "first\n");
        this.Write(GuardConfiguration.FileName, TestConfiguration.Text);
        this.First = this.Commit("first");
        Directory.CreateDirectory(Path.Combine(this.Root, "baselines", "ubuntu-latest"));
        Directory.CreateDirectory(Path.Combine(this.Root, "baselines", "windows-latest"));
    }

    /// <summary>The working tree.</summary>
    public string Root { get; }

    /// <summary>The first commit.</summary>
    public string First { get; }

    /// <summary>Runs git in the repository and returns its output; a failure fails the test.</summary>
    public string Git(params string[] arguments)
    {
        var outcome = ChildProcess.Run("git", arguments, this.Root, GitLimit, Identity);
        Assert.True(outcome.Succeeded, $"git {string.Join(' ', arguments)}: {outcome.Error}");
        return outcome.Output;
    }

    /// <summary>Writes a file in the working tree.</summary>
    public void Write(string relative, string text)
    {
        var path = Path.Combine(this.Root, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }

    /// <summary>Commits everything (baselines/ excepted, it stays untracked), tags it, and returns the commit.</summary>
    public string Commit(string tag)
    {
        this.Git("add", "-A", "--", ".", ":(exclude)baselines");
        this.Git("commit", "-q", "--allow-empty", "-m", tag);
        this.Git("tag", tag);
        return this.Git("rev-parse", "HEAD").Trim();
    }

    /// <summary>A commit with no parent, so that it has no merge-base with the others; tagged.</summary>
    public string Unrelated(string tag)
    {
        var tree = this.Git("write-tree").Trim();
        var commit = this.Git("commit-tree", tree, "-m", tag).Trim();
        this.Git("tag", tag, commit);
        return commit;
    }

    /// <summary>Where pr-report checks <paramref name="side"/> (base or head) out when no --src is given.</summary>
    public string Checkout(string side) => Path.Combine(this.Root, "artifacts", "pr-report-src", side);

    /// <summary>A fresh output folder path (not created).</summary>
    public string NewOut() => Path.Combine(Path.GetDirectoryName(this.Root)!, "out-" + Guid.NewGuid().ToString("N")[..8]);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path.GetDirectoryName(this.Root)!, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A leftover temp folder must not fail a test.
        }
    }
}
