using BenchGuard.AB;

namespace BenchGuard.Tests.AbEndToEnd;

/// <summary>
/// A temporary git repository for the A/B end-to-end tests, made from Template/ (a benchmark project small enough
/// to build in seconds, at the path the runner builds) with these tags:
/// base (two probe methods that work, and a method with two cases), head (base with ProbeBenchmarks.Throws now
/// throwing), broken (base with a compile error: a base or head that does not build), bare (base without
/// benchmarks/: a base without the benchmark project), counted (base with one more object per operation in
/// CountedBenchmarks.Allocates and one more read call in CountedBenchmarks.Reads). BenchGuard.Counters' sources are
/// copied in from this repository, so the counters run is the real one. The working tree is left at head.
/// </summary>
public sealed class AbRepository : IDisposable
{
    private static readonly TimeSpan GitLimit = TimeSpan.FromMinutes(2);

    private static readonly Dictionary<string, string?> Identity = new()
    {
        ["GIT_AUTHOR_NAME"] = "ab-e2e",
        ["GIT_AUTHOR_EMAIL"] = "ab-e2e@localhost",
        ["GIT_COMMITTER_NAME"] = "ab-e2e",
        ["GIT_COMMITTER_EMAIL"] = "ab-e2e@localhost",
    };

    public AbRepository()
    {
        // Outside this repository: BenchmarkDotNet refuses two FilePipes.Benchmarks.csproj under one root.
        this.Folder = Path.Combine(Path.GetTempPath(), "ab-e2e-" + Guid.NewGuid().ToString("N"));
        this.Root = Path.Combine(this.Folder, "repo");
        var template = Path.Combine(AppContext.BaseDirectory, "AbEndToEnd", "Template");
        foreach (var file in Directory.EnumerateFiles(template, "*.txt", SearchOption.AllDirectories))
        {
            this.Write(Path.GetRelativePath(template, file)[..^".txt".Length], File.ReadAllText(file));
        }

        // The repository's own package versions and SDK band: global.json also marks the root where BenchmarkDotNet
        // looks for the benchmark project.
        var source = SourceRoot();
        foreach (var shared in new[] { "global.json", "Directory.Packages.props" })
        {
            File.Copy(Path.Combine(source, shared), Path.Combine(this.Root, shared));
        }

        // BenchGuard.Counters as this repository builds it: its sources, under the settings every project here gets
        // (placed over src/ only, so the template's own project keeps its plain settings).
        var counters = Path.Combine("src", "BenchGuard.Counters");
        foreach (var file in Directory.EnumerateFiles(Path.Combine(source, counters)).Where(f => Path.GetExtension(f) is ".cs" or ".csproj" or ".md"))
        {
            this.Write(Path.Combine(counters, Path.GetFileName(file)), File.ReadAllText(file));
        }

        this.Write(Path.Combine("src", "Directory.Build.props"), File.ReadAllText(Path.Combine(source, "Directory.Build.props")));

        this.Git("init", "-q", "-b", "main", ".");
        this.Git("config", "core.autocrlf", "false");
        this.Commit("base");
        this.Write(ProbeFile, this.Read(ProbeFile).Replace("public int Throws() => this.values.Sum();", "public int Throws() => throw new InvalidOperationException(\"injected\");", StringComparison.Ordinal));
        this.Commit("head");
        this.Git("checkout", "-q", "base");
        this.Write("benchmarks/FilePipes.Benchmarks/Broken.cs", "this is not C#\n");
        this.Commit("broken");
        this.Git("checkout", "-q", "base");
        this.Git("rm", "-rq", "benchmarks");
        this.Commit("bare");
        this.Git("checkout", "-q", "base");
        this.Write(CountedFile, this.Read(CountedFile)
            .Replace("// counted: allocation", "this.Kept = new object();", StringComparison.Ordinal)
            .Replace("// counted: read", "sum += RandomAccess.Read(this.handle!, this.buffer, 0);", StringComparison.Ordinal));
        this.Commit("counted");
        this.Git("checkout", "-q", "head");

        // The stores pr-report compares with; empty, so every benchmark is New there.
        Directory.CreateDirectory(Path.Combine(this.Root, "baselines", "ubuntu-latest"));
        Directory.CreateDirectory(Path.Combine(this.Root, "baselines", "windows-latest"));
    }

    /// <summary>The class whose counts the tag counted changes, relative to the root.</summary>
    public static string CountedFile => "benchmarks/FilePipes.Benchmarks/CountedBenchmarks.cs";

    /// <summary>The probe class, relative to the root.</summary>
    public static string ProbeFile => "benchmarks/FilePipes.Benchmarks/ProbeBenchmarks.cs";

    /// <summary>The repository's working tree.</summary>
    public string Root { get; }

    /// <summary>The temp folder holding the repository and the tests' outputs.</summary>
    public string Folder { get; }

    /// <summary>The runner OS pr-report assumes here.</summary>
    public static string Os => OperatingSystem.IsWindows() ? "windows-latest" : "ubuntu-latest";

    /// <summary>Where pr-report checks <paramref name="side"/> (base or head) out when no --src is given.</summary>
    public string Checkout(string side) => Path.Combine(this.Root, "artifacts", "pr-report-src", side);

    /// <summary>A fresh output folder for one run.</summary>
    public string NewOut() => Path.Combine(this.Folder, "out-" + Guid.NewGuid().ToString("N")[..8]);

    /// <summary>Runs git in the repository and returns its output; a failure fails the test.</summary>
    public string Git(params string[] arguments)
    {
        var outcome = ChildProcess.Run("git", arguments, this.Root, GitLimit, Identity);
        Assert.True(outcome.Succeeded, $"git {string.Join(' ', arguments)}: {outcome.Error}");
        return outcome.Output;
    }

    /// <summary>Writes a file in the working tree.</summary>
    public void Write(string relative, string text)
    {
        var path = Path.Combine(this.Root, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(this.Folder, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A leftover temp folder must not fail a test.
        }
    }

    private static string SourceRoot()
    {
        for (var folder = new DirectoryInfo(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, "FilePipes.sln")))
            {
                return folder.FullName;
            }
        }

        throw new InvalidOperationException($"no FilePipes.sln above {AppContext.BaseDirectory}");
    }

    private string Read(string relative) => File.ReadAllText(Path.Combine(this.Root, relative));

    private void Commit(string tag)
    {
        this.Git("add", "-A");
        this.Git("commit", "-qm", tag);
        this.Git("tag", tag);
    }
}
