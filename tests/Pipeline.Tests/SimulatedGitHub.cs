namespace Pipeline.Tests;

/// <summary>
/// What GitHub gives every job of one workflow run, made of local folders: the repository to check out (a local
/// clone standing in for github.com), the run's artifact store, and the contexts the expressions read
/// (github.*, inputs.*, secrets.*). Each job then runs on a fresh <see cref="RunnerJob"/>.
/// </summary>
internal sealed partial class SimulatedGitHub : IDisposable
{
    private readonly List<string> ownedFolders = [];

    public SimulatedGitHub(string origin, IReadOnlyDictionary<string, string> contexts)
    {
        this.Root = Directory.CreateTempSubdirectory("filepipes-pipeline-").FullName;
        this.Origin = origin;
        this.ArtifactStore = Directory.CreateDirectory(System.IO.Path.Combine(this.Root, "artifacts")).FullName;
        this.Contexts = new Dictionary<string, string>(contexts);
    }

    public string Root { get; }

    /// <summary>A run of <paramref name="eventName"/> on <paramref name="origin"/>, with the github.* values every
    /// workflow reads, plus <paramref name="more"/> (the event's own, and inputs.*).</summary>
    public static SimulatedGitHub ForEvent(OriginRepository origin, string eventName, string gitRef, string sha, string runId,
        IReadOnlyDictionary<string, string>? more = null)
    {
        var contexts = new Dictionary<string, string>
        {
            ["github.event_name"] = eventName,
            ["github.ref"] = gitRef,
            // The short ref the runner puts in GITHUB_REF_NAME: v1.2.3 for refs/tags/v1.2.3, 7/merge for a PR.
            ["github.ref_name"] = RefName().Replace(gitRef, string.Empty),
            ["github.sha"] = sha,
            ["github.repository"] = "owner/filepipes",
            ["github.run_id"] = runId,
            ["github.server_url"] = "https://github.com",
            ["github.token"] = "test-token",
        };
        foreach (var (key, value) in more ?? new Dictionary<string, string>())
        {
            contexts[key] = value;
        }

        var github = new SimulatedGitHub(origin.Path, contexts);
        github.ownedFolders.Add(Directory.GetParent(origin.Path)!.FullName);
        return github;
    }

    /// <summary>The repository actions/checkout clones.</summary>
    public string Origin { get; }

    /// <summary>One folder per uploaded artifact, named after it, holding its files as the upload's root had them.</summary>
    public string ArtifactStore { get; }

    public Dictionary<string, string> Contexts { get; }

    /// <summary>Variables that stand in for what the tests cannot have (a pr-report cut to a tiny job, a gh stub,
    /// a local gh-pages remote). Set before the workflow's own env, which wins on a clash.</summary>
    public Dictionary<string, string> TestEnvironment { get; } = [];

    /// <summary>The machine's NuGet cache, which the actions/cache step "restores" into the path the workflow names.</summary>
    public static string MachinePackageCache =>
        Environment.GetEnvironmentVariable("NUGET_PACKAGES")
        ?? System.IO.Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");

    /// <summary>What <c>runner.os</c> reads: this machine's OS unless a test asks how a step reads on another.</summary>
    public string RunnerOs { get; set; } = OperatingSystem.IsWindows() ? "Windows" : "Linux";

    /// <summary>Outputs of actions that need GitHub itself, by action name (<c>NuGet/login</c>), given to the step in their place.</summary>
    public Dictionary<string, IReadOnlyDictionary<string, string>> StandInOutputs { get; } = [];

    /// <summary>The runner label of this machine's OS, the name of its matrix leg and baselines/ folder.</summary>
    public static string RunnerLabel => OperatingSystem.IsWindows() ? "windows-latest" : "ubuntu-latest";

    public RunnerJob Job(WorkflowFile workflow, string jobId, IReadOnlyDictionary<string, string>? matrix = null) =>
        new(this, workflow, workflow.Jobs[jobId], matrix ?? new Dictionary<string, string>());

    /// <summary>Links made by the cache step into the machine's package cache: removed first, never followed.</summary>
    public List<string> CacheLinks { get; } = [];

    public void Dispose()
    {
        // PIPELINE_TESTS_KEEP=1 keeps every folder of the run, to look at what a failing job left.
        if (Environment.GetEnvironmentVariable("PIPELINE_TESTS_KEEP") == "1")
        {
            return;
        }

        try
        {
            foreach (var link in this.CacheLinks)
            {
                Directory.Delete(link);
            }

            foreach (var folder in this.ownedFolders.Prepend(this.Root))
            {
                DeleteTree(folder);
            }
        }
        catch (IOException)
        {
            // A file still held open (Windows) leaves a temp folder behind; it never fails a test.
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    private static void DeleteTree(string path)
    {
        // git writes read-only object files, which Directory.Delete refuses on Windows.
        foreach (var file in Directory.EnumerateFiles(path, "*", new EnumerationOptions { RecurseSubdirectories = true, AttributesToSkip = FileAttributes.ReparsePoint }))
        {
            File.SetAttributes(file, FileAttributes.Normal);
        }

        Directory.Delete(path, recursive: true);
    }

    [System.Text.RegularExpressions.GeneratedRegex("^refs/(heads|tags|pull)/")]
    private static partial System.Text.RegularExpressions.Regex RefName();
}
