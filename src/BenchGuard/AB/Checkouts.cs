namespace BenchGuard.AB;

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
        var outcome = git.Run("worktree", "add", "--detach", "--quiet", folder, commit);
        if (!outcome.Succeeded)
        {
            throw new InputException($"cannot check {commit} out at {folder}: git: {outcome.FirstErrorLine}");
        }
    }

    /// <summary>The commit checked out at <paramref name="folder"/> when it is a worktree's root (it has its own .git), or null.</summary>
    public static string? HeadOf(string folder) =>
        File.Exists(Path.Combine(folder, ".git")) && GitRepository.Find(folder) is { } checkout ? checkout.Commit("HEAD") : null;

    /// <summary>
    /// Removes the worktree at <paramref name="folder"/>; returns null when it is gone, or why it is not. On Windows a
    /// file can stay held for a moment after the process that used it exited (a build server, an antivirus scan): so
    /// it retries, pausing longer each time, then gives up and says so. The caller reports it; it never fails a comparison.
    /// </summary>
    /// <param name="git">The repository the worktree belongs to.</param>
    /// <param name="folder">The worktree's folder.</param>
    /// <param name="deleteTree">Deletes a folder that git would not remove (a test's stands in for a held file).</param>
    /// <param name="pause">Waits between attempts.</param>
    internal static string? RemoveWorktree(GitRepository git, string folder, Action<string>? deleteTree = null, Action<TimeSpan>? pause = null)
    {
        deleteTree ??= DeleteTree;
        pause ??= Thread.Sleep;
        string? reason = null;
        for (var attempt = 1; attempt <= RemovalAttempts; attempt++)
        {
            if (!Directory.Exists(folder))
            {
                git.Run("worktree", "prune");
                return null;
            }

            // A removal that git makes unregisters the worktree too.
            var outcome = git.Run("worktree", "remove", "--force", folder);
            if (outcome.Succeeded)
            {
                return null;
            }

            reason = $"git: {outcome.FirstErrorLine}";
            try
            {
                deleteTree(folder);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                reason = e.Message;
                pause(TimeSpan.FromSeconds(attempt));
            }
        }

        git.Run("worktree", "prune");
        return Directory.Exists(folder) ? reason : null;
    }

    // Read-only files (git marks some) would stop Directory.Delete on Windows.
    private static void DeleteTree(string folder)
    {
        // Stryker disable once all : see mutation-testing.md#windows-only
        foreach (var file in Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories))
        {
            File.SetAttributes(file, FileAttributes.Normal);
        }

        Directory.Delete(folder, recursive: true);
    }
}
