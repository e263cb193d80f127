using System.Text.RegularExpressions;

namespace Pipeline.Tests;

/// <summary>The outcome of one step.</summary>
internal sealed record StepRun(WorkflowStep Step, string Outcome, ProcessResult? Process)
{
    public override string ToString() => $"{this.Outcome}: {this.Step.Title}\n{this.Process?.Output}";
}

/// <summary>
/// One job of a workflow on a fresh simulated runner: its own workspace and runner temp folder, and the env of
/// each step made the way the runner makes it, from the YAML (workflow env, then job env, then step env, each
/// with its expressions resolved), plus GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY as real files.
/// <c>run:</c> steps run in bash like <c>shell: bash</c> (<c>bash --noprofile --norc -eo pipefail</c>); the
/// actions the workflows use are stood in for by what they do to the runner's disk.
/// </summary>
internal sealed partial class RunnerJob
{
    private static readonly TimeSpan StepTimeLimit = TimeSpan.FromMinutes(25);
    private readonly SimulatedGitHub github;
    private readonly WorkflowFile workflow;
    private readonly WorkflowJob job;
    private readonly IReadOnlyDictionary<string, string> matrix;
    private readonly Dictionary<string, Dictionary<string, string>> stepOutputs = [];
    private readonly Dictionary<string, string> exportedEnv = [];

    public RunnerJob(SimulatedGitHub github, WorkflowFile workflow, WorkflowJob job, IReadOnlyDictionary<string, string> matrix)
    {
        this.github = github;
        this.workflow = workflow;
        this.job = job;
        this.matrix = matrix;
        var home = Directory.CreateDirectory(Path.Combine(github.Root, $"{job.Id}-{Guid.NewGuid():N}"[..(job.Id.Length + 9)])).FullName;
        this.Workspace = Directory.CreateDirectory(Path.Combine(home, "work")).FullName;
        this.RunnerTemp = Directory.CreateDirectory(Path.Combine(home, "temp")).FullName;
        this.Summary = Path.Combine(this.RunnerTemp, "step-summary.md");
        File.WriteAllText(this.Summary, string.Empty);
    }

    public string Workspace { get; }

    public string RunnerTemp { get; }

    /// <summary>Everything the steps wrote to GITHUB_STEP_SUMMARY.</summary>
    public string Summary { get; }

    public List<StepRun> Steps { get; } = [];

    public bool Failed { get; private set; }

    /// <summary>The job's outputs, resolved from its <c>outputs:</c> after the steps ran.</summary>
    public IReadOnlyDictionary<string, string> Outputs =>
        this.job.Outputs.ToDictionary(pair => pair.Key, pair => this.Resolve(pair.Value));

    /// <summary>Whether GitHub would start this job, by its <c>if:</c>.</summary>
    public bool WouldRun => WorkflowExpression.IsTrue(this.job.If, this.Lookup, this.FileExists, jobFailed: false);

    /// <summary>Runs the steps in order, as far as the one titled <paramref name="stopBefore"/> if given.</summary>
    public RunnerJob Run(string? stopBefore = null)
    {
        Assert.True(this.WouldRun, $"job {this.job.Id} would be skipped: if: {this.job.If}");
        foreach (var step in this.job.Steps)
        {
            if (stopBefore is not null && step.Title.StartsWith(stopBefore, StringComparison.Ordinal))
            {
                break;
            }

            if (!WorkflowExpression.IsTrue(step.If, this.Lookup, this.FileExists, this.Failed))
            {
                this.Steps.Add(new StepRun(step, "skipped", null));
                continue;
            }

            var run = step.Run is not null ? this.RunScript(step) : this.RunAction(step);
            this.Steps.Add(run);
            if (run.Outcome == "failure" && !step.ContinueOnError)
            {
                this.Failed = true;
            }
        }

        return this;
    }

    /// <summary>
    /// Runs only the step titled <paramref name="titleStart"/> (if its <c>if:</c> holds), as the job reaches it after
    /// successful steps: for a step that needs nothing the steps before it made.
    /// </summary>
    public StepRun RunStep(string titleStart)
    {
        var step = this.job.Steps.Single(s => s.Title.StartsWith(titleStart, StringComparison.Ordinal));
        var run = !WorkflowExpression.IsTrue(step.If, this.Lookup, this.FileExists, jobFailed: false) ? new StepRun(step, "skipped", null)
            : step.Run is not null ? this.RunScript(step)
            : this.RunAction(step);
        this.Steps.Add(run);
        return run;
    }

    /// <summary>Fails the test with every step's output when the job failed.</summary>
    public RunnerJob AssertSucceeded()
    {
        Assert.False(this.Failed, $"{this.workflow.Name}#{this.job.Id} failed:\n{string.Join("\n", this.Steps)}");
        return this;
    }

