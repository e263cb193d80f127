namespace Pipeline.Tests;

/// <summary>
/// The package's way out, as GitHub runs it: release.yml's pack, nuget and github-release jobs for a tag, and ci.yml's
/// package step, each step with the env the YAML declares. <c>dotnet</c> (pack, nuget push) and <c>gh</c> are stubs
/// first on PATH that record their calls (gh keeps a fake of the repository's releases), so nothing is built or
/// published: what is checked is what scripts/package.sh hands them, that a re-run completes a release an earlier run
/// left, and that the files travel from one job to the next through the artifacts. (What the package holds is
/// tests/FilePipes.Package.Tests's; release.yml's test job is the README's test command, which .ci/run runs itself.)
/// </summary>
public sealed class PackageFlowTests
{
    private const string NuGetSource = "https://api.nuget.org/v3/index.json";

    private static readonly string DotnetStub =
        Stubs.RecordCall + "\n" +
        "case \"$1\" in\n" +
        "  test|nuget) ;;\n" +
        "  pack) id=$(basename \"$2\" .csproj); while [ $# -gt 0 ]; do case \"$1\" in -o) out=$2 ;; -p:Version=*) version=${1#-p:Version=} ;; esac; shift; done\n" +
        "    mkdir -p \"$out\" && touch \"$out/$id.${version:-props}.nupkg\" \"$out/$id.${version:-props}.snupkg\" ;;\n" +
        "  *) echo \"unexpected: dotnet $*\" >&2; exit 9 ;;\n" +
        "esac";

    // gh's release commands against a fake of GitHub's releases beside the stub: releases/<tag>/draft (true|false) and
    // releases/<tag>/assets/<file name>. As on GitHub, create fails for a tag that has a release, view and upload for
    // one that has none, and upload for an asset name the release has unless --clobber. A file view-fails holds the
    // error view prints instead (a lookup that fails for another reason than a missing release).
    private static readonly string GhStub = Stubs.RecordCall + "\n" +
        "here=$(dirname \"$0\")\n" +
        "printf '%s' \"$GH_REPO\" > \"$here/gh-repo\"\n" +
        "[ \"$1\" = release ] || { echo \"unexpected: gh $*\" >&2; exit 9; }\n" +
        "command=$2 release=\"$here/releases/$3\"\n" +
        "shift 3\n" +
        "assets() { for arg in \"$@\"; do if [ -f \"$arg\" ]; then printf '%s\\n' \"$arg\"; fi; done; }\n" +
        "case \"$command\" in\n" +
        "  view)\n" +
        "    if [ -f \"$here/view-fails\" ]; then cat \"$here/view-fails\" >&2; exit 1; fi\n" +
        "    [ -d \"$release\" ] || { echo 'release not found' >&2; exit 1; }\n" +
        "    [ \"$*\" = '--json isDraft --jq .isDraft' ] || { echo \"unexpected: gh release view $*\" >&2; exit 9; }\n" +
        "    cat \"$release/draft\" ;;\n" +
        "  create)\n" +
        "    if [ -d \"$release\" ]; then echo 'HTTP 422: Validation Failed (https://api.github.com/repos/owner/filepipes/releases)' >&2; echo 'Release.tag_name already exists' >&2; exit 1; fi\n" +
        "    mkdir -p \"$release/assets\" && echo false > \"$release/draft\"\n" +
        "    assets \"$@\" | while read -r file; do touch \"$release/assets/$(basename \"$file\")\"; done ;;\n" +
        "  upload)\n" +
        "    [ -d \"$release\" ] || { echo 'release not found' >&2; exit 1; }\n" +
        "    clobber=false; for arg in \"$@\"; do if [ \"$arg\" = --clobber ]; then clobber=true; fi; done\n" +
        "    while read -r file; do\n" +
        "      asset=\"$release/assets/$(basename \"$file\")\"\n" +
        "      if [ -e \"$asset\" ] && [ \"$clobber\" = false ]; then echo \"asset under the same name already exists: [$(basename \"$file\")]\" >&2; exit 1; fi\n" +
        "      touch \"$asset\"\n" +
        "    done < <(assets \"$@\") ;;\n" +
        "  edit)\n" +
        "    [ -d \"$release\" ] || { echo 'release not found' >&2; exit 1; }\n" +
        "    [ \"$*\" = --draft=false ] || { echo \"unexpected: gh release edit $*\" >&2; exit 9; }\n" +
        "    echo false > \"$release/draft\" ;;\n" +
        "  *) echo \"unexpected: gh release $command\" >&2; exit 9 ;;\n" +
        "esac";

