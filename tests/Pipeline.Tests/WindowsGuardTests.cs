namespace Pipeline.Tests;

/// <summary>
/// The steps that depend on the runner's OS, read the way a runner of each OS reads them (<c>runner.os</c> set, as
/// there is no Windows machine here; ci.yml runs the flow tests themselves on windows-latest too).
/// </summary>
public sealed class WindowsGuardTests
{
    [Theory]
    [InlineData("pull_request", "Linux", true)]
    [InlineData("pull_request", "Windows", false)] // no valgrind on Windows: instructions are "not measured" there
    [InlineData("push", "Windows", false)]
    public void ValgrindIsNeverInstalledOnWindows(string eventName, string runnerOs, bool installs)
    {
        using var github = new SimulatedGitHub("(nothing is checked out)", new Dictionary<string, string> { ["github.event_name"] = eventName }) { RunnerOs = runnerOs };
        var workflow = WorkflowFile.Load("benchmarks.yml");
        var os = workflow.Jobs["suite"].MatrixOs.Single(label => label.StartsWith(runnerOs == "Windows" ? "windows" : "ubuntu", StringComparison.Ordinal));

        var job = github.Job(workflow, "suite", new Dictionary<string, string> { ["os"] = os });

        Assert.Equal(installs, job.StepWouldRun("Install valgrind"));
        // The A/B report itself runs on every OS of a pull request, and says why a counter was not measured.
        Assert.Equal(eventName == "pull_request", job.StepWouldRun("A/B report"));
    }
}
