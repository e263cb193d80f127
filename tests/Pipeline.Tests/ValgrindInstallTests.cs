namespace Pipeline.Tests;

/// <summary>
/// benchmarks.yml's "Install valgrind" step (scripts/install-valgrind.sh, which .ci/run calls too), run with the env the
/// YAML declares and a PATH of stubs: <c>id</c> says who runs it, <c>sudo</c>, <c>apt-get</c> and <c>sleep</c> (the
/// back-off, which never waits here) log their calls, and the stub apt-get "installs" a valgrind into a PATH folder or
/// fails as told. The real valgrind is never on that PATH.
/// </summary>
public sealed class ValgrindInstallTests
{
    private const string StepTitle = "Install valgrind";
    private const string Install = "apt-get install -y -q --no-install-recommends valgrind";
    private const string Update = "apt-get update -q";
    private const string NotInstalled = "install-valgrind: apt-get install failed (exit 100) after 3 attempts: E: Unable to locate package valgrind";
    private const string NotOnWindows = "the step runs on the Linux legs only (its if: is checked by Windows_legs_skip_the_step)";

    [Fact]
    public void As_root_apt_get_installs_valgrind_without_sudo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 0, sudo: true, installed: false, installFails: false);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Equal(new[] { "apt-get update -q", Install }, runner.Calls);
        Assert.Contains("valgrind-3.22.0", step.Process!.StdOut, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_root_apt_get_runs_through_sudo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 1001, sudo: true, installed: false, installFails: false);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Equal(new[] { "sudo apt-get update -q", "apt-get update -q", "sudo " + Install, Install }, runner.Calls);
    }

    [Fact]
    public void An_installed_valgrind_skips_the_install()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 1001, sudo: true, installed: true, installFails: false);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Empty(runner.Calls);
        Assert.Equal("valgrind-3.22.0", step.Process!.StdOut.Trim());
    }

    [Fact]
    public void A_transient_apt_get_failure_is_retried_after_a_growing_wait()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 0, sudo: false, installed: false, installFails: false, updateFailures: 2);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Equal(new[] { Update, "sleep 10", Update, "sleep 30", Update, Install }, runner.Calls);
        Assert.Contains("valgrind-3.22.0", step.Process!.StdOut, StringComparison.Ordinal);
        Assert.Contains("install-valgrind: apt-get update failed (exit 100): E: Failed to fetch http://archive.ubuntu.com (attempt 1 of 3); trying again in 10 s",
            step.Process.StdOut, StringComparison.Ordinal);
        Assert.DoesNotContain("::warning::", step.Process.StdOut, StringComparison.Ordinal);
    }

    [Fact]
    public void When_apt_get_keeps_failing_the_leg_goes_on_with_a_warning_and_no_instructions()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 0, sudo: false, installed: false, installFails: true);
        var step = runner.Run();

        // The step succeeds, so the A/B and counters steps after it run: bytes and system calls still gate, and the
        // counters say why instructions were not measured (no valgrind).
        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Equal(new[] { Update, Install, "sleep 10", Update, Install, "sleep 30", Update, Install }, runner.Calls);
        var warning = $"::warning::{NotInstalled}; the counters go on without instructions (not measured)";
        Assert.Single(step.Process!.StdOut.Split('\n'), line => line == warning);
        Assert.Equal(string.Empty, step.Process.StdErr);
        Assert.Contains("valgrind could not be installed", File.ReadAllText(runner.Summary), StringComparison.Ordinal);
        Assert.False(runner.HasValgrind, "nothing that looks like valgrind was left on PATH");
    }

    [Fact]
    public void As_ci_run_calls_it_a_failed_install_fails_with_one_line_naming_apt_gets_error()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 0, sudo: false, installed: false, installFails: true);
        var result = runner.RunAsCiRun();

        Assert.Equal(2, result.ExitCode);
        Assert.Equal(NotInstalled, result.StdErr.TrimEnd('\n'));
        Assert.Equal(new[] { Update, Install, "sleep 10", Update, Install, "sleep 30", Update, Install }, runner.Calls);
    }

    [Fact]
    public void Without_root_or_sudo_the_step_warns_and_ci_run_fails_with_one_line()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        const string Reason = "install-valgrind: valgrind is missing, and installing it needs root or sudo (neither is available)";
        using var runner = new InstallRunner(uid: 1001, sudo: false, installed: false, installFails: false);
        var step = runner.Run();
        var strict = runner.RunAsCiRun();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Contains($"::warning::{Reason}; the counters go on without instructions (not measured)", step.Process!.StdOut, StringComparison.Ordinal);
        Assert.Equal(2, strict.ExitCode);
        Assert.Equal(Reason, strict.StdErr.TrimEnd('\n'));
        Assert.Empty(runner.Calls);
    }

    [Fact]
    public void Windows_legs_skip_the_step()
    {
        Assert.SkipUnless(OperatingSystem.IsWindows(), "the tests above run the step on this Linux leg");
        using var github = PullRequestRun();
        var step = github.Job(WorkflowFile.Load("benchmarks.yml"), "suite", new Dictionary<string, string> { ["os"] = SimulatedGitHub.RunnerLabel }).RunStep(StepTitle);

        Assert.Equal("skipped", step.Outcome);
    }

    // A pull-request run: the contexts every step's env reads. The step needs no checkout, so there is no origin.
    private static SimulatedGitHub PullRequestRun() => new(string.Empty, new Dictionary<string, string>
    {
        ["github.event_name"] = "pull_request",
        ["github.ref"] = "refs/pull/7/merge",
        ["github.ref_name"] = "7/merge",
        ["github.sha"] = new string('a', 40),
        ["github.repository"] = "owner/filepipes",
        ["github.run_id"] = "1",
        ["github.server_url"] = "https://github.com",
        ["github.token"] = "test-token",
    });

    /// <summary>One run of the step on a simulated pull-request leg of this OS, with its stubs and their call log.</summary>
    private sealed class InstallRunner : IDisposable
    {
        private readonly SimulatedGitHub github;
        private readonly string log;
        private readonly string packages;
        private RunnerJob? job;

        /// <param name="uid">What <c>id -u</c> answers.</param>
        /// <param name="sudo">Whether a sudo is on PATH.</param>
        /// <param name="installed">Whether valgrind is on PATH from the start.</param>
        /// <param name="installFails">Whether <c>apt-get install</c> fails (the package cannot be found).</param>
        /// <param name="updateFailures">How many times <c>apt-get update</c> fails (a mirror that cannot be reached) before it works.</param>
        public InstallRunner(int uid, bool sudo, bool installed, bool installFails, int updateFailures = 0)
        {
            this.github = PullRequestRun();
            this.log = Path.Combine(this.github.Root, "calls.log");
            File.WriteAllText(this.log, string.Empty);
            this.packages = Directory.CreateDirectory(Path.Combine(this.github.Root, "installed")).FullName;
            const string Valgrind = "printf '#!/usr/bin/env bash\\necho valgrind-3.22.0\\n' > \"$STUB_INSTALLED/valgrind\"; chmod +x \"$STUB_INSTALLED/valgrind\"";

            List<(string, string)> stubs =
            [
                ("id", "[ \"$1\" = -u ] && echo \"$STUB_UID\""),
                ("sleep", "echo \"sleep $*\" >> \"$STUB_LOG\""),
                ("apt-get",
                    "echo \"apt-get $*\" >> \"$STUB_LOG\"\n" +
                    "if [ \"$1\" = update ]; then\n" +
                    "  failed=$(cat \"$STUB_LOG.update-failures\" 2>/dev/null || echo 0)\n" +
                    "  if [ \"$failed\" -lt \"${STUB_UPDATE_FAILURES:-0}\" ]; then\n" +
                    "    echo $((failed + 1)) > \"$STUB_LOG.update-failures\"\n" +
                    "    echo 'Err:1 http://archive.ubuntu.com noble InRelease'; echo 'E: Failed to fetch http://archive.ubuntu.com' >&2; exit 100\n" +
                    "  fi\n" +
                    "fi\n" +
                    "if [ \"$1\" = install ]; then\n" +
                    "  if [ -n \"${STUB_APT_FAILS:-}\" ]; then echo 'Reading package lists...'; echo 'E: Unable to locate package valgrind' >&2; exit 100; fi\n" +
                    $"  {Valgrind}\n" +
                    "fi"),
            ];
            if (sudo)
            {
                stubs.Add(("sudo", "echo \"sudo $*\" >> \"$STUB_LOG\"\nexec \"$@\""));
            }

            var stubFolder = Stubs.Folder(this.github.Root, [.. stubs]);
            // The real bash, cat and chmod, and nothing else of the machine's: its own valgrind must not be found.
            var tools = Directory.CreateDirectory(Path.Combine(this.github.Root, "tools")).FullName;
            foreach (var tool in new[] { "bash", "cat", "chmod" })
            {
                File.CreateSymbolicLink(Path.Combine(tools, tool), MachineTool(tool));
            }

            this.github.TestEnvironment["PATH"] = string.Join(Path.PathSeparator, stubFolder, this.packages, tools);
            this.github.TestEnvironment["STUB_LOG"] = this.log;
            this.github.TestEnvironment["STUB_UID"] = uid.ToString(System.Globalization.CultureInfo.InvariantCulture);
            this.github.TestEnvironment["STUB_INSTALLED"] = this.packages;
            this.github.TestEnvironment["STUB_UPDATE_FAILURES"] = updateFailures.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (installFails)
            {
                this.github.TestEnvironment["STUB_APT_FAILS"] = "1";
            }

            if (installed)
            {
                var made = ChildProcess.Run(MachineTool("bash"), ["-c", Valgrind], this.github.Root,
                    new Dictionary<string, string?> { ["STUB_INSTALLED"] = this.packages, ["PATH"] = tools }, TimeSpan.FromSeconds(30));
                Assert.True(made.ExitCode == 0, made.Output);
            }
        }

        /// <summary>Every stub call, one line each, in order.</summary>
        public IReadOnlyList<string> Calls => File.ReadAllLines(this.log);

        /// <summary>What the steps wrote to the job summary.</summary>
        public string Summary => this.job!.Summary;

        /// <summary>Whether the stub apt-get left a valgrind on PATH.</summary>
        public bool HasValgrind => File.Exists(Path.Combine(this.packages, "valgrind"));

        public StepRun Run() => this.Job().RunStep(StepTitle);

        /// <summary>The script as .ci/run calls it (no options), in the step's workspace and env.</summary>
        public ProcessResult RunAsCiRun()
        {
            var job = this.Job();
            var environment = new Dictionary<string, string?>(StringComparer.Ordinal);
            foreach (System.Collections.DictionaryEntry entry in Environment.GetEnvironmentVariables())
            {
                environment[(string)entry.Key] = (string?)entry.Value;
            }

            foreach (var (key, value) in this.github.TestEnvironment)
            {
                environment[key] = value;
            }

            return ChildProcess.Run(BashLocator.Path, ["scripts/install-valgrind.sh"], job.Workspace, environment, TimeSpan.FromMinutes(1));
        }

        public void Dispose() => this.github.Dispose();

        private RunnerJob Job()
        {
            if (this.job is null)
            {
                this.job = this.github.Job(WorkflowFile.Load("benchmarks.yml"), "suite", new Dictionary<string, string> { ["os"] = SimulatedGitHub.RunnerLabel });
                // The step needs only the script from the checkout.
                var script = Path.Combine(this.job.Workspace, "scripts", "install-valgrind.sh");
                Directory.CreateDirectory(Path.GetDirectoryName(script)!);
                File.Copy(Path.Combine(RepositoryRoot.Path, "scripts", "install-valgrind.sh"), script);
            }

            return this.job;
        }

        private static string MachineTool(string name) =>
            (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator)
                .Where(dir => dir.Length > 0)
                .Select(dir => Path.Combine(dir, name))
                .FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException($"no {name} on this machine's PATH");
    }
}
