namespace Pipeline.Tests;

/// <summary>
/// Finds bash as the runner does for <c>shell: bash</c>: the first bash on PATH. On Windows that is Git Bash on
/// GitHub's images; System32\bash.exe (and the WindowsApps alias) is WSL's, which cannot run these scripts with
/// Windows paths, so it is skipped in favour of the bash next to git.exe.
/// </summary>
internal static class BashLocator
{
    public static string Path { get; } = Find();

    private static string Find()
    {
        if (!OperatingSystem.IsWindows())
        {
            return "bash";
        }

        var onPath = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(System.IO.Path.PathSeparator)
            .Where(dir => dir.Length > 0)
            .Select(dir => System.IO.Path.Combine(dir, "bash.exe"))
            .FirstOrDefault(candidate => File.Exists(candidate) && !IsWsl(candidate));
        if (onPath is not null)
        {
            return onPath;
        }

        var git = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(System.IO.Path.PathSeparator)
            .Select(dir => System.IO.Path.Combine(dir, "git.exe"))
            .FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException("neither Git Bash nor git.exe is on PATH");
        // git.exe lives in <Git>\cmd (or <Git>\bin); Git Bash is <Git>\bin\bash.exe.
        var gitBash = System.IO.Path.Combine(Directory.GetParent(System.IO.Path.GetDirectoryName(git)!)!.FullName, "bin", "bash.exe");
        return File.Exists(gitBash) ? gitBash : throw new InvalidOperationException($"no Git Bash at {gitBash}");
    }

    private static bool IsWsl(string candidate) =>
        candidate.Contains(@"\System32\", StringComparison.OrdinalIgnoreCase)
        || candidate.Contains(@"\WindowsApps\", StringComparison.OrdinalIgnoreCase);
}
