namespace Pipeline.Tests;

/// <summary>
/// ci.yml's mutation job as GitHub runs it, each step with the env the YAML declares, and a stub <c>dotnet</c> first on
/// PATH standing in for Stryker (which takes an hour): it records every call and writes a report where Stryker would,
/// and exits 2, Stryker's "score below the break threshold", for the test project named in STUB_STRYKER_BREAKS.
/// </summary>
public sealed class MutationJobTests
{
    private static readonly string StrykerStub =
        Stubs.RecordCall + "\n" +
        "[ \"$1\" = tool ] && exit 0\n" +
        "[ \"$1\" = stryker ] || { echo \"unexpected: dotnet $*\" >&2; exit 9; }\n" +
        "[ -f stryker-config.json ] || { echo 'no stryker-config.json here' >&2; exit 9; }\n" +
        "while [ $# -gt 0 ]; do [ \"$1\" = --output ] && out=$2; shift; done\n" +
        "mkdir -p \"$out/reports\" && echo '{}' > \"$out/reports/mutation-report.json\"\n" +
        "[ \"$(basename \"$PWD\")\" != \"${STUB_STRYKER_BREAKS:-}\" ] || exit 2";

    [Fact]
    public void APullRequestMutatesWhatChangedSinceItsBaseInEveryConfiguredProject()
    {
        var origin = OriginRepository.CopyOfThisTree();
        var baseSha = origin.Head;
        var headSha = origin.Commit("README.md", "\nA PR's change.\n", "head");
        using var github = SimulatedGitHub.ForEvent(origin, "pull_request", "refs/pull/7/merge", headSha, runId: "11", new Dictionary<string, string>
        {
            ["github.event.pull_request.base.sha"] = baseSha,
            ["github.event.pull_request.number"] = "7",
        });
        var dotnet = Stub(github);

        var job = RunMutationJob(github).AssertSucceeded();

        Assert.Equal("skipped", job.Step("bash scripts/mutation.sh --out").Outcome);
        // A full commit id: Stryker looks the target up as a branch, tag or full id only.
        Assert.All(AssertEveryProjectMutated(github, job, dotnet), c => Assert.Equal([$"--since:{baseSha}"], c.Arguments[3..]));
    }

    [Fact]
    public void TheWeeklyRunMutatesEverythingWithEachProjectsOwnConfig()
    {
        var origin = OriginRepository.CopyOfThisTree();
        using var github = SimulatedGitHub.ForEvent(origin, "schedule", "refs/heads/main", origin.Head, runId: "12");
        var dotnet = Stub(github);

        var job = RunMutationJob(github).AssertSucceeded();

        Assert.Equal("skipped", job.Step("bash scripts/mutation.sh --since").Outcome);
        Assert.All(AssertEveryProjectMutated(github, job, dotnet), c => Assert.Empty(c.Arguments[3..]));
    }

    [Fact]
    public void AScoreUnderTheBreakThresholdFailsTheJobAfterEveryProjectRanAndTheReportsAreStillUploaded()
    {
        var origin = OriginRepository.CopyOfThisTree();
        using var github = SimulatedGitHub.ForEvent(origin, "schedule", "refs/heads/main", origin.Head, runId: "13");
        var dotnet = Stub(github);
        github.TestEnvironment["STUB_STRYKER_BREAKS"] = "FilePipes.Tests";

        var job = RunMutationJob(github);

        Assert.True(job.Failed);
        var mutation = job.Step("bash scripts/mutation.sh --out");
        Assert.Equal(1, mutation.Process?.ExitCode);
        Assert.Equal("success", job.Steps.Single(s => s.Step.Action == "actions/upload-artifact").Outcome);
        AssertEveryProjectMutated(github, job, dotnet);
    }

