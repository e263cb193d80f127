namespace Pipeline.Tests;

/// <summary>
/// The package's way out, as GitHub runs it: release.yml's pack, nuget and github-release jobs for a tag, and ci.yml's
/// package step, each step with the env the YAML declares. <c>dotnet</c> (pack, nuget push) and <c>gh</c> are stubs
/// first on PATH that record their calls, so nothing is built or published: what is checked is what scripts/package.sh
/// hands them and that the files travel from one job to the next through the artifacts. (What the package holds is
/// tests/FilePipes.Package.Tests's; release.yml's test job is the README's test command, which .ci/run runs itself.)
/// </summary>
public sealed class PackageFlowTests
{
    private const string NuGetSource = "https://api.nuget.org/v3/index.json";

    private static readonly string DotnetStub =
        Stubs.RecordCall + "\n" +
        "case \"$1\" in\n" +
        "  test|nuget) ;;\n" +
        "  pack) while [ $# -gt 0 ]; do case \"$1\" in -o) out=$2 ;; -p:Version=*) version=${1#-p:Version=} ;; esac; shift; done\n" +
        "    mkdir -p \"$out\" && touch \"$out/FilePipes.${version:-props}.nupkg\" \"$out/FilePipes.${version:-props}.snupkg\" ;;\n" +
        "  *) echo \"unexpected: dotnet $*\" >&2; exit 9 ;;\n" +
        "esac";

    private static readonly string GhStub = Stubs.RecordCall + "\nprintf '%s' \"$GH_REPO\" > \"$(dirname \"$0\")/gh-repo\"";

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
        var pack = Assert.Single(Stubs.Calls(tools));
        Assert.Equal(["pack", "src/FilePipes/FilePipes.csproj", "-c", "Release", "-o", $"artifacts/upload/{name}", $"-p:Version={version}"], pack.Arguments);

        var nuget = github.Job(workflow, "nuget").Run().AssertSucceeded();
        Assert.Equal("stood in", nuget.Step("NuGet/login").Outcome);
        var nupkg = $"artifacts/incoming/{name}/FilePipes.{version}.nupkg";
        // One push per .nupkg: dotnet nuget push takes the .snupkg beside it along.
        var push = Assert.Single(Stubs.Calls(tools).Skip(1));
        Assert.Equal(["nuget", "push", nupkg, "--api-key", "key-from-login", "--source", NuGetSource, "--skip-duplicate"], push.Arguments);

        github.Job(workflow, "github-release").Run().AssertSucceeded();
        var release = Assert.Single(Stubs.Calls(tools).Skip(2));
        Assert.Equal("gh", release.Program);
        string[] flags = prerelease ? ["--prerelease"] : [];
        Assert.Equal(["release", "create", tag, "--verify-tag", "--title", tag, "--generate-notes", .. flags, nupkg, $"artifacts/incoming/{name}/FilePipes.{version}.snupkg"], release.Arguments);
        Assert.Equal(github.Contexts["github.repository"], File.ReadAllText(Path.Combine(tools, "gh-repo")));
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
        Assert.Equal(["pack"], Stubs.Calls(tools).Select(c => c.Arguments[0]));
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

    private static SimulatedGitHub TagPush(string tag, out string tools)
    {
        var origin = OriginRepository.CopyOfThisTree();
        var github = SimulatedGitHub.ForEvent(origin, "push", $"refs/tags/{tag}", origin.Head, runId: "21");
        tools = Stubs.Folder(github.Root, ("dotnet", DotnetStub), ("gh", GhStub));
        github.TestEnvironment["PATH"] = Stubs.PathWith(tools);
        return github;
    }
}
