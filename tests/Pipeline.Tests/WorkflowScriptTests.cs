namespace Pipeline.Tests;

/// <summary>
/// Every script a workflow's <c>run:</c> calls has a test that runs it, listed here: a new <c>run:</c> fails this test
/// until it is given one. A C# test class runs the script inside its workflow job (the env from the YAML); a Node test
/// file runs it on its own (and names it); <c>.ci/run</c> runs the command itself.
/// </summary>
public sealed class WorkflowScriptTests
{
    private const string CiRun = ".ci/run";
    private const string EntryPoints = "scripts/workflow-lint/test/entry-points.test.mjs";

    private static readonly Dictionary<string, string[]> RunBy = new(StringComparer.Ordinal)
    {
        ["scripts/artifact-name.sh"] = [nameof(PullRequestFlowTests), nameof(MainPushFlowTests), nameof(BaselineBumpFlowTests), nameof(MutationJobTests), nameof(PackageFlowTests)],
        // Its Linux branch where valgrind is installed, as on this machine; the install as root and through sudo with
        // stubs (ValgrindInstallTests); the workflow skips it on Windows (WindowsGuardTests).
        ["scripts/install-valgrind.sh"] = [nameof(PullRequestFlowTests), nameof(ValgrindInstallTests)],
        ["scripts/bench-pr.sh"] = [nameof(PullRequestFlowTests), EntryPoints],
        ["scripts/bench-main.sh"] = [nameof(MainPushFlowTests), EntryPoints],
        ["scripts/publish-trend.sh"] = [nameof(MainPushFlowTests), nameof(TrendBranchTests), nameof(TrendStepsTests), EntryPoints],
        ["src/BenchGuard.GitHub/site/build-site.sh"] = [nameof(MainPushFlowTests), "src/BenchGuard.GitHub/site/test/build-site.test.mjs"],
        ["scripts/confirm-step.sh"] = [nameof(TrendStepsTests), EntryPoints],
        ["scripts/policy"] = [nameof(MainPushFlowTests), "tests/BenchGuard.Tests/PolicyCommandTests.cs"],
        ["dotnet test FilePipes.sln"] = [CiRun],
        ["scripts/package.sh"] = [nameof(PackageFlowTests)],
        ["scripts/ci/lint-workflows.sh"] = [CiRun],
        ["scripts/ci/workflow-tests.sh"] = [CiRun],
        ["scripts/ci/site-test.sh"] = [CiRun],
        ["scripts/ci/bench-peer-adapters.sh"] = [CiRun],
        ["scripts/ci/unchanged-tree.sh"] = [CiRun],
        ["scripts/mutation.sh"] = [nameof(MutationJobTests)],
        ["src/BenchGuard.GitHub/pr-comment/post.mjs"] = ["src/BenchGuard.GitHub/pr-comment/test/post.test.mjs"],
        // Every job's last step; the jobs above run it too, where it finds no GitHub API and warns.
        ["src/BenchGuard.GitHub/job-timings/job-timings.mjs"] = ["src/BenchGuard.GitHub/job-timings/test/job-timings.test.mjs"],
        ["scripts/baseline-plan.sh"] = [nameof(BaselineBumpFlowTests), EntryPoints],
        ["scripts/run-suite.sh"] = [nameof(BaselineBumpFlowTests), EntryPoints],
        ["scripts/baseline-pr.sh"] = [nameof(BaselineBumpFlowTests), EntryPoints],
    };

    public static TheoryData<string> Workflows =>
        new(Directory.EnumerateFiles(Path.Combine(RepositoryRoot.Path, ".github", "workflows"), "*.yml").Select(f => Path.GetFileName(f)).Order(StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(Workflows))]
    public void EveryScriptTheWorkflowRunsHasATest(string workflow)
    {
        foreach (var script in ScriptsOf(WorkflowFile.Load(workflow)))
        {
            Assert.True(RunBy.ContainsKey(script), $"{workflow} runs {script}, which no test is listed for: add a test and list it here");
        }
    }

    [Fact]
    public void EveryListedScriptIsStillRunAndItsTestsNameIt()
    {
        var run = Workflows.Select(row => row.Data).SelectMany(w => ScriptsOf(WorkflowFile.Load(w))).ToHashSet(StringComparer.Ordinal);
        foreach (var (script, tests) in RunBy)
        {
            Assert.True(run.Contains(script), $"no workflow runs {script} any more: remove it from the list");
            foreach (var test in tests.Where(t => t.Contains('/', StringComparison.Ordinal)))
            {
                var text = File.ReadAllText(Path.Combine(RepositoryRoot.Path, test));
                var named = test == CiRun ? script : Path.GetFileName(script);
                Assert.True(text.Contains(named, StringComparison.Ordinal), $"{test} does not run {named}");
            }
        }
    }

    // What each run: calls: the script after bash or node, or the command itself.
    private static IEnumerable<string> ScriptsOf(WorkflowFile workflow) =>
        workflow.Jobs.Values.SelectMany(job => job.Steps).Where(step => step.Run is not null).Select(step =>
        {
            var words = step.Run!.Trim().Split(' ');
            return words[0] is "bash" or "node" ? words[1] : step.Run.Trim();
        });
}