    [Theory]
    [InlineData("", "--out is required")]
    [InlineData("--out", "--out needs a value")]
    [InlineData("--project everything --out x", "unknown --project 'everything'")]
    [InlineData("--since no-such-commit --out x", "--since 'no-such-commit' is not a commit here")]
    [InlineData("--fast --out x", "unknown option '--fast'")]
    public void BadUsageIsOneLineAndExitTwoBeforeAnythingRuns(string arguments, string message)
    {
        var root = Directory.CreateTempSubdirectory("filepipes-mutation-usage-").FullName;
        try
        {
            var dotnet = Stubs.Folder(root, ("dotnet", StrykerStub));
            var environment = Environment.GetEnvironmentVariables().Cast<System.Collections.DictionaryEntry>()
                .ToDictionary(e => (string)e.Key, e => (string?)e.Value);
            environment["PATH"] = Stubs.PathWith(dotnet);

            var result = ChildProcess.Run(BashLocator.Path, ["scripts/mutation.sh", .. arguments.Split(' ', StringSplitOptions.RemoveEmptyEntries)],
                RepositoryRoot.Path, environment, TimeSpan.FromMinutes(1));

            Assert.Equal(2, result.ExitCode);
            var line = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
            Assert.StartsWith("mutation: ", line, StringComparison.Ordinal);
            Assert.Contains(message, line, StringComparison.Ordinal);
            Assert.Empty(Stubs.Calls(dotnet));
            Assert.False(Directory.Exists(Path.Combine(RepositoryRoot.Path, "x")), "nothing is created on bad usage");
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    // Every test project with a Stryker configuration, as tests/<name>.
    private static List<string> ConfiguredProjects() =>
        Directory.EnumerateFiles(Path.Combine(RepositoryRoot.Path, "tests"), "stryker-config.json", SearchOption.AllDirectories)
            .Select(config => "tests/" + Path.GetFileName(Path.GetDirectoryName(config)))
            .Order(StringComparer.Ordinal)
            .ToList();

    private static string Stub(SimulatedGitHub github)
    {
        var dotnet = Stubs.Folder(github.Root, ("dotnet", StrykerStub));
        github.TestEnvironment["PATH"] = Stubs.PathWith(dotnet);
        return dotnet;
    }

    // The job on each OS of its matrix that this machine can stand for (the YAML's list, not restated here).
    private static RunnerJob RunMutationJob(SimulatedGitHub github)
    {
        var workflow = WorkflowFile.Load("ci.yml");
        var os = Assert.Single(workflow.Jobs["mutation"].MatrixOs);
        return github.Job(workflow, "mutation", new Dictionary<string, string> { ["os"] = os }).Run();
    }

    private static List<StubCall> StrykerCalls(string dotnet)
    {
        var calls = Stubs.Calls(dotnet);
        Assert.Equal(["tool", "restore"], calls[0].Arguments);
        return calls.Skip(1).ToList();
    }

    private static string ProjectOf(StubCall call, RunnerJob job) => InWorkspace(call.WorkingDirectory, job);

    // Bash spells C:\x as /c/x on Windows, and a temp folder may come in its short form there: a path is compared
    // from the workspace's own uniquely named folder on.
    private static string InWorkspace(string path, RunnerJob job)
    {
        var marker = "/" + string.Join('/', Stubs.ForBash(job.Workspace).Split('/')[^2..]) + "/";
        var bashPath = Stubs.ForBash(path);
        var at = bashPath.IndexOf(marker, StringComparison.Ordinal);
        Assert.True(at >= 0, $"{path} is not in the job's workspace {job.Workspace}");
        return bashPath[(at + marker.Length)..];
    }

    // Stryker ran once in each configured project's folder (where its config is), and each project's reports went to a
    // folder of its own under the one the upload step takes, and so into the artifact. Returns the Stryker calls.
    private static List<StubCall> AssertEveryProjectMutated(SimulatedGitHub github, RunnerJob job, string dotnet)
    {
        var stryker = StrykerCalls(dotnet);
        Assert.Equal(ConfiguredProjects(), stryker.Select(c => ProjectOf(c, job)).Order(StringComparer.Ordinal));
        Assert.All(stryker, c => Assert.Equal(["stryker", "--output"], c.Arguments[..2]));
        var artifact = Assert.Single(Directory.GetDirectories(github.ArtifactStore));
        var name = Path.GetFileName(artifact);
        foreach (var call in stryker)
        {
            var output = InWorkspace(call.Arguments[2], job);
            Assert.StartsWith($"artifacts/upload/{name}/", output, StringComparison.Ordinal);
            // The artifact holds what the upload step took: the folder artifacts/upload, whose one child is named after it.
            var uploaded = Path.Combine(artifact, output["artifacts/upload/".Length..], "reports", "mutation-report.json");
            Assert.True(File.Exists(uploaded), $"{ProjectOf(call, job)}'s report is not in the artifact at {uploaded}");
        }

        Assert.Equal(stryker.Count, Directory.GetDirectories(Path.Combine(artifact, name)).Length);
        return stryker;
    }
}
