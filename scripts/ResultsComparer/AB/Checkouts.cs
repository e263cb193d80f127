namespace ResultsComparer.AB;

/// <summary>
/// Detached git worktrees, one per side. Each launch runs from its own worktree's root because BenchmarkDotNet's
/// generated child project looks for the benchmark's .csproj below the nearest folder with a .sln and refuses two
/// copies of it; the worktrees are removed afterwards so that the repository's own benchmark run keeps working.
/// </summary>
internal sealed class Checkouts(GitRepository git)
{
    private const int RemovalAttempts = 4;

    /// <summary>
    /// Removes a checkout; returns null when it is gone, or why it is not. Replaceable so that a test can make it
    /// fail as a held file on Windows would.
    /// </summary>
    public Func<string, string?> Remove { get; init; } = folder => RemoveWorktree(git, folder);

    /// <summary>Checks <paramref name="commit"/> out at <paramref name="folder"/>, replacing what an interrupted run left.</summary>
    public void Add(string commit, string folder)
    {
        if (Directory.Exists(folder) && this.Remove(folder) is { } reason)
        {
            throw new InputException($"cannot replace the old checkout {folder}: {reason}");
        }

        // A worktree whose folder was deleted stays registered and blocks `worktree add` at the same path.
        git.Run("worktree", "prune");
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(folder))!);
        var outcome = git.Run("worktree", "add", "--detach", "--quiet", folder, commit);
        if (!outcome.Succeeded)
        {
            throw new InputException($"cannot check {commit} out at {folder}: git: {outcome.FirstErrorLine}");
        }
    }

    /// <summary>The commit checked out at <paramref name="folder"/> when it is a worktree's root (it has its own .git), or null.</summary>
    public static string? HeadOf(string folder) =>
        File.Exists(Path.Combine(folder, ".git")) && GitRepository.Find(folder) is { } checkout ? checkout.Commit("HEAD") : null;

    // On Windows a file can stay held for a moment after the process that used it exited (a build server, an
    // antivirus scan): retry, then give up and say so. The caller reports it; it never fails a comparison.
    private static string? RemoveWorktree(GitRepository git, string folder)
    {
        string? reason = null;
        for (var attempt = 1; attempt <= RemovalAttempts; attempt++)
        {
            if (!Directory.Exists(folder))
            {
                git.Run("worktree", "prune");
                return null;
            }

            var outcome = git.Run("worktree", "remove", "--force", folder);
            if (outcome.Succeeded)
            {
                git.Run("worktree", "prune");
                return null;
            }

            reason = $"git: {outcome.FirstErrorLine}";
            try
            {
                DeleteTree(folder);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                reason = e.Message;
                Thread.Sleep(TimeSpan.FromSeconds(attempt));
            }
        }

        git.Run("worktree", "prune");
        return Directory.Exists(folder) ? reason : null;
    }

    // Read-only files (git marks some) would stop Directory.Delete on Windows.
    private static void DeleteTree(string folder)
    {
        foreach (var file in Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories))
        {
            File.SetAttributes(file, FileAttributes.Normal);
        }

        Directory.Delete(folder, recursive: true);
    }
}