    /// <summary>
    /// Like <see cref="AssertSucceeded"/>, except that the step titled <paramref name="titleStart"/> may also exit 1,
    /// the scripts' "regression found" code: on the dry job's single operation a verdict is noise, and the test is
    /// about the environment the steps get, not about the verdict. Exit 2 (could not measure) still fails.
    /// </summary>
    public RunnerJob AssertSucceededOrFoundRegression(string titleStart)
    {
        var verdictStep = this.Step(titleStart);
        Assert.True(verdictStep.Process?.ExitCode is 0 or 1, $"{this.workflow.Name}#{this.job.Id}: '{titleStart}' {verdictStep}");
        var others = this.Steps.Where(s => s != verdictStep && s.Outcome == "failure").ToList();
        Assert.True(others.Count == 0, $"{this.workflow.Name}#{this.job.Id} failed:\n{string.Join("\n", this.Steps)}");
        return this;
    }

    /// <summary>Whether the step titled <paramref name="titleStart"/> would run, by its <c>if:</c>, before any step failed.</summary>
    public bool StepWouldRun(string titleStart) =>
        WorkflowExpression.IsTrue(this.job.Steps.Single(s => s.Title.StartsWith(titleStart, StringComparison.Ordinal)).If, this.Lookup, this.FileExists, jobFailed: false);

    public StepRun Step(string titleStart) =>
        this.Steps.Single(s => s.Step.Title.StartsWith(titleStart, StringComparison.Ordinal));

    private StepRun RunScript(WorkflowStep step)
    {
        var script = Path.Combine(this.RunnerTemp, $"{Guid.NewGuid():N}.sh");
        File.WriteAllText(script, step.Run!.ReplaceLineEndings("\n"));
        var output = Path.Combine(this.RunnerTemp, $"output-{Guid.NewGuid():N}");
        var env = Path.Combine(this.RunnerTemp, $"env-{Guid.NewGuid():N}");
        File.WriteAllText(output, string.Empty);
        File.WriteAllText(env, string.Empty);
        var environment = this.StepEnvironment(step, output, env);
        var result = ChildProcess.Run(BashLocator.Path, ["--noprofile", "--norc", "-eo", "pipefail", script], this.Workspace, environment, StepTimeLimit);
        if (step.Id is not null)
        {
            this.stepOutputs[step.Id] = ReadKeyValues(output);
        }

        foreach (var (key, value) in ReadKeyValues(env))
        {
            this.exportedEnv[key] = value;
        }

        return new StepRun(step, result.ExitCode == 0 ? "success" : "failure", result);
    }

    private Dictionary<string, string?> StepEnvironment(WorkflowStep step, string output, string env)
    {
        var environment = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (System.Collections.DictionaryEntry entry in Environment.GetEnvironmentVariables())
        {
            var key = (string)entry.Key;
            // This process may itself run inside GitHub Actions (ci.yml): the simulated job must not see that run.
            if (!key.StartsWith("GITHUB_", StringComparison.Ordinal) && !key.StartsWith("RUNNER_", StringComparison.Ordinal))
            {
                environment[key] = (string?)entry.Value;
            }
        }

        foreach (var (key, value) in this.github.TestEnvironment)
        {
            environment[key] = value;
        }

        environment["CI"] = "true";
        environment["GITHUB_ACTIONS"] = "true";
        environment["GITHUB_WORKSPACE"] = this.Workspace;
        environment["RUNNER_TEMP"] = this.RunnerTemp;
        environment["RUNNER_OS"] = this.Lookup("runner.os");
        environment["GITHUB_OUTPUT"] = output;
        environment["GITHUB_ENV"] = env;
        environment["GITHUB_STEP_SUMMARY"] = this.Summary;
        foreach (var (name, context) in new[] { ("GITHUB_SHA", "github.sha"), ("GITHUB_REF", "github.ref"), ("GITHUB_REF_NAME", "github.ref_name"), ("GITHUB_EVENT_NAME", "github.event_name"),
            ("GITHUB_REPOSITORY", "github.repository"), ("GITHUB_RUN_ID", "github.run_id"), ("GITHUB_SERVER_URL", "github.server_url") })
        {
            environment[name] = this.Lookup(context);
        }

        foreach (var (key, value) in this.exportedEnv)
        {
            environment[key] = value;
        }

        foreach (var layer in new[] { this.workflow.Env, this.job.Env, step.Env })
        {
            foreach (var (key, value) in layer)
            {
                environment[key] = this.Resolve(value);
            }
        }

        return environment;
    }

