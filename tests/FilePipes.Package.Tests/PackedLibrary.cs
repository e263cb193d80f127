using System.Collections;
using System.Text.Json;
using Pipeline.Tests;

namespace FilePipes.Package.Tests;

/// <summary>
/// The library packed as a release would pack it, from a copy of its sources committed to a scratch git repository
/// whose origin is a GitHub address, so the repository metadata and SourceLink have one known commit to point at; and
/// a consumer project outside the solution that restores that package from a local folder, built once for the tests.
/// </summary>
public sealed class PackedLibrary : IAsyncLifetime
{
    /// <summary>The scratch repository's origin; no request ever goes there.</summary>
    public const string RepositoryUrl = "https://github.com/filepipes-test/FilePipes";

    /// <summary>The frameworks the package ships for, each of which the consumer runs on.</summary>
    public static readonly string[] Frameworks = ["net8.0", "net10.0"];

    // Files at the repository's root that the library's build reads.
    private static readonly string[] RootFiles = ["global.json", "Directory.Build.props", "Directory.Packages.props", ".editorconfig", "LICENSE"];

    private static readonly TimeSpan BuildLimit = TimeSpan.FromMinutes(10);

    /// <summary>Gets the scratch folder holding the repository copy, the package feed and the consumer.</summary>
    public string Root { get; } = Directory.CreateTempSubdirectory("filepipes-package-").FullName;

    /// <summary>
    /// Gets the version packed, the way release.yml passes a tag's. Unique per run, so a restore can never pick up a
    /// package of the same version that an earlier run left in the global packages folder.
    /// </summary>
    public string Version { get; } = $"1.2.3-packagetest.{Guid.NewGuid():N}";

    /// <summary>Gets the commit of the scratch repository the package was built from.</summary>
    public string Commit { get; private set; } = "";

    /// <summary>Gets the local folder the consumer restores from.</summary>
    public string Feed => Path.Combine(this.Root, "feed");

    /// <summary>Gets the path of the package.</summary>
    public string PackagePath => Path.Combine(this.Feed, $"FilePipes.{this.Version}.nupkg");

    /// <summary>Gets the path of the symbols package.</summary>
    public string SymbolsPackagePath => Path.Combine(this.Feed, $"FilePipes.{this.Version}.snupkg");

    /// <summary>Gets the consumer project's folder.</summary>
    public string Consumer => Path.Combine(this.Root, "consumer");

    private string Repository => Path.Combine(this.Root, "repository");

    /// <summary>Runs <c>dotnet</c> with the test's environment plus <paramref name="overrides"/>; it must succeed.</summary>
    internal static ProcessResult Dotnet(string directory, IReadOnlyDictionary<string, string?> overrides, TimeSpan limit, params string[] arguments)
    {
        var environment = new Dictionary<string, string?>();
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            environment[(string)variable.Key] = (string?)variable.Value;
        }

        foreach (var (key, value) in overrides)
        {
            environment[key] = value;
        }

        return ChildProcess.Run("dotnet", arguments, directory, environment, limit);
    }

    /// <inheritdoc/>
    public ValueTask InitializeAsync()
    {
        this.CopyLibrarySources();
        ChildProcess.Git(this.Repository, "init", "-q", "-b", "main");
        ChildProcess.Git(this.Repository, "add", "-A");
        ChildProcess.Git(this.Repository, "commit", "-q", "-m", "the library, as packed");
        ChildProcess.Git(this.Repository, "remote", "add", "origin", RepositoryUrl);
        this.Commit = ChildProcess.Git(this.Repository, "rev-parse", "HEAD").Trim();

        // CI=true is what makes a build deterministic (ContinuousIntegrationBuild); the GitHub variables are the
        // ones a release job has, from which the project page and release notes links are made.
        var pack = Dotnet(this.Repository, new Dictionary<string, string?>
        {
            ["CI"] = "true",
            ["GITHUB_SERVER_URL"] = "https://github.com",
            ["GITHUB_REPOSITORY"] = "filepipes-test/FilePipes",
        }, BuildLimit, "pack", "src/FilePipes/FilePipes.csproj", "-c", "Release", "-o", this.Feed, $"-p:Version={this.Version}");
        Assert.True(pack.ExitCode == 0, $"dotnet pack exited {pack.ExitCode}:\n{pack.Output}");

        ConsumerProject.Write(this.Consumer, this.Feed, this.Version);
        var build = Dotnet(this.Consumer, new Dictionary<string, string?>(), BuildLimit, "build", "-c", "Release");
        Assert.True(build.ExitCode == 0, $"the consumer's dotnet build exited {build.ExitCode}:\n{build.Output}");
        return ValueTask.CompletedTask;
    }

    /// <inheritdoc/>
    public ValueTask DisposeAsync()
    {
        // The restore extracted this run's one-off version into the global packages folder; nothing else uses it.
        var assets = Path.Combine(this.Consumer, "obj", "project.assets.json");
        if (File.Exists(assets))
        {
            using var document = JsonDocument.Parse(File.ReadAllText(assets));
            foreach (var folder in document.RootElement.GetProperty("packageFolders").EnumerateObject())
            {
                var extracted = Path.Combine(folder.Name, "filepipes", this.Version.ToLowerInvariant());
                if (Directory.Exists(extracted))
                {
                    Directory.Delete(extracted, recursive: true);
                }
            }
        }

        DeleteTree(this.Root);
        return ValueTask.CompletedTask;
    }

    private static void DeleteTree(string path)
    {
        // git marks its objects read-only, which Windows refuses to delete.
        foreach (var file in Directory.EnumerateFiles(path, "*", SearchOption.AllDirectories))
        {
            File.SetAttributes(file, FileAttributes.Normal);
        }

        Directory.Delete(path, recursive: true);
    }

    private void CopyLibrarySources()
    {
        foreach (var file in RootFiles)
        {
            Directory.CreateDirectory(this.Repository);
            File.Copy(Path.Combine(RepositoryRoot.Path, file), Path.Combine(this.Repository, file));
        }

        var library = Path.Combine(RepositoryRoot.Path, "src", "FilePipes");
        foreach (var file in Directory.EnumerateFiles(library, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(library, file);
            var top = relative.Split(Path.DirectorySeparatorChar)[0];
            if (top is "bin" or "obj")
            {
                continue;
            }

            var target = Path.Combine(this.Repository, "src", "FilePipes", relative);
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }
    }
}
