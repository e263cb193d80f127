using System.Text.RegularExpressions;

namespace BenchGuard.AB;

/// <summary>How preparing one side ended.</summary>
internal enum BuildOutcome
{
    /// <summary>Built, or reused from an earlier run.</summary>
    Built,

    /// <summary>The commit has no benchmark project.</summary>
    NoProject,

    /// <summary>The build failed; the log says why.</summary>
    Failed,
}

/// <summary>
/// One side of the A/B (base or head): a checkout of one commit with its own Release build of the benchmark project
/// inside it, so that BenchmarkDotNet's child project imports that side's own Directory.Build.props and packages.
/// </summary>
/// <param name="Name">base or head.</param>
/// <param name="Source">The checkout's folder.</param>
/// <param name="Project">The benchmark project, relative to a checkout (the configuration's benchmarkProject).</param>
internal sealed partial record SideBuild(string Name, string Source, string Project)
{
    private static readonly TimeSpan BuildLimit = TimeSpan.FromMinutes(30);

    /// <summary>The built benchmark program.</summary>
    public string Program => Path.Combine(this.Source, "artifacts", "ab-bin", Path.GetFileNameWithoutExtension(this.Project) + ".dll");

    /// <summary>
    /// Checks <paramref name="commit"/> out and builds it, unless <paramref name="reuse"/> finds that very commit
    /// already built there by an earlier run that kept its checkouts.
    /// </summary>
    public BuildOutcome Prepare(Checkouts checkouts, string commit, string log, IReadOnlyList<string> buildArguments, bool reuse, ProgressLog progress)
    {
        if (reuse && File.Exists(this.Program) && Checkouts.HeadOf(this.Source) == commit)
        {
            progress.Say($"reusing the build of {commit} in {this.Source}");
            return BuildOutcome.Built;
        }

        checkouts.Add(commit, this.Source);
        var project = Path.Combine(this.Source, this.Project);
        if (!File.Exists(project))
        {
            return BuildOutcome.NoProject;
        }

        var outcome = ChildProcess.Run(
            "dotnet",
            ["build", "-c", "Release", project, "-o", Path.GetDirectoryName(this.Program)!, .. buildArguments],
            this.Source,
            BuildLimit,
            logPath: log);
        return outcome.Succeeded && File.Exists(this.Program) ? BuildOutcome.Built : BuildOutcome.Failed;
    }

    /// <summary>The first compiler or MSBuild error of a build log, shortened, or null.</summary>
    public static string? FirstError(string log)
    {
        if (!File.Exists(log))
        {
            return null;
        }

        foreach (var line in File.ReadLines(log))
        {
            var match = ErrorPattern().Match(line);
            if (match.Success)
            {
                var text = match.Groups[1].Value.TrimEnd();
                // Stryker disable once Equality : see mutation-testing.md#whole-slice
                return text.Length > 160 ? text[..160] : text;
            }
        }

        return null;
    }

    [GeneratedRegex(@": (error [A-Z]+[0-9]+.*)$")]
    private static partial Regex ErrorPattern();
}