    private StepRun RunAction(WorkflowStep step)
    {
        try
        {
            switch (step.Action)
            {
                case "actions/checkout":
                    this.Checkout();
                    break;
                case "actions/setup-dotnet":
                    // The SDK global.json names is on this machine already; the action would install it.
                    Assert.Equal("global.json", step.With["global-json-file"]);
                    break;
                case "actions/setup-node":
                    // The Node .nvmrc names is this machine's (the workflow invariants check its major); the action would
                    // install it, reading the file from the checkout.
                    Assert.Equal(".nvmrc", step.With["node-version-file"]);
                    if (!File.Exists(Path.Combine(this.Workspace, ".nvmrc")))
                    {
                        throw new ActionFailedException("no .nvmrc in the workspace: the checkout must come first");
                    }

                    break;
                case "actions/cache":
                    this.RestoreCache(this.Resolve(step.With["path"]));
                    break;
                case "actions/upload-artifact":
                    this.Upload(step);
                    break;
                case "actions/download-artifact":
                    this.Download(step);
                    break;
                default:
                    // An action that needs GitHub (NuGet/login's token exchange) can be stood in for by the outputs
                    // the test gives it; github-action-benchmark's inputs are checked by the workflow invariant tests.
                    if (step.Action is not null && this.github.StandInOutputs.TryGetValue(step.Action, out var outputs))
                    {
                        this.stepOutputs[step.Id ?? step.Action] = new Dictionary<string, string>(outputs);
                        return new StepRun(step, "stood in", null);
                    }

                    return new StepRun(step, "not run here", null);
            }

            return new StepRun(step, "success", null);
        }
        catch (ActionFailedException failure)
        {
            return new StepRun(step, "failure", new ProcessResult(1, string.Empty, failure.Message));
        }
    }

    private void Checkout()
    {
        ChildProcess.Git(this.Workspace, "clone", "-q", "--no-checkout", this.github.Origin, ".");
        ChildProcess.Git(this.Workspace, "checkout", "-q", "--detach", this.Lookup("github.sha"));
    }

    // actions/cache restores the saved folder to the path the workflow names. The tests link that path to this
    // machine's package cache, so the packages are in the workspace where the workflow puts them, as on a runner,
    // without copying hundreds of megabytes.
    private void RestoreCache(string path)
    {
        var full = Path.GetFullPath(path, this.Workspace);
        Directory.CreateDirectory(Path.GetDirectoryName(full)!);
        Directory.CreateSymbolicLink(full, SimulatedGitHub.MachinePackageCache);
        this.github.CacheLinks.Add(full);
    }

    private void Upload(WorkflowStep step)
    {
        var name = this.Resolve(step.With["name"]);
        // One folder, then '!' exclusions below it, as upload-artifact reads a multi-line path (a folder a pattern
        // names is left out whole).
        var lines = this.Resolve(step.With["path"]).Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var source = Path.GetFullPath(lines[0], this.Workspace);
        var excluded = lines.Skip(1).Select(line => line.StartsWith('!')
            ? ExclusionPattern(line[1..])
            : throw new ActionFailedException($"only one folder and '!' exclusions are simulated, not '{line}'")).ToList();
        var target = Path.Combine(this.github.ArtifactStore, name);
        // upload-artifact uploads files: a folder that holds none is "no files found", as no folder is.
        if (!Directory.Exists(source) || !Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories).Any())
        {
            if (step.With.GetValueOrDefault("if-no-files-found") == "error")
            {
                throw new ActionFailedException($"no files at {source}");
            }

            return;
        }

        if (Directory.Exists(target))
        {
            // upload-artifact v4+ refuses a name the run already has, unless told to overwrite it.
            if (step.With.GetValueOrDefault("overwrite") != "true")
            {
                throw new ActionFailedException($"an artifact named {name} already exists in this run");
            }

            Directory.Delete(target, recursive: true);
        }