    [Theory]
    [InlineData("v1.2.3", "1.2.3", false)]
    [InlineData("v1.2.3-rc.1", "1.2.3-rc.1", true)]
    public void ATagIsPackedWithItsVersionPushedWithTheLoginsKeyAndReleasedWithItsPackages(string tag, string version, bool prerelease)
    {
        using var github = TagPush(tag, out var tools);
        github.StandInOutputs["NuGet/login"] = new Dictionary<string, string> { ["NUGET_API_KEY"] = "key-from-login" };
        var workflow = WorkflowFile.Load("release.yml");

        foreach (var os in workflow.Jobs["pack"].MatrixOs)
        {
            github.Job(workflow, "pack", new Dictionary<string, string> { ["os"] = os }).Run().AssertSucceeded();
        }

        var name = Path.GetFileName(Assert.Single(Directory.GetDirectories(github.ArtifactStore)));
        // The library, the tool and its counters mode, each with the tag's version.
        Assert.Equal(
            [
                ["pack", "src/FilePipes/FilePipes.csproj", "-c", "Release", "-o", $"artifacts/upload/{name}", $"-p:Version={version}"],
                ["pack", "src/BenchGuard/BenchGuard.csproj", "-c", "Release", "-o", $"artifacts/upload/{name}", $"-p:Version={version}"],
                ["pack", "src/BenchGuard.Counters/BenchGuard.Counters.csproj", "-c", "Release", "-o", $"artifacts/upload/{name}", $"-p:Version={version}"],
            ],
            Stubs.Calls(tools).Select(call => call.Arguments));

        var nuget = github.Job(workflow, "nuget").Run().AssertSucceeded();
        Assert.Equal("stood in", nuget.Step("NuGet/login").Outcome);
        string Incoming(string id, string extension) => $"artifacts/incoming/{name}/{id}.{version}.{extension}";
        // One push per .nupkg: dotnet nuget push takes the .snupkg beside it along.
        Assert.Equal(
            [
                ["nuget", "push", Incoming("BenchGuard", "nupkg"), "--api-key", "key-from-login", "--source", NuGetSource, "--skip-duplicate"],
                ["nuget", "push", Incoming("BenchGuard.Counters", "nupkg"), "--api-key", "key-from-login", "--source", NuGetSource, "--skip-duplicate"],
                ["nuget", "push", Incoming("FilePipes", "nupkg"), "--api-key", "key-from-login", "--source", NuGetSource, "--skip-duplicate"],
            ],
            Stubs.Calls(tools).Skip(3).Select(call => call.Arguments));

        github.Job(workflow, "github-release").Run().AssertSucceeded();
        // No release for the tag yet: it is looked up, then created with the packages attached.
        var calls = Stubs.Calls(tools).Skip(6).ToList();
        Assert.All(calls, call => Assert.Equal("gh", call.Program));
        Assert.Equal(["release", "view", tag, "--json", "isDraft", "--jq", ".isDraft"], calls[0].Arguments);
        string[] flags = prerelease ? ["--prerelease"] : [];
        Assert.Equal(
            ["release", "create", tag, "--verify-tag", "--title", tag, "--generate-notes", .. flags,
                Incoming("BenchGuard", "nupkg"), Incoming("BenchGuard.Counters", "nupkg"), Incoming("FilePipes", "nupkg"),
                Incoming("BenchGuard", "snupkg"), Incoming("BenchGuard.Counters", "snupkg"), Incoming("FilePipes", "snupkg")],
            calls[1].Arguments);
        Assert.Equal(2, calls.Count);
        Assert.Equal($"published: BenchGuard.{version}.nupkg, BenchGuard.{version}.snupkg, BenchGuard.Counters.{version}.nupkg, BenchGuard.Counters.{version}.snupkg, FilePipes.{version}.nupkg, FilePipes.{version}.snupkg", Release(tools, tag));
        Assert.Equal(github.Contexts["github.repository"], File.ReadAllText(Path.Combine(tools, "gh-repo")));
    }

