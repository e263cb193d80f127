using BenchGuard.Configuration;
using BenchGuard.Tests.AbSteps;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// benchguard.json: what a repository tells the tool about itself. Read as strictly as every input; a value it leaves
/// out is the tool's default; pr-report takes its slice and knobs from it, and refuses to guess without one.
/// </summary>
public sealed class ConfigurationTests : IDisposable
{
    private readonly string folder = Directory.CreateTempSubdirectory("configuration-").FullName;

    public void Dispose() => Directory.Delete(this.folder, recursive: true);

    [Fact]
    public void TheRepositorysOwnConfigurationNamesItsBenchmarkProject()
    {
        var configuration = ConfigurationFile.Load(Path.Combine(RepositoryRoot.Path, GuardConfiguration.FileName));

        Assert.True(File.Exists(Path.Combine(RepositoryRoot.Path, configuration.BenchmarkProject)), configuration.BenchmarkProject);
        Assert.NotEmpty(configuration.PullRequest.Filters);
        Assert.True(Directory.Exists(Path.Combine(RepositoryRoot.Path, configuration.Baselines)));
    }

    [Fact]
    public void WhatTheFileLeavesOutIsTheToolsDefault()
    {
        var configuration = this.Load("""{ "benchmarkProject": "perf/My.Benchmarks/My.Benchmarks.csproj" }""");

        Assert.Equal(["*"], configuration.PullRequest.Filters);
        Assert.Equal("baselines", configuration.Baselines);
        Assert.Null(configuration.PullRequest.Rounds);
        Assert.Null(configuration.Profiles);
        Assert.Empty(configuration.SharedFolders);
        Assert.Null(configuration.PullRequest.Threshold);
        Assert.Null(configuration.Trials.SlowdownVariable);
        Assert.Equal("My.Benchmarks", configuration.TrendSuite);
    }

    [Fact]
    public void TheBuildGetsTheFilesPropertiesWithTheCommandLinesAddedOrReplacingThem()
    {
        var configuration = this.Load("""{ "benchmarkProject": "b/B.csproj", "buildProperties": { "PeerAdapters": "false", "Optimize": "true" } }""");

        Assert.Equal(["-p:Optimize=true", "-p:PeerAdapters=false"], configuration.BuildArguments([], "pr-report"));
        Assert.Equal(
            ["-p:Extra=", "-p:Optimize=true", "-p:PeerAdapters=true"],
            configuration.BuildArguments(["PeerAdapters=true", "Extra="], "pr-report"));
        Assert.Empty(this.Load("""{ "benchmarkProject": "b/B.csproj" }""").BuildArguments([], "pr-report"));
    }

    [Theory]
    [InlineData("PeerAdapters")]
    [InlineData("=true")]
    [InlineData("A=1;B=2")]
    public void ABuildPropertyThatIsNotNameEqualsValueIsBadInput(string given) =>
        Assert.Contains(
            "pr-report: --build-property takes NAME=VALUE",
            Assert.Throws<InputException>(() => this.Load("""{ "benchmarkProject": "b/B.csproj" }""").BuildArguments([given], "pr-report")).Message,
            StringComparison.Ordinal);

