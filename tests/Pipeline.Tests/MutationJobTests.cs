namespace Pipeline.Tests;

/// <summary>
/// ci.yml's mutation job as GitHub runs it, each step with the env the YAML declares, and a stub <c>dotnet</c> first on
/// PATH standing in for Stryker (which takes an hour): it records every call and writes a report where Stryker would,
/// and exits 2, Stryker's "score below the break threshold", for the test project named in STUB_STRYKER_BREAKS.
/// </summary>
public sealed class MutationJobTests
{
    private const string PullRequest = "bash scripts/mutation.sh --project \"$PROJECT\" --since";
    private const string Weekly = "bash scripts/mutation.sh --project \"$PROJECT\" --out";

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

        var legs = RunMutationLegs(github);

        Assert.All(legs, leg => Assert.Equal("skipped", leg.AssertSucceeded().Step(Weekly).Outcome));
        // A full commit id: Stryker looks the target up as a branch, tag or full id only; then the leg's part, if any.
        Assert.All(AssertEveryProjectMutated(github, legs, dotnet), c => Assert.Equal($"--since:{baseSha}", c.Arguments[3]));
        AssertTheComparersPartsMutateEachFileOnce(StrykerCalls(dotnet), 4);
    }

    [Fact]
    public void TheWeeklyRunMutatesEverythingWithEachProjectsOwnConfig()
    {
        var origin = OriginRepository.CopyOfThisTree();
        using var github = SimulatedGitHub.ForEvent(origin, "schedule", "refs/heads/main", origin.Head, runId: "12");
        var dotnet = Stub(github);

        var legs = RunMutationLegs(github);

        Assert.All(legs, leg => Assert.Equal("skipped", leg.AssertSucceeded().Step(PullRequest).Outcome));
        var stryker = AssertEveryProjectMutated(github, legs, dotnet);
        Assert.Empty(Assert.Single(stryker, c => c.WorkingDirectory.EndsWith("FilePipes.Tests", StringComparison.Ordinal)).Arguments[3..]);
        AssertTheComparersPartsMutateEachFileOnce(stryker, 3);
    }

    [Fact]
    public void TheWholeComparerRunsInOneStrykerRunWhenAskedForByName()
    {
        var root = Directory.CreateTempSubdirectory("filepipes-mutation-whole-").FullName;
        try
        {
            var (result, dotnet) = RunScript(root, "--project", "comparer", "--mutate", "**/Units.cs", "--out", Path.Combine(root, "out"));

            Assert.True(result.ExitCode == 0, result.StdErr);
            var call = Assert.Single(Stubs.Calls(dotnet), c => c.Arguments[0] == "stryker");
            Assert.Equal(["-m", "**/Units.cs"], call.Arguments[3..]);
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public void AScoreUnderTheBreakThresholdFailsItsProjectsLegOnlyAndItsReportIsStillUploaded()
    {
        var origin = OriginRepository.CopyOfThisTree();
        using var github = SimulatedGitHub.ForEvent(origin, "schedule", "refs/heads/main", origin.Head, runId: "13");
        var dotnet = Stub(github);
        github.TestEnvironment["STUB_STRYKER_BREAKS"] = "FilePipes.Tests";

        var legs = RunMutationLegs(github);

        var broken = Assert.Single(legs, leg => leg.Failed);
        Assert.Equal(1, broken.Step(Weekly).Process?.ExitCode);
        Assert.Equal("tests/FilePipes.Tests", ProjectOf(Assert.Single(StrykerCalls(dotnet), c => InLeg(c, broken)), broken));
        Assert.All(legs, leg => Assert.Equal("success", leg.Steps.Single(s => s.Step.Action == "actions/upload-artifact").Outcome));
        AssertEveryProjectMutated(github, legs, dotnet);
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
            var (result, dotnet) = RunScript(root, arguments.Split(' ', StringSplitOptions.RemoveEmptyEntries));

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

    // The comparer's legs (its Stryker calls beyond the library's) mutate, together, each of its source files exactly
    // once: a file is in a part when one of its globs matches it and none of its negated ones does. The arguments after
    // --output DIR are the --since (on a pull request) and then the part's -m globs.
    private static void AssertTheComparersPartsMutateEachFileOnce(List<StubCall> stryker, int partsFrom)
    {
        var parts = stryker.Where(c => c.WorkingDirectory.EndsWith("BenchGuard.Tests", StringComparison.Ordinal))
            .Select(c => c.Arguments[partsFrom..].Where((_, i) => i % 2 == 1).ToList())
            .ToList();
        Assert.Equal(3, parts.Count);
        Assert.All(parts, part => Assert.NotEmpty(part));
        var comparer = Path.Combine(RepositoryRoot.Path, "src", "BenchGuard");
        var files = Directory.EnumerateFiles(comparer, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(comparer, f).Replace('\\', '/'))
            .Where(f => !f.StartsWith("bin/", StringComparison.Ordinal) && !f.StartsWith("obj/", StringComparison.Ordinal))
            .ToList();
        Assert.Contains("AB/AbRun.cs", files);
        foreach (var file in files)
        {
            Assert.True(parts.Count(part => InPart(part, "src/BenchGuard/" + file)) == 1, $"{file} is not in exactly one part");
        }
    }

    private static bool InPart(List<string> globs, string file)
    {
        var positive = globs.Where(g => !g.StartsWith('!')).ToList();
        return (positive.Count == 0 || positive.Any(g => Matches(g, file))) && !globs.Where(g => g.StartsWith('!')).Any(g => Matches(g[1..], file));
    }

    // Stryker's globs as used here: ** any folders (or none), * any name part.
    private static bool Matches(string glob, string file) =>
        System.Text.RegularExpressions.Regex.IsMatch(
            file,
            "^" + System.Text.RegularExpressions.Regex.Escape(glob).Replace(@"\*\*/", "(.*/)?", StringComparison.Ordinal).Replace(@"\*", "[^/]*", StringComparison.Ordinal) + "$");

    // Every test project with a Stryker configuration, as tests/<name>.
    private static List<string> ConfiguredProjects() =>
        Directory.EnumerateFiles(Path.Combine(RepositoryRoot.Path, "tests"), "stryker-config.json", SearchOption.AllDirectories)
            .Select(config => "tests/" + Path.GetFileName(Path.GetDirectoryName(config)))
            .Order(StringComparer.Ordinal)
            .ToList();

    // scripts/mutation.sh from the repository, with a stub dotnet (made in root) first on PATH; returns the stub's folder.
    private static (ProcessResult Result, string Dotnet) RunScript(string root, params string[] arguments)
    {
        var dotnet = Stubs.Folder(root, ("dotnet", StrykerStub));
        var environment = Environment.GetEnvironmentVariables().Cast<System.Collections.DictionaryEntry>()
            .ToDictionary(e => (string)e.Key, e => (string?)e.Value);
        environment["PATH"] = Stubs.PathWith(dotnet);
        return (ChildProcess.Run(BashLocator.Path, ["scripts/mutation.sh", .. arguments], RepositoryRoot.Path, environment, TimeSpan.FromMinutes(1)), dotnet);
    }

    private static string Stub(SimulatedGitHub github)
    {
        var dotnet = Stubs.Folder(github.Root, ("dotnet", StrykerStub));
        github.TestEnvironment["PATH"] = Stubs.PathWith(dotnet);
        return dotnet;
    }

    // Every leg of the job, one per project, on the OS of its matrix that this machine can stand for (the YAML's
    // lists, not restated here), one after the other as separate jobs.
    private static List<RunnerJob> RunMutationLegs(SimulatedGitHub github)
    {
        var workflow = WorkflowFile.Load("ci.yml");
        var job = workflow.Jobs["mutation"];
        var os = Assert.Single(job.MatrixOs);
        Assert.NotEmpty(job.MatrixProjects);
        return job.MatrixProjects
            .Select(project => github.Job(workflow, "mutation", new Dictionary<string, string> { ["os"] = os, ["project"] = project }).Run())
            .ToList();
    }

    // Each leg restores the tools before its one Stryker call.
    private static List<StubCall> StrykerCalls(string dotnet)
    {
        var calls = Stubs.Calls(dotnet);
        Assert.Equal(["tool", "restore"], calls[0].Arguments);
        Assert.All(calls, c => Assert.True(c.Arguments is ["tool", "restore"] || c.Arguments[0] == "stryker", string.Join(' ', c.Arguments)));
        return calls.Where(c => c.Arguments[0] == "stryker").ToList();
    }

    private static string ProjectOf(StubCall call, RunnerJob job) => InWorkspace(call.WorkingDirectory, job);

    private static bool InLeg(StubCall call, RunnerJob leg) =>
        Stubs.ForBash(call.WorkingDirectory).Contains("/" + string.Join('/', Stubs.ForBash(leg.Workspace).Split('/')[^2..]) + "/", StringComparison.Ordinal);

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

    // Stryker ran once in each configured project's folder (where its config is), each in a leg of its own, and each
    // project's reports went to that leg's artifact, a folder of its own under the one the upload step takes.
    // Returns the Stryker calls.
    private static List<StubCall> AssertEveryProjectMutated(SimulatedGitHub github, List<RunnerJob> legs, string dotnet)
    {
        var stryker = StrykerCalls(dotnet);
        Assert.Equal(legs.Count, Stubs.Calls(dotnet).Count(c => c.Arguments is ["tool", "restore"]));
        Assert.All(legs, leg => Assert.Single(stryker, c => InLeg(c, leg)));
        Assert.Equal(ConfiguredProjects(), stryker.Select(c => ProjectOf(c, legs.Single(leg => InLeg(c, leg)))).Distinct().Order(StringComparer.Ordinal));
        Assert.All(stryker, c => Assert.Equal(["stryker", "--output"], c.Arguments[..2]));
        var artifacts = Directory.GetDirectories(github.ArtifactStore);
        Assert.Equal(legs.Count, artifacts.Length);
        foreach (var call in stryker)
        {
            var leg = legs.Single(l => InLeg(call, l));
            var output = InWorkspace(call.Arguments[2], leg);
            var artifact = Assert.Single(artifacts, a => output.StartsWith($"artifacts/upload/{Path.GetFileName(a)}/", StringComparison.Ordinal));
            // The artifact holds what the upload step took: the folder artifacts/upload, whose one child is named after it.
            var uploaded = Path.Combine(artifact, output["artifacts/upload/".Length..], "reports", "mutation-report.json");
            Assert.True(File.Exists(uploaded), $"{ProjectOf(call, leg)}'s report is not in the artifact at {uploaded}");
            Assert.Single(Directory.GetDirectories(Path.Combine(artifact, Path.GetFileName(artifact))));
        }

        return stryker;
    }
}
