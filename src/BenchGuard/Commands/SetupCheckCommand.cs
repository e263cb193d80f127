using System.Text.RegularExpressions;
using System.CommandLine;
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
    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("setup-check", "The pipeline's one-time setup on GitHub, read with gh (GET requests only), as one table: set, missing with its fix, or to check by hand.")
        {
            CommandOption.Single("--repo", "OWNER/NAME", "The GitHub repository to check. Required."),
            CommandOption.Single("--checkout", "DIR", "The clone whose pinned actions a repository that allows only selected actions must allow (default: the current folder)."),
        };
        command.SetAction(result => Run(new CommandArguments("setup-check", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
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