    [Theory]
    [InlineData("""{ }""", "not a BenchGuard configuration")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "pullrequest": {} }""", "not a BenchGuard configuration")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "pullRequest": { "filter": ["*"] } }""", "not a BenchGuard configuration")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "pullRequest": { "rounds": "3" } }""", "not a BenchGuard configuration")]
    [InlineData("""{ "benchmarkProject": "/abs/B.csproj" }""", "benchmarkProject must be a .csproj path inside the repository")]
    [InlineData("""{ "benchmarkProject": "../B/B.csproj" }""", "benchmarkProject must be a .csproj path inside the repository")]
    [InlineData("""{ "benchmarkProject": "b\\..\\..\\B.csproj" }""", "benchmarkProject must be a .csproj path inside the repository")]
    [InlineData("""{ "benchmarkProject": "C:/b/B.csproj" }""", "benchmarkProject must be a .csproj path inside the repository")]
    [InlineData("""{ "benchmarkProject": "b/B.fsproj" }""", "benchmarkProject must be a .csproj path inside the repository")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "baselines": "../elsewhere" }""", "baselines must be a folder inside the repository")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "pullRequest": { "filters": [] } }""", "pullRequest.filters must list at least one glob")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "pullRequest": { "filters": ["*A* *B*"] } }""", "pullRequest.filters must list at least one glob")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "pullRequest": { "rounds": 0 } }""", "pullRequest.rounds must be from 1 to 99")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "trend": { "suite": "my suite (x)" } }""", "trend.suite must be")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "profiles": [] }""", "profiles must list at least one name")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "buildProperties": { "-p:X": "1" } }""", "buildProperties: '-p:X' must be an MSBuild property's name")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "buildProperties": { "X": "1;Y=2" } }""", "buildProperties: 'X' must be")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "trials": { "slowdownVariable": "MY SLOWDOWN" } }""", "trials.slowdownVariable must be an environment variable's name")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "sharedFolders": { "MY-DATA": "data" } }""", "sharedFolders: 'MY-DATA' must be an environment variable's name")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "sharedFolders": { "DATA": "../data" } }""", "sharedFolders: 'DATA' must be")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "profiles": ["quick", "quick"] }""", "profiles must list at least one name, each once")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "profiles": ["--quick x"] }""", "profiles must list at least one name")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "trend": { "baselineMethods": {} } }""", "not a BenchGuard configuration")]
    [InlineData("""{ "benchmarkProject": "b/B.csproj", "benchmarkProject": "c/C.csproj" }""", "corrupt JSON")]
    public void ABadFileIsOneErrorThatNamesItAndTheProblem(string text, string problem)
    {
        var file = Path.Combine(this.folder, GuardConfiguration.FileName);
        File.WriteAllText(file, text);

        var error = Assert.Throws<InputException>(() => ConfigurationFile.Load(file));

        Assert.StartsWith(file + ": ", error.Message, StringComparison.Ordinal);
        Assert.Contains(problem, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheNearestFileAtOrAboveAFolderIsTheOneFound()
    {
        var inner = Directory.CreateDirectory(Path.Combine(this.folder, "a", "b")).FullName;
        File.WriteAllText(Path.Combine(this.folder, GuardConfiguration.FileName), """{ "benchmarkProject": "outer/O.csproj" }""");

        Assert.Equal("outer/O.csproj", ConfigurationFile.Nearest(inner)!.BenchmarkProject);
        File.WriteAllText(Path.Combine(this.folder, "a", GuardConfiguration.FileName), """{ "benchmarkProject": "inner/I.csproj" }""");
        Assert.Equal("inner/I.csproj", ConfigurationFile.Nearest(inner)!.BenchmarkProject);
    }

    [Fact]
    public void PrReportWithoutAConfigurationSaysWhatToWrite()
    {
        using var repository = new TinyRepository();
        File.Delete(Path.Combine(repository.Root, GuardConfiguration.FileName));

        AbOutput.PrReport(repository, repository.NewOut(), [])
            .AssertBadInput($"pr-report: no {GuardConfiguration.FileName} in {repository.Root}: write one that names the benchmark project");
    }

    [Fact]
    public void PrReportTakesItsSliceAndRoundsFromTheConfigurationAndAnOptionOverridesThem()
    {
        using var repository = new TinyRepository();
        // Not committed: the tool reads the working tree's file, as a workflow's checkout has it.
        File.WriteAllText(
            Path.Combine(repository.Root, GuardConfiguration.FileName),
            $$"""{ "benchmarkProject": "{{TestConfiguration.Project}}", "pullRequest": { "filters": ["*FileStreamBenchmarks.Read"], "rounds": 2 } }""");
        var output = AbOutput.Plant(repository, new FakeBuild(), new FakeBuild());

        var run = AbOutput.PrReport(repository, output, ["--interleave", "suite", "--instruction-operations", "0"]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(4, AbOutput.Launches(output).Count);
        Assert.Equal([FakeBuild.Read], AbOutput.FullNames(Path.Combine(output, "results")));

        var overridden = AbOutput.PrReport(repository, output, ["--interleave", "suite", "--instruction-operations", "0", "--rounds", "1", "--filter", "*FileStreamBenchmarks*"]);

        Assert.True(overridden.ExitCode == 0, overridden.Error);
        Assert.Equal(2, AbOutput.Launches(output).Count);
        Assert.Equal([FakeBuild.Read, FakeBuild.Write], AbOutput.FullNames(Path.Combine(output, "results")));
    }

    private GuardConfiguration Load(string text)
    {
        var file = Path.Combine(this.folder, GuardConfiguration.FileName);
        File.WriteAllText(file, text);
        return ConfigurationFile.Load(file);
    }
}
