namespace BenchGuard.AB;

/// <summary>The git CLI on one repository, each call bounded in time.</summary>
internal sealed class GitRepository
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(10);

    private GitRepository(string root) => this.Root = root;

    /// <summary>The top level of the working tree.</summary>
    public string Root { get; }

    /// <summary>The repository that holds <paramref name="folder"/>, or null when it is not in one.</summary>
    public static GitRepository? Find(string folder)
    {
        if (!Directory.Exists(folder))
        {
            return null;
        }

        var outcome = Call(folder, null, "rev-parse", "--show-toplevel");
        return outcome.Succeeded ? new GitRepository(Path.GetFullPath(outcome.Output.Trim())) : null;
    }

    /// <summary>Runs git here with <paramref name="arguments"/>.</summary>
    public ChildOutcome Run(params string[] arguments) => Call(this.Root, null, arguments);

    /// <summary>Runs git here with extra environment variables.</summary>
    public ChildOutcome Run(IReadOnlyDictionary<string, string?> environment, params string[] arguments) =>
        Call(this.Root, environment, arguments);

    /// <summary>The commit a ref names, or null.</summary>
    public string? Commit(string reference) =>
        this.Run("rev-parse", "--verify", "-q", reference + "^{commit}") is { Succeeded: true } o ? o.Output.Trim() : null;

    /// <summary>The merge-base of two commits, or null when they have none.</summary>
    public string? MergeBase(string a, string b) =>
        this.Run("merge-base", a, b) is { Succeeded: true } o ? o.Output.Trim() : null;

    /// <summary>The abbreviated name of a commit.</summary>
    public string Short(string commit) =>
        this.Run("rev-parse", "--short", commit) is { Succeeded: true } o ? o.Output.Trim() : commit[..Math.Min(7, commit.Length)];

    // core.longpaths: Git for Windows refuses paths beyond 260 characters without it (the worktrees live deep under
    // artifacts/); other systems ignore the setting.
    private static ChildOutcome Call(string folder, IReadOnlyDictionary<string, string?>? environment, params string[] arguments) =>
        ChildProcess.Run("git", ["-c", "core.longpaths=true", .. arguments], folder, Limit, environment);
}