        CopyTree(source, target, file =>
        {
            var relative = Path.GetRelativePath(this.Workspace, file).Replace('\\', '/');
            return excluded.Any(pattern => pattern.IsMatch(relative));
        });
    }

    private void Download(WorkflowStep step)
    {
        var destination = Path.GetFullPath(this.Resolve(step.With.GetValueOrDefault("path") ?? "."), this.Workspace);
        var pattern = step.With.TryGetValue("pattern", out var glob) ? this.Resolve(glob) : this.Resolve(step.With["name"]);
        // As download-artifact matches (minimatch): * is anything, {a,b} either of a and b.
        var escaped = Regex.Escape(pattern).Replace(@"\*", ".*", StringComparison.Ordinal);
        var matcher = new Regex($"^{Regex.Replace(escaped, @"\\\{([^{}]*)}", m => $"(?:{m.Groups[1].Value.Replace(',', '|')})")}$");
        var matches = Directory.GetDirectories(this.github.ArtifactStore).Select(Path.GetFileName).Where(n => matcher.IsMatch(n!)).ToList();
        // download-artifact v5+: one artifact (by name, or the only match of a pattern) or merge-multiple extracts
        // straight into the path; several matches otherwise go into path/<artifact name>/.
        var direct = step.With.ContainsKey("name") || step.With.GetValueOrDefault("merge-multiple") == "true" || matches.Count == 1;
        foreach (var name in matches)
        {
            CopyTree(Path.Combine(this.github.ArtifactStore, name!), direct ? destination : Path.Combine(destination, name!));
        }
    }

    // A glob of @actions/glob's kind over workspace-relative paths: ** any folders, * and ? within one name; it also
    // matches everything below a folder it names.
    private static System.Text.RegularExpressions.Regex ExclusionPattern(string glob)
    {
        var regex = System.Text.RegularExpressions.Regex.Escape(glob.Trim())
            .Replace(@"\*\*/", "(?:.*/)?", StringComparison.Ordinal)
            .Replace(@"\*\*", ".*", StringComparison.Ordinal)
            .Replace(@"\*", "[^/]*", StringComparison.Ordinal)
            .Replace(@"\?", "[^/]", StringComparison.Ordinal);
        return new System.Text.RegularExpressions.Regex($"^{regex}(?:/.*)?$");
    }

    private static void CopyTree(string source, string target, Func<string, bool>? leaveOut = null)
    {
        Directory.CreateDirectory(target);
        foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories))
        {
            if (leaveOut?.Invoke(file) == true)
            {
                continue;
            }

            var copy = Path.Combine(target, Path.GetRelativePath(source, file));
            Directory.CreateDirectory(Path.GetDirectoryName(copy)!);
            File.Copy(file, copy, overwrite: true);
        }
    }

    private string Resolve(string text) => WorkflowExpression.Substitute(text, this.Lookup, this.FileExists);

    private bool FileExists(string relative) => File.Exists(Path.Combine(this.Workspace, relative));

    private string Lookup(string path)
    {
        switch (path)
        {
            case "github.workspace":
                return this.Workspace;
            case "runner.temp":
                return this.RunnerTemp;
            case "runner.os":
                return this.github.RunnerOs;
        }

        var parts = path.Split('.');
        // The env context of a step's if: and inputs, layered as a step's environment is: the job's env over the
        // workflow's over what earlier steps exported; unset is empty.
        if (parts is ["env", var name])
        {
            return this.job.Env.TryGetValue(name, out var jobValue) ? this.Resolve(jobValue)
                : this.workflow.Env.TryGetValue(name, out var workflowValue) ? this.Resolve(workflowValue)
                : this.exportedEnv.GetValueOrDefault(name, string.Empty);
        }

        if (parts is ["matrix", var key] && this.matrix.TryGetValue(key, out var value))
        {
            return value;
        }

        if (parts is ["steps", var id, "outputs", var output])
        {
            return this.stepOutputs.TryGetValue(id, out var outputs) ? outputs.GetValueOrDefault(output, string.Empty) : string.Empty;
        }

        return this.github.Contexts.TryGetValue(path, out var known)
            ? known
            : path.StartsWith("secrets.", StringComparison.Ordinal)
                ? string.Empty // an unset secret is empty on GitHub too
                : throw new NotSupportedException($"{this.workflow.Name}#{this.job.Id} reads ${{{{ {path} }}}}, which the test does not provide");
    }

    // The runner's file-command format: name=value lines, or name<<DELIMITER ... DELIMITER for multi-line values.
    private static Dictionary<string, string> ReadKeyValues(string file)
    {
        var values = new Dictionary<string, string>();
        var lines = File.ReadAllLines(file);
        for (var i = 0; i < lines.Length; i++)
        {
            var heredoc = Heredoc().Match(lines[i]);
            if (heredoc.Success)
            {
                var end = Array.IndexOf(lines, heredoc.Groups[2].Value, i + 1);
                values[heredoc.Groups[1].Value] = string.Join("\n", lines[(i + 1)..end]);
                i = end;
            }
            else if (lines[i].IndexOf('=', StringComparison.Ordinal) is > 0 and var equals)
            {
                values[lines[i][..equals]] = lines[i][(equals + 1)..];
            }
        }

        return values;
    }

    [GeneratedRegex(@"^([A-Za-z_][A-Za-z0-9_-]*)<<(.+)$")]
    private static partial Regex Heredoc();

    private sealed class ActionFailedException(string message) : Exception(message);
}