    /// <summary>
    /// A re-run of the release after the first run got part of the way: the release is there with every package (a
    /// later step or job failed), with the package but not its symbols (an upload failed), or as the draft gh create
    /// makes while it uploads (the job was cancelled or timed out before it published). The re-run completes it.
    /// </summary>
    [Theory]
    [InlineData("false", "nupkg snupkg")]
    [InlineData("false", "nupkg")]
    [InlineData("true", "")]
    public void AReRunCompletesTheReleaseTheFirstRunLeft(string draft, string assetsBefore)
    {
        const string tag = "v1.2.3";
        using var github = TagPush(tag, out var tools);
        var workflow = WorkflowFile.Load("release.yml");
        github.Job(workflow, "pack", new Dictionary<string, string> { ["os"] = workflow.Jobs["pack"].MatrixOs[0] }).Run().AssertSucceeded();
        var release = Directory.CreateDirectory(Path.Combine(tools, "releases", tag, "assets")).Parent!.FullName;
        File.WriteAllText(Path.Combine(release, "draft"), draft + "\n");
        foreach (var extension in assetsBefore.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            File.WriteAllText(Path.Combine(release, "assets", $"FilePipes.1.2.3.{extension}"), string.Empty);
        }

        var job = github.Job(workflow, "github-release").Run();

        job.AssertSucceeded();
        Assert.Equal("published: BenchGuard.1.2.3.nupkg, BenchGuard.1.2.3.snupkg, BenchGuard.Counters.1.2.3.nupkg, BenchGuard.Counters.1.2.3.snupkg, FilePipes.1.2.3.nupkg, FilePipes.1.2.3.snupkg", Release(tools, tag));
        Assert.DoesNotContain(Stubs.Calls(tools), call => call.Program == "gh" && call.Arguments[1] == "create");
    }

