using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using BenchGuard.AB;

namespace BenchGuard.Setup;

/// <summary>
/// GET requests to GitHub's REST API through the GitHub CLI (<c>gh api --include PATH</c>), so the maintainer's own
/// login is used and no token passes through this tool. gh prints the status line and headers before the body, which
/// tells a 404 (not set) from a failure to ask. gh missing, not logged in or refused (401) ends the check: without a
/// login nothing can be told.
/// </summary>
internal sealed partial class GitHubApi
{
    /// <summary>How long one request may take before gh is killed.</summary>
    public static readonly TimeSpan CallLimit = TimeSpan.FromMinutes(1);

    // gh's exit code when it has no login (cli/cli internal/ghcmd/cmd.go: exitAuth).
    private const int NotLoggedIn = 4;

    private readonly string workingDirectory;

    /// <summary>Creates the client; gh runs in <paramref name="workingDirectory"/>.</summary>
    public GitHubApi(string workingDirectory) => this.workingDirectory = workingDirectory;

    /// <summary>GETs <paramref name="path"/> (relative to the API root, with its query).</summary>
    /// <exception cref="InputException">gh cannot be started, has no login, its login is refused, or it fails before
    /// GitHub answers.</exception>
    public GitHubAnswer Get(string path)
    {
        ChildOutcome outcome;
        try
        {
            outcome = ChildProcess.Run("gh", ["api", "--include", path], this.workingDirectory, CallLimit);
        }
        catch (InputException e)
        {
            throw new InputException("setup-check: gh (the GitHub CLI) cannot be started: install it (https://cli.github.com) and run gh auth login", e);
        }

        // Stryker disable once Block,Statement : see mutation-testing.md#time-limit
        if (outcome.TimedOut)
        {
            throw new InputException($"setup-check: gh api {path} did not answer within {CallLimit.TotalSeconds.ToString(CultureInfo.InvariantCulture)} s");
        }

        var lines = outcome.Output.Split('\n');
        var statusLine = StatusLine().Match(lines[0]);
        if (!statusLine.Success)
        {
            throw outcome.ExitCode == NotLoggedIn
                ? new InputException($"setup-check: gh is not logged in ({outcome.FirstErrorLine}): run gh auth login, or set GH_TOKEN")
                : new InputException($"setup-check: gh api {path} failed: {outcome.FirstErrorLine}");
        }

        var status = int.Parse(statusLine.Groups[1].Value, CultureInfo.InvariantCulture);
        // The headers end at the first empty line; the body is the rest.
        var blank = Array.FindIndex(lines, line => line.Length == 0);
        var body = Parse(blank < 0 ? "" : string.Join('\n', lines[(blank + 1)..]));
        var answer = new GitHubAnswer(status, body, status is >= 200 and < 300 ? "" : Message(body, outcome));
        return status == 401
            ? throw new InputException($"setup-check: gh's login was refused ({answer.Describe()}): run gh auth login")
            : answer;
    }

    // No body, or one that is not JSON, reads as no field at all: a row then says what it did not find.
    private static JsonElement Parse(string body)
    {
        try
        {
            return JsonDocument.Parse(body).RootElement.Clone();
        }
        catch (JsonException)
        {
            return default;
        }
    }

    // GitHub's own message when the body has one, else gh's error line ("gh: Not Found (HTTP 404)").
    private static string Message(JsonElement body, ChildOutcome outcome) =>
        body.ValueKind == JsonValueKind.Object && body.TryGetProperty("message", out var m) && m.ValueKind == JsonValueKind.String
            ? InputException.OneLine(m.GetString()!)
            : outcome.FirstErrorLine;

    [GeneratedRegex(@"^HTTP/\S+ (\d{3})\b")]
    private static partial Regex StatusLine();
}
