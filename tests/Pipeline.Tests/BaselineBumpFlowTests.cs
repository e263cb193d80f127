namespace Pipeline.Tests;

/// <summary>
/// The workflow_dispatch baseline bump as GitHub runs it: plan, the run leg of this OS, and open-pr with the
/// package cache inside its workspace (as actions/cache puts it), gh replaced by a stub that records its arguments,
/// and the push going to the local origin.
/// </summary>
public sealed class BaselineBumpFlowTests
{
    [Fact]
    public void BumpOpensAPullRequestThatChangesOnlyBaselines()
    {
        var origin = OriginRepository.CopyOfThisTree();
        var os = SimulatedGitHub.RunnerLabel;
        using var github = SimulatedGitHub.ForEvent(origin, "workflow_dispatch", "refs/heads/main", origin.Head, runId: "31", new Dictionary<string, string>
        {
            ["github.event.repository.default_branch"] = "main",
            ["inputs.profile"] = "quick",
            ["inputs.filter"] = TinySuite.Methods,
            ["inputs.oses"] = os,
        });
        TinySuite.Apply(github, filterSuite: false);
        var gh = Stubs.Folder(github.Root, ("gh",
            "printf '%s\\n' \"$@\" > \"$(dirname \"$0\")/gh-args\"\n" +
            "while [ $# -gt 0 ]; do [ \"$1\" = --body-file ] && cp \"$2\" \"$(dirname \"$0\")/gh-body\"; shift; done"));
        github.TestEnvironment["PATH"] = Stubs.PathWith(gh);
        var workflow = WorkflowFile.Load("update-baselines.yml");

        var plan = github.Job(workflow, "plan").Run().AssertSucceeded();
        Assert.Equal($"[\"{os}\"]", plan.Outputs["matrix"]);
        github.Job(workflow, "run", new Dictionary<string, string> { ["os"] = os }).Run().AssertSucceeded();
        var openPr = github.Job(workflow, "open-pr").Run().AssertSucceeded();

        Assert.True(Directory.Exists(Path.Combine(openPr.Workspace, ".nuget", "packages")), "the package cache is inside the workspace, as on a runner");
        var branch = "perf/update-baselines-31";
        var args = File.ReadAllLines(Path.Combine(gh, "gh-args"));
        Assert.Equal(["pr", "create", "--base", "main", "--head", branch, "--title", $"Update performance baselines ({os}, quick)"], args[..8]);
        var body = File.ReadAllText(Path.Combine(gh, "gh-body"));
        Assert.Contains(os, body, StringComparison.Ordinal);
        Assert.Contains(TinySuite.Methods.TrimStart('*').Split('.')[0], body, StringComparison.Ordinal);

        var changed = ChildProcess.Git(origin.Path, "diff", "--name-only", "main", branch).Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.NotEmpty(changed);
        Assert.All(changed, path => Assert.StartsWith($"baselines/{os}/", path, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("refs/heads/feature")]
    [InlineData("refs/tags/v1.0.0")]
    public void BumpDispatchedFromAnotherRefStopsBeforeMeasuringWithOneLine(string gitRef)
    {
        var origin = OriginRepository.CopyOfThisTree();
        using var github = SimulatedGitHub.ForEvent(origin, "workflow_dispatch", gitRef, origin.Head, runId: "32", new Dictionary<string, string>
        {
            ["github.event.repository.default_branch"] = "main",
            ["inputs.profile"] = "quick",
            ["inputs.filter"] = TinySuite.Methods,
            ["inputs.oses"] = "all",
        });
        var gh = Stubs.Folder(github.Root, ("gh", "echo called > \"$(dirname \"$0\")/gh-called\""));
        github.TestEnvironment["PATH"] = Stubs.PathWith(gh);
        var workflow = WorkflowFile.Load("update-baselines.yml");
        var reason = $"dispatched from {gitRef}; baselines are bumped from the default branch only: run the workflow on main";

        // plan, the first job: the legs that measure need its matrix, so nothing is measured.
        var plan = github.Job(workflow, "plan").Run();
        var planStep = plan.Step("Check the inputs and choose the OSes");
        Assert.Equal(2, planStep.Process!.ExitCode);
        Assert.Equal($"baseline-plan: {reason}", planStep.Process.StdErr.TrimEnd('\n'));
        Assert.Equal(string.Empty, plan.Outputs["matrix"]);

        // open-pr refuses too, before it reads an artifact or pushes anything.
        var openPr = github.Job(workflow, "open-pr").Run();
        var openStep = openPr.Step("Update the baselines and open the PR");
        Assert.Equal(2, openStep.Process!.ExitCode);
        Assert.Equal($"baseline-pr: {reason}", openStep.Process.StdErr.TrimEnd('\n'));
        Assert.False(File.Exists(Path.Combine(gh, "gh-called")), "no PR was opened");
        Assert.Equal(string.Empty, ChildProcess.Git(origin.Path, "branch", "--list", "perf/*").Trim());
    }
}
