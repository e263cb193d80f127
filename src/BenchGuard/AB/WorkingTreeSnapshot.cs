namespace BenchGuard.AB;

/// <summary>
/// A commit holding the working tree as it is now (tracked changes, and untracked files that git does not ignore),
/// made through a temporary index so that the index, HEAD and the stash stay untouched.
/// </summary>
internal static class WorkingTreeSnapshot
{
    /// <summary>
    /// The package cache: the workflows put it inside the workspace (<c>NUGET_PACKAGES</c>), and a repository's
    /// .gitignore may not list it. Taken, it would hash hundreds of MB into git and check them out again.
    /// </summary>
    public const string PackageCacheExclusion = ":(exclude,glob)**/.nuget/**";

    /// <summary>Commits the working tree of <paramref name="git"/> on top of HEAD; returns the commit.</summary>
    /// <param name="git">The repository.</param>
    /// <param name="leaveOut">
    /// Folders the run itself writes (its output and checkouts): inside the working tree and not ignored (a repository
    /// whose .gitignore does not list artifacts/), an earlier run's would be taken into the head.
    /// </param>
    public static string Take(GitRepository git, params IReadOnlyList<string> leaveOut)
    {
        var parent = git.Commit("HEAD") ?? throw new InputException("cannot snapshot the working tree: the repository has no commit yet");
        var index = Path.Combine(Path.GetTempPath(), "pr-report-index-" + Guid.NewGuid().ToString("N"));
        var environment = new Dictionary<string, string?>(StringComparer.Ordinal)
        {
            ["GIT_INDEX_FILE"] = index,
            ["GIT_AUTHOR_NAME"] = "pr-report",
            ["GIT_AUTHOR_EMAIL"] = "pr-report@localhost",
            ["GIT_COMMITTER_NAME"] = "pr-report",
            ["GIT_COMMITTER_EMAIL"] = "pr-report@localhost",
        };
        try
        {
            Require(git.Run(environment, "read-tree", parent));
            Require(git.Run(environment, ["add", "-A", "--", ".", PackageCacheExclusion, .. Exclusions(git, leaveOut)]));
            var tree = Require(git.Run(environment, "write-tree"));
            return Require(git.Run(environment, "commit-tree", tree, "-p", parent, "-m", "pr-report: working tree snapshot"));
        }
        finally
        {
            File.Delete(index);
        }
    }

    // A literal pathspec per folder strictly inside the working tree and not ignored: others are not in the snapshot
    // anyway, and git add refuses a pathspec, even an exclusion, that names an ignored path.
    private static IEnumerable<string> Exclusions(GitRepository git, IReadOnlyList<string> folders) =>
        folders.Select(folder => Path.GetRelativePath(git.Root, Path.GetFullPath(folder)).Replace('\\', '/'))
            .Where(relative => relative != "." && !relative.StartsWith("..", StringComparison.Ordinal) && !Path.IsPathRooted(relative))
            .Where(relative => git.Run("check-ignore", "-q", "--", relative).ExitCode != 0)
            .Select(relative => $":(exclude,literal){relative}");

    private static string Require(ChildOutcome outcome) =>
        outcome.Succeeded ? outcome.Output.Trim() : throw new InputException($"cannot snapshot the working tree: git: {outcome.FirstErrorLine}");
}
