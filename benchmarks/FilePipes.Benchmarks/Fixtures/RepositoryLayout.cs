namespace FilePipes.Benchmarks.Fixtures;

/// <summary>Where the suite keeps what it generates: <c>artifacts/</c> under the repository root.</summary>
public static class RepositoryLayout
{
    /// <summary>Overrides the fixture cache folder, so tests and odd layouts can point it elsewhere.</summary>
    public const string FixturesVariable = "FILEPIPES_FIXTURES";

    private const string SolutionFileName = "FilePipes.sln";

    /// <summary>Finds the repository root, or returns <see langword="null"/> when neither the program's folder
    /// nor the current folder lies inside the repository.</summary>
    /// <returns>The folder that holds FilePipes.sln, or <see langword="null"/>.</returns>
    public static string? FindRepositoryRoot()
    {
        // BenchmarkDotNet runs each benchmark in a generated program under artifacts/, so the program's own folder
        // is inside the repository even when the current folder is not.
        return FindUpwards(AppContext.BaseDirectory) ?? FindUpwards(Environment.CurrentDirectory);
    }

    /// <summary>The folder BenchmarkDotNet writes to unless told otherwise: <c>artifacts/</c> under the root.</summary>
    /// <returns>The artifacts folder, or <see langword="null"/> outside the repository.</returns>
    public static string? FindArtifactsFolder()
    {
        string? root = FindRepositoryRoot();
        return root is null ? null : Path.Combine(root, "artifacts");
    }

    /// <summary>The fixture cache: <see cref="FixturesVariable"/> when set, else <c>artifacts/fixtures</c>.</summary>
    /// <returns>The folder fixtures are cached in.</returns>
    /// <exception cref="InvalidOperationException">Neither the variable nor the repository can be found.</exception>
    public static string FixturesFolder()
    {
        string? overridden = Environment.GetEnvironmentVariable(FixturesVariable);
        if (!string.IsNullOrWhiteSpace(overridden))
        {
            return overridden;
        }

        string artifacts = FindArtifactsFolder() ?? throw new InvalidOperationException(
            $"Cannot find {SolutionFileName} above '{AppContext.BaseDirectory}' or '{Environment.CurrentDirectory}'; set {FixturesVariable} to a folder for the fixture files.");
        return Path.Combine(artifacts, "fixtures");
    }

    private static string? FindUpwards(string start)
    {
        for (DirectoryInfo? folder = new(start); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, SolutionFileName)))
            {
                return folder.FullName;
            }
        }

        return null;
    }
}