    [Fact]
    public void AReleaseLookupThatFailsForAnotherReasonThanAMissingReleaseChangesNothing()
    {
        const string tag = "v1.2.3";
        using var github = TagPush(tag, out var tools);
        var workflow = WorkflowFile.Load("release.yml");
        github.Job(workflow, "pack", new Dictionary<string, string> { ["os"] = workflow.Jobs["pack"].MatrixOs[0] }).Run().AssertSucceeded();
        File.WriteAllText(Path.Combine(tools, "view-fails"), "HTTP 401: Bad credentials (https://api.github.com/graphql)\nTry authenticating with:  gh auth login\n");

        var job = github.Job(workflow, "github-release").Run();

        Assert.True(job.Failed);
        var step = job.Step("bash scripts/package.sh github-release");
        Assert.Equal(1, step.Process?.ExitCode);
        Assert.Equal($"package.sh: gh release view {tag} failed: HTTP 401: Bad credentials (https://api.github.com/graphql) Try authenticating with:  gh auth login",
            Assert.Single(step.Process!.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        Assert.Equal(["view"], Stubs.Calls(tools).Where(call => call.Program == "gh").Select(call => call.Arguments[1]));
        Assert.False(Directory.Exists(Path.Combine(tools, "releases")), "no release was created");
    }

    [Fact]
    public void ATagThatIsNotAVersionStopsThePackBeforeAnythingIsBuilt()
    {
        using var github = TagPush("v1.2", out var tools);
        var workflow = WorkflowFile.Load("release.yml");

        var pack = github.Job(workflow, "pack", new Dictionary<string, string> { ["os"] = workflow.Jobs["pack"].MatrixOs[0] }).Run();

        Assert.True(pack.Failed);
        var step = pack.Step("bash scripts/package.sh pack");
        Assert.Equal(2, step.Process?.ExitCode);
        Assert.Equal("package.sh: 'v1.2' is not a release tag (vX.Y.Z or vX.Y.Z-suffix)", Assert.Single(step.Process!.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        Assert.Empty(Stubs.Calls(tools));
        Assert.Empty(Directory.GetDirectories(github.ArtifactStore));
    }

    [Fact]
    public void WithoutTheLoginsKeyNothingIsPushed()
    {
        using var github = TagPush("v1.2.3", out var tools);
        var workflow = WorkflowFile.Load("release.yml");
        github.Job(workflow, "pack", new Dictionary<string, string> { ["os"] = workflow.Jobs["pack"].MatrixOs[0] }).Run().AssertSucceeded();

        // NuGet/login left no key (here: not stood in at all, so its output is empty).
        var nuget = github.Job(workflow, "nuget").Run();

        Assert.True(nuget.Failed);
        var push = nuget.Step("bash scripts/package.sh push");
        Assert.Equal(2, push.Process?.ExitCode);
        Assert.Contains("NUGET_API_KEY is not set", push.Process!.StdErr, StringComparison.Ordinal);
        // The pack job's three packs, and no push.
        Assert.Equal(["pack", "pack", "pack"], Stubs.Calls(tools).Select(c => c.Arguments[0]));
    }

    [Fact]
    public void EveryCommitsPackageKeepsThePropsVersionAndIsUploaded()
    {
        var origin = OriginRepository.CopyOfThisTree();
        using var github = SimulatedGitHub.ForEvent(origin, "push", "refs/heads/main", origin.Head, runId: "22");
        var tools = Stubs.Folder(github.Root, ("dotnet", DotnetStub));
        github.TestEnvironment["PATH"] = Stubs.PathWith(tools);

        github.Job(WorkflowFile.Load("ci.yml"), "test", new Dictionary<string, string> { ["os"] = SimulatedGitHub.RunnerLabel }).Run().AssertSucceeded();

        var calls = Stubs.Calls(tools);
        Assert.Equal(["test", "FilePipes.sln"], calls[0].Arguments);
        var name = Path.GetFileName(Assert.Single(Directory.GetDirectories(github.ArtifactStore)));
        Assert.Equal(["pack", "src/FilePipes/FilePipes.csproj", "-c", "Release", "-o", $"artifacts/upload/{name}"], calls[1].Arguments);
        Assert.True(File.Exists(Path.Combine(github.ArtifactStore, name, name, "FilePipes.props.nupkg")), "the package is in the artifact");
    }

    // The fake release of tag as "draft|published: its assets' names".
    private static string Release(string tools, string tag)
    {
        var release = Path.Combine(tools, "releases", tag);
        var state = File.ReadAllText(Path.Combine(release, "draft")).Trim() == "true" ? "draft" : "published";
        var assets = Directory.GetFiles(Path.Combine(release, "assets")).Select(file => Path.GetFileName(file)).Order(StringComparer.Ordinal);
        return $"{state}: {string.Join(", ", assets)}";
    }

    private static SimulatedGitHub TagPush(string tag, out string tools)
    {
        var origin = OriginRepository.CopyOfThisTree();
        var github = SimulatedGitHub.ForEvent(origin, "push", $"refs/tags/{tag}", origin.Head, runId: "21");
        tools = Stubs.Folder(github.Root, ("dotnet", DotnetStub), ("gh", GhStub));
        github.TestEnvironment["PATH"] = Stubs.PathWith(tools);
        return github;
    }
}
