using BenchGuard.Baselines;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>Tests that set process environment variables run alone, after the others.</summary>
[CollectionDefinition(nameof(ProcessEnvironment), DisableParallelization = true)]
public sealed class ProcessEnvironment;

/// <summary>Where <c>baseline update</c> records a run as measured when the caller does not say.</summary>
[Collection(nameof(ProcessEnvironment))]
public sealed class MeasuredOnTests
{
    [Theory]
    [InlineData("true", MeasuredOn.Runner)]
    [InlineData(null, MeasuredOn.DevelopmentMachine)]
    [InlineData("false", MeasuredOn.DevelopmentMachine)]
    public void UpdateTakesItFromGitHubActionsEnvironment(string? githubActions, string expected)
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        BdnJson.Write(temp.Folder("run"), [FakeBenchmark.Of("A", 1000, 0.02, 15, seed: 1)]);
        var saved = Environment.GetEnvironmentVariable("GITHUB_ACTIONS");
        Environment.SetEnvironmentVariable("GITHUB_ACTIONS", githubActions);
        try
        {
            var run = ComparerRun.Of("baseline", "update", "--results", temp.File("run"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines"));
            Assert.True(run.ExitCode == 0, run.Error);
        }
        finally
        {
            Environment.SetEnvironmentVariable("GITHUB_ACTIONS", saved);
        }

        var store = BaselineStore.Load(temp.File("baselines", "ubuntu-latest", "baseline.json"));
        Assert.Equal(expected, Assert.Single(store.Runs).MeasuredOn);
    }

    [Fact]
    public void AnUnknownPlaceIsBadInput()
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        BdnJson.Write(temp.Folder("run"), [FakeBenchmark.Of("A", 1000, 0.02, 15, seed: 1)]);
        ComparerRun.Of("baseline", "update", "--results", temp.File("run"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines"), "--measured-on", "laptop")
            .AssertBadInput("--measured-on must be one of runner|development-machine");
    }
}
