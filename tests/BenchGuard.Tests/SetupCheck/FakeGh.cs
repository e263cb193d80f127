using System.Text.RegularExpressions;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.SetupCheck;

/// <summary>
/// A stand-in for the GitHub CLI on PATH: a shell script that answers <c>gh api --include PATH</c> with the status line,
/// headers and JSON body the test recorded for PATH (as gh prints them), and GitHub's 404 for any other path. Every
/// call's arguments are logged, so a test can tell exactly what was asked.
/// </summary>
internal sealed partial class FakeGh : IDisposable
{
    private readonly TempFolder folder = new();

    public FakeGh()
    {
        this.Bin = this.folder.Folder("bin");
        this.Answers = this.folder.Folder("answers");
        this.Write("not-found", 404, """{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}""");
        var script = Path.Combine(this.Bin, "gh");
        File.WriteAllText(script, $$"""
            #!/bin/sh
            dir='{{this.Answers}}'
            printf '%s\n' "$*" >> "$dir/calls.log"
            if [ -f "$dir/every.exit" ]; then cat "$dir/every.err" >&2; exit "$(cat "$dir/every.exit")"; fi
            key=$(printf '%s' "$3" | tr -c 'A-Za-z0-9' '_')
            [ -f "$dir/$key.out" ] || key=not-found
            cat "$dir/$key.out"
            [ ! -f "$dir/$key.err" ] || cat "$dir/$key.err" >&2
            exit "$(cat "$dir/$key.exit")"

            """.Replace("\r\n", "\n", StringComparison.Ordinal));
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(script, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }
    }

    public string Bin { get; }

    public string Answers { get; }

    /// <summary>Every call's arguments, one line each.</summary>
    public IReadOnlyList<string> Calls =>
        File.Exists(Path.Combine(this.Answers, "calls.log")) ? File.ReadAllLines(Path.Combine(this.Answers, "calls.log")) : [];

    /// <summary>What gh prints for <c>gh api --include <paramref name="path"/></c>: for a status of 400 or more, gh's
    /// own error line on stderr and exit code 1, as gh does.</summary>
    public void Answer(string path, int status, string json) => this.Write(Key(path), status, json);

    /// <summary>GitHub's 404 for <paramref name="path"/>, as for a path never answered.</summary>
    public void NotFound(string path)
    {
        foreach (var file in Directory.GetFiles(this.Answers, Key(path) + ".*"))
        {
            File.Delete(file);
        }
    }

    /// <summary>Every call fails before any HTTP request, as gh does when it has no login (exit code 4).</summary>
    public void FailEveryCall(int exitCode, string error)
    {
        File.WriteAllText(Path.Combine(this.Answers, "every.exit"), exitCode.ToString(System.Globalization.CultureInfo.InvariantCulture));
        File.WriteAllText(Path.Combine(this.Answers, "every.err"), error + "\n");
    }

    /// <summary>Runs <c>setup-check</c> in process with this gh first on PATH.</summary>
    public ComparerRun Run(params string[] args) => WithPath(this.Bin + Path.PathSeparator + Environment.GetEnvironmentVariable("PATH"), args);

    /// <summary>Runs <c>setup-check</c> in process with PATH set to <paramref name="path"/> only.</summary>
    public static ComparerRun WithPath(string path, params string[] args)
    {
        var saved = Environment.GetEnvironmentVariable("PATH");
        Environment.SetEnvironmentVariable("PATH", path);
        try
        {
            return ComparerRun.Of(["setup-check", .. args]);
        }
        finally
        {
            Environment.SetEnvironmentVariable("PATH", saved);
        }
    }

    public void Dispose() => this.folder.Dispose();

    private static string Key(string path) => NotAlphanumeric().Replace(path, "_");

    private void Write(string key, int status, string json)
    {
        var reason = status switch
        {
            200 => "OK",
            401 => "Unauthorized",
            403 => "Forbidden",
            404 => "Not Found",
            _ => "Status",
        };
        // gh --include: the status line and headers (CRLF, as gh writes them), an empty line, then the body.
        File.WriteAllText(
            Path.Combine(this.Answers, key + ".out"),
            $"HTTP/2.0 {status} {reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Github-Api-Version-Selected: 2022-11-28\r\n\r\n{json}");
        var message = Regex.Match(json, "\"message\":\"([^\"]*)\"") is { Success: true } m ? m.Groups[1].Value : $"HTTP {status}";
        File.WriteAllText(Path.Combine(this.Answers, key + ".err"), status >= 400 ? $"gh: {message} (HTTP {status})\n" : "");
        File.WriteAllText(Path.Combine(this.Answers, key + ".exit"), status >= 400 ? "1" : "0");
    }

    [GeneratedRegex("[^A-Za-z0-9]")]
    private static partial Regex NotAlphanumeric();
}
