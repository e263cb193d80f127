using System.Text.RegularExpressions;
using BenchGuard.Cli;
using BenchGuard.Setup;

namespace BenchGuard.Commands;

/// <summary>
/// <c>setup-check --repo OWNER/NAME [--checkout DIR]</c>: the pipeline's one-time setup on GitHub, read with the
/// maintainer's <c>gh</c> login (GET requests only), as one Markdown table on stdout: each item set, missing with its
/// one-line fix, or to check by hand. <c>--checkout</c> is the clone whose pinned actions a repository that allows only
/// selected actions must allow (default: the current folder). Exit codes: 0 nothing missing; 1 something missing;
/// 2 bad usage, or gh missing, not logged in or refused.
/// </summary>
internal static partial class SetupCheckCommand
{
    /// <summary>The usage line.</summary>
    public const string Usage = "usage: setup-check --repo OWNER/NAME [--checkout DIR]";

    /// <summary>Runs the command.</summary>
    public static int Run(string[] args)
    {
        if (args.Contains("--help") || args.Contains("-h"))
        {
            Console.Out.WriteLine(Usage);
            return ExitCodes.Ok;
        }

        var a = CommandArguments.Parse("setup-check", args, ["--repo", "--checkout"], []);
        var repo = a.Required("--repo");
        if (!RepositoryName().IsMatch(repo) || repo.EndsWith("/.", StringComparison.Ordinal) || repo.EndsWith("/..", StringComparison.Ordinal))
        {
            throw new InputException($"setup-check: --repo must be OWNER/NAME, not '{repo}'");
        }

        var checkout = a.Value("--checkout", Directory.GetCurrentDirectory())!;
        var api = new GitHubApi(Directory.GetCurrentDirectory());
        var rows = new SetupCheck(api.Get, repo, PinnedActions.Read(checkout)).Run();

        var output = Console.Out;
        output.WriteLine($"Setup of {repo} for the performance pipeline (docs/pipeline.md, \"First-time setup\"):");
        output.WriteLine();
        output.WriteLine("| Setup item | Status | What to do |");
        output.WriteLine("|---|---|---|");
        foreach (var row in rows)
        {
            output.WriteLine($"| {row.Item} | {row.Status} | {row.Fix} |");
        }

        var missing = rows.Count(r => r.State == SetupState.Missing);
        output.WriteLine();
        output.WriteLine($"{rows.Count(r => r.State == SetupState.Set)} set, {missing} missing, {rows.Count(r => r.State == SetupState.CannotTell)} to check by hand");
        return missing == 0 ? ExitCodes.Ok : ExitCodes.Regression;
    }

    // GitHub's owner names (letters, digits, hyphens) and repository names (also '.' and '_').
    [GeneratedRegex("^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$")]
    private static partial Regex RepositoryName();
}
