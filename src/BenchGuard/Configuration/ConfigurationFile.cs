using System.Text.RegularExpressions;
using BenchGuard.Input;

namespace BenchGuard.Configuration;

/// <summary>Finds and reads <see cref="GuardConfiguration.FileName"/>, as strictly as every other input.</summary>
internal static partial class ConfigurationFile
{
    /// <summary>The nearest configuration file at <paramref name="directory"/> or above it, or null.</summary>
    public static string? Find(string directory)
    {
        for (var folder = new DirectoryInfo(Path.GetFullPath(directory)); folder is not null; folder = folder.Parent)
        {
            var file = Path.Combine(folder.FullName, GuardConfiguration.FileName);
            if (InputFile.IsPresent(file))
            {
                return file;
            }
        }

        return null;
    }

    /// <summary>Reads the configuration of the repository at <paramref name="root"/>; its absence is an error that says what to write.</summary>
    public static GuardConfiguration ForRepository(string root, string command)
    {
        var file = Path.Combine(root, GuardConfiguration.FileName);
        return InputFile.IsPresent(file)
            ? Load(file)
            : throw new InputException($"{command}: no {GuardConfiguration.FileName} in {root}: write one that names the benchmark project (docs/pipeline.md, \"Configuration\")");
    }

    /// <summary>The configuration above <paramref name="directory"/>, or null when there is none.</summary>
    public static GuardConfiguration? Nearest(string directory) => Find(directory) is { } file ? Load(file) : null;

    /// <summary>Reads and checks one configuration file; anything wrong is one <see cref="InputException"/> naming it.</summary>
    public static GuardConfiguration Load(string file)
    {
        var configuration = InputFile.Deserialize<GuardConfiguration>(file, "a BenchGuard configuration");
        Check(file, configuration);
        return configuration;
    }

    private static void Check(string file, GuardConfiguration c)
    {
        void Require(bool ok, string problem)
        {
            if (!ok)
            {
                throw new InputException($"{file}: {problem}");
            }
        }

        Require(RelativePath(c.BenchmarkProject) && c.BenchmarkProject.EndsWith(".csproj", StringComparison.Ordinal), $"benchmarkProject must be a .csproj path inside the repository, relative to its root, not '{c.BenchmarkProject}'");
        Require(RelativePath(c.Baselines), $"baselines must be a folder inside the repository, relative to its root, not '{c.Baselines}'");
        Require(c.Profiles is null || (c.Profiles.Count > 0 && c.Profiles.All(Name().IsMatch) && c.Profiles.Distinct(StringComparer.Ordinal).Count() == c.Profiles.Count), "profiles must list at least one name, each once, of letters, digits, '.', '_' or '-'");
        foreach (var (name, folder) in c.SharedFolders)
        {
            Require(VariableName().IsMatch(name) && RelativePath(folder), $"sharedFolders: '{name}' must be an environment variable's name and its folder inside the repository, relative to its root, not '{folder}'");
        }

        foreach (var (name, value) in c.BuildProperties)
        {
            Require(IsBuildProperty(name, value), $"buildProperties: '{name}' must be an MSBuild property's name and its value free of ';', not '{value}'");
        }

        Require(c.PullRequest.Filters.Count > 0 && c.PullRequest.Filters.All(f => f.Length > 0 && !f.Any(char.IsWhiteSpace)), "pullRequest.filters must list at least one glob, each without spaces");
        Require(c.PullRequest.Rounds is null or >= 1 and <= 99, "pullRequest.rounds must be from 1 to 99");
        Require(c.Trials.SlowdownVariable is null || VariableName().IsMatch(c.Trials.SlowdownVariable), $"trials.slowdownVariable must be an environment variable's name, not '{c.Trials.SlowdownVariable}'");
        Require(c.Trend.Suite is null || Name().IsMatch(c.Trend.Suite), $"trend.suite must be letters, digits, '.', '_' or '-', not '{c.Trend.Suite}'");
    }

    /// <summary>True when <paramref name="name"/> is an MSBuild property's name and <paramref name="value"/> one value
    /// (MSBuild reads ';' in <c>-p:</c> as the start of another property).</summary>
    public static bool IsBuildProperty(string name, string value) =>
        PropertyName().IsMatch(name) && !value.Contains(';', StringComparison.Ordinal) && !value.Any(char.IsControl);

    // Inside the repository: relative, no "..", in either separator (the file is shared by Linux and Windows runners).
    private static bool RelativePath(string path) =>
        path.Length > 0 && !Path.IsPathRooted(path) && !path.Contains(':', StringComparison.Ordinal) &&
        !path.Split('/', '\\').Any(part => part is ".." or "");

    [GeneratedRegex(@"^[A-Za-z0-9._-]+$")]
    private static partial Regex Name();

    [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_]*$")]
    private static partial Regex VariableName();

    [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_.-]*$")]
    private static partial Regex PropertyName();
}
