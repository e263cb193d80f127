namespace Pipeline.Tests;

/// <summary>
/// A PR as GitHub runs it: benchmarks.yml's suite leg for this OS on a two-commit repository (base and head), with
/// the package cache in the workspace where the workflow puts it, then pr-comment.yml's download of the legs.
/// </summary>
public sealed class PullRequestFlowTests
{
    [Fact]
    public void SuiteLegReportsHeadAgainstBaseAndTheCommentJobFindsIt()
    {
        using var github = NewPullRequest(out var baseSha, out var headSha);
        var os = SimulatedGitHub.RunnerLabel;
        var suite = github.Job(WorkflowFile.Load("benchmarks.yml"), "suite", new Dictionary<string, string> { ["os"] = os }).Run();
        suite.AssertSucceededOrFoundRegression("A/B report");
        Assert.Equal("success", suite.Step("Upload results and report").Outcome);
        Assert.Equal("skipped", suite.Step("Suite, comparison and trend files").Outcome);
        var name = $"benchguard-perf-{os}";
        var artifact = Path.Combine(github.ArtifactStore, name, name);
        Assert.True(File.Exists(Path.Combine(artifact, "report.md")), "the leg's artifact holds <name>/report.md");
        Assert.Equal("7", File.ReadAllText(Path.Combine(artifact, "pr-number")).Trim());
        Assert.True(File.Exists(Path.Combine(artifact, "ab", "ab.json")), "the A/B of head against base was made");
        // The artifact holds the report and the record, not the checkouts nor what repeats the record.
        Assert.True(Directory.Exists(Path.Combine(suite.Workspace, "artifacts", "upload", name, "ab", "head-results")), "the leg wrote head-results");
        Assert.False(Directory.Exists(Path.Combine(artifact, "ab", "head-results")), "the upload leaves the copy of results/ out");
        Assert.DoesNotContain(Directory.EnumerateFiles(artifact, "*.log", SearchOption.AllDirectories), f => f.Contains($"{Path.DirectorySeparatorChar}launches{Path.DirectorySeparatorChar}", StringComparison.Ordinal));
        Assert.Empty(Directory.EnumerateDirectories(artifact, ".git", SearchOption.AllDirectories));
        Assert.Contains(File.ReadAllText(Path.Combine(artifact, "report.md")).Split('\n')[0], File.ReadAllText(suite.Summary), StringComparison.Ordinal);

        // Issue 12, item 2: the head is the working tree, snapshotted into git; the package cache must not be in it.
        // Every commit object the job's repository holds is checked, whatever made it.
        var withPackages = CommitsHolding(suite.Workspace, ".nuget/");
        Assert.True(withPackages.Count == 0, $"commits in the PR leg's repository hold the package cache: {string.Join(", ", withPackages)}");

        // The other OS's leg needs a runner of that OS: its upload is stood in for by this leg's files under its name,
        // the name an older run gave it (filepipes-perf-): the comment job on the default branch finds a PR's legs
        // under either name while the prefix changes.
        var other = os == "ubuntu-latest" ? "windows-latest" : "ubuntu-latest";
        CopyTree(Path.Combine(github.ArtifactStore, name), Path.Combine(github.ArtifactStore, $"filepipes-perf-{other}"), $"filepipes-perf-{other}");

        // pr-comment.yml, as far as the step that needs GitHub's API: the downloaded legs, where post.mjs reads them.
        // Another run (workflow_run) of the same repository, downloading from the benchmark run's artifacts.
        github.Contexts["github.event_name"] = "workflow_run";
        github.Contexts["github.event.workflow_run.event"] = "pull_request";
        github.Contexts["github.event.workflow_run.id"] = "1";
        github.Contexts["github.event.workflow_run.head_sha"] = headSha;
        github.Contexts["github.event.workflow_run.html_url"] = "https://example.invalid/run/1";
        var comment = github.Job(WorkflowFile.Load("pr-comment.yml"), "comment").Run(stopBefore: "Compose and post the comment");
        comment.AssertSucceeded();
        var incoming = Path.Combine(comment.RunnerTemp, "incoming");
        var jobs = Path.Combine(comment.RunnerTemp, "jobs.json");
        File.WriteAllText(jobs, "{\"ubuntu-latest\": {\"conclusion\": \"success\", \"url\": \"https://example.invalid/job/1\"}, " +
            "\"windows-latest\": {\"conclusion\": \"success\", \"url\": \"https://example.invalid/job/2\"}}");
        var composed = ChildProcess.Run("node", ["src/BenchGuard.GitHub/pr-comment/compose.mjs", "--incoming", incoming, "--oses", "ubuntu-latest,windows-latest", "--jobs", jobs,
            "--run-id", "1", "--run-url", "https://example.invalid/run/1", "--out", Path.Combine(comment.RunnerTemp, "comment")],
            comment.Workspace, null, TimeSpan.FromMinutes(2));
        Assert.True(composed.ExitCode == 0, composed.Output);
        Assert.Equal("7", File.ReadAllText(Path.Combine(comment.RunnerTemp, "comment", "pr-number")).Trim());
        var body = File.ReadAllText(Path.Combine(comment.RunnerTemp, "comment", "comment.md"));
        Assert.Contains($"### {os}", body, StringComparison.Ordinal);
        Assert.Contains($"### {other}", body, StringComparison.Ordinal);
        Assert.DoesNotContain("produced no report", body, StringComparison.Ordinal);
        Assert.NotEqual(baseSha, headSha);
    }

    private static SimulatedGitHub NewPullRequest(out string baseSha, out string headSha)
    {
        var origin = OriginRepository.CopyOfThisTree();
        baseSha = origin.Head;
        headSha = origin.Commit("README.md", "\nA PR's change.\n", "head");
        var github = SimulatedGitHub.ForEvent(origin, "pull_request", "refs/pull/7/merge", headSha, runId: "1", new Dictionary<string, string>
        {
            ["github.event.pull_request.base.sha"] = baseSha,
            ["github.event.pull_request.number"] = "7",
        });
        TinySuite.Apply(github);
        return github;
    }

    // Copies an artifact's files, renaming its root folder (the artifact's name) to <paramref name="root"/>.
    private static void CopyTree(string artifact, string target, string root)
    {
        var inner = Directory.GetDirectories(artifact).Single();
        foreach (var file in Directory.EnumerateFiles(inner, "*", SearchOption.AllDirectories))
        {
            var copy = Path.Combine(target, root, Path.GetRelativePath(inner, file));
            Directory.CreateDirectory(Path.GetDirectoryName(copy)!);
            File.Copy(file, copy);
        }
    }

    private static List<string> CommitsHolding(string repository, string prefix)
    {
        var objects = ChildProcess.Git(repository, "cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype)");
        var commits = objects.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(l => l.EndsWith(" commit", StringComparison.Ordinal)).Select(l => l.Split(' ')[0]);
        return commits.Where(c => ChildProcess.Git(repository, "ls-tree", "-r", "--name-only", c)
            .Split('\n').Any(path => path.StartsWith(prefix, StringComparison.Ordinal))).ToList();
    }
}
