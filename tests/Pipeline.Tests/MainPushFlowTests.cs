namespace Pipeline.Tests;

/// <summary>
/// A push to main as GitHub runs it: benchmarks.yml's suite leg for this OS (the suite and the deterministic counters),
/// then publish-trend through the trend files the action reads (one suite per metric this OS measures), the step
/// checks' plan, and the page placed on a local gh-pages remote.
/// </summary>
public sealed class MainPushFlowTests
{
    [Fact]
    public void SuiteLegAndPublishJobProduceTheTrendFilesTheActionReads()
    {
        var origin = OriginRepository.CopyOfThisTree();
        var sha = origin.Commit("README.md", "\nA change on main.\n", "a commit on main");
        using var github = SimulatedGitHub.ForEvent(origin, "push", "refs/heads/main", sha, runId: "2");
        TinySuite.Apply(github);
        var pages = Path.Combine(github.Root, "pages.git");
        ChildProcess.Git(github.Root, "init", "-q", "--bare", pages);
        github.TestEnvironment["TREND_REMOTE"] = pages;
        var os = SimulatedGitHub.RunnerLabel;
        var workflow = WorkflowFile.Load("benchmarks.yml");

        var suite = github.Job(workflow, "suite", new Dictionary<string, string> { ["os"] = os }).Run().AssertSucceeded();
        Assert.Equal("skipped", suite.Step("A/B report").Outcome);
        Assert.Contains("main vs baselines/", File.ReadAllText(suite.Summary), StringComparison.Ordinal);
        Assert.Contains($"### Trend series ({SimulatedGitHub.RunnerLabel})", File.ReadAllText(suite.Summary), StringComparison.Ordinal);

        var publish = github.Job(workflow, "publish-trend").Run().AssertSucceeded();
        // The action's steps for this OS would run (their hashFiles finds the files at their output-file-path);
        // the other OS left nothing, so its steps are skipped.
        // A counter whose operations differed within the run (another thread's allocation landing in one, as under
        // load) has no point this run: then its step is skipped too, and the suite's summary must say so and why.
        var summary = File.ReadAllText(suite.Summary);
        foreach (var step in publish.Steps.Where(s => s.Step.Action == "benchmark-action/github-action-benchmark"))
        {
            var metric = step.Step.With["name"].Split(' ')[1];
            var mine = step.Step.With["name"].EndsWith($"({os})", StringComparison.Ordinal);
            var trendFile = Path.Combine(publish.Workspace, step.Step.With["output-file-path"]);
            var leftOut = mine && metric is not ("time" or "allocated")
                && summary.Contains($"{metric}: no point this run: every case's operations differed within the run", StringComparison.Ordinal);
            Assert.Equal(mine && !leftOut ? "not run here" : "skipped", step.Outcome);
            Assert.Equal(mine && !leftOut, File.Exists(trendFile));
            if (mine && !leftOut)
            {
                // The suite's cases and unit: time and allocations of the dry suite, the counters of TinySuite's case.
                var (subject, unit) = metric switch
                {
                    "time" => (TinySuite.SuiteSubject, "ns"),
                    "allocated" => (TinySuite.SuiteSubject, "B"),
                    "counted-bytes" => (TinySuite.CountersSubject, "B"),
                    "instructions" => (TinySuite.CountersSubject, "instructions"),
                    _ => (TinySuite.CountersSubject, "calls"),
                };
                var points = File.ReadAllText(trendFile);
                Assert.Contains(subject, points, StringComparison.Ordinal);
                Assert.Contains($"\"unit\": \"{unit}\"", points.Replace("\"unit\":\"", "\"unit\": \"", StringComparison.Ordinal), StringComparison.Ordinal);
            }
        }

        // No steps.json on gh-pages before the first data.js: no step to check, so no check jobs.
        Assert.Equal("[]", publish.Outputs["checks"]);
        github.Contexts["needs.publish-trend.outputs.checks"] = publish.Outputs["checks"];
        Assert.False(github.Job(workflow, "confirm-step").WouldRun);
        Assert.False(github.Job(workflow, "settle-steps").WouldRun);

        var placed = Path.Combine(github.Root, "placed");
        ChildProcess.Git(github.Root, "clone", "-q", "--branch", "gh-pages", pages, placed);
        Assert.True(File.Exists(Path.Combine(placed, "dev", "bench", "index.html")), "the trend page is on gh-pages");
    }
}
