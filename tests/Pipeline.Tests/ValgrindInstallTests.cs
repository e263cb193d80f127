namespace Pipeline.Tests;

/// <summary>
/// benchmarks.yml's "Install valgrind" step (scripts/install-valgrind.sh, which .ci/run calls too), run with the env the
/// YAML declares and a PATH of stubs: <c>id</c> says who runs it, <c>sudo</c> and <c>apt-get</c> log their calls, and
/// the stub apt-get "installs" a valgrind into a PATH folder. The real valgrind is never on that PATH.
/// </summary>
public sealed class ValgrindInstallTests
{
    private const string StepTitle = "Install valgrind";
    private const string Install = "apt-get install -y -q --no-install-recommends valgrind";
    private const string NotOnWindows = "the step runs on the Linux legs only (its if: is checked by Windows_legs_skip_the_step)";

    [Fact]
    public void As_root_apt_get_installs_valgrind_without_sudo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 0, sudo: true, installed: false, aptFails: false);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Equal(new[] { "apt-get update -q", Install }, runner.Calls);
        Assert.Contains("valgrind-3.22.0", step.Process!.StdOut, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_root_apt_get_runs_through_sudo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 1001, sudo: true, installed: false, aptFails: false);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Equal(new[] { "sudo apt-get update -q", "apt-get update -q", "sudo " + Install, Install }, runner.Calls);
    }

    [Fact]
    public void An_installed_valgrind_skips_the_install()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 1001, sudo: true, installed: true, aptFails: false);
        var step = runner.Run();

        Assert.True(step.Outcome == "success", step.ToString());
        Assert.Empty(runner.Calls);
        Assert.Equal("valgrind-3.22.0", step.Process!.StdOut.Trim());
    }

    [Fact]
    public void A_failed_install_fails_the_step_with_one_line_naming_apt_gets_error()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 0, sudo: false, installed: false, aptFails: true);
        var step = runner.Run();

        Assert.Equal("failure", step.Outcome);
        Assert.Equal(2, step.Process!.ExitCode);
        Assert.Equal(
            "install-valgrind: apt-get install failed (exit 100): E: Unable to locate package valgrind",
            step.Process.StdErr.TrimEnd('\n'));
        Assert.Equal(new[] { "apt-get update -q", Install }, runner.Calls);
    }

    [Fact]
    public void Without_root_or_sudo_the_step_fails_with_one_line()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        using var runner = new InstallRunner(uid: 1001, sudo: false, installed: false, aptFails: false);
        var step = runner.Run();

        Assert.Equal(2, step.Process!.ExitCode);
        Assert.Equal("install-valgrind: valgrind is missing, and installing it needs root or sudo (neither is available)", step.Process.StdErr.TrimEnd('\n'));
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

        public InstallRunner(int uid, bool sudo, bool installed, bool aptFails)
        {
            this.github = PullRequestRun();
            this.log = Path.Combine(this.github.Root, "calls.log");
            File.WriteAllText(this.log, string.Empty);
            var packages = Directory.CreateDirectory(Path.Combine(this.github.Root, "installed")).FullName;
            const string Valgrind = "printf '#!/usr/bin/env bash\\necho valgrind-3.22.0\\n' > \"$STUB_INSTALLED/valgrind\"; chmod +x \"$STUB_INSTALLED/valgrind\"";

            List<(string, string)> stubs =
            [
                ("id", "[ \"$1\" = -u ] && echo \"$STUB_UID\""),
                ("apt-get",
                    "echo \"apt-get $*\" >> \"$STUB_LOG\"\n" +
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
            // The real bash and chmod, and nothing else of the machine's: its own valgrind must not be found.
            var tools = Directory.CreateDirectory(Path.Combine(this.github.Root, "tools")).FullName;
            foreach (var tool in new[] { "bash", "chmod" })
            {
                File.CreateSymbolicLink(Path.Combine(tools, tool), MachineTool(tool));
            }

            this.github.TestEnvironment["PATH"] = string.Join(Path.PathSeparator, stubFolder, packages, tools);
            this.github.TestEnvironment["STUB_LOG"] = this.log;
            this.github.TestEnvironment["STUB_UID"] = uid.ToString(System.Globalization.CultureInfo.InvariantCulture);
            this.github.TestEnvironment["STUB_INSTALLED"] = packages;
            if (aptFails)
            {
                this.github.TestEnvironment["STUB_APT_FAILS"] = "1";
            }

            if (installed)
            {
                var made = ChildProcess.Run(MachineTool("bash"), ["-c", Valgrind], this.github.Root,
                    new Dictionary<string, string?> { ["STUB_INSTALLED"] = packages, ["PATH"] = tools }, TimeSpan.FromSeconds(30));
                Assert.True(made.ExitCode == 0, made.Output);
            }
        }

        /// <summary>Every stub call, one line each, in order.</summary>
        public IReadOnlyList<string> Calls => File.ReadAllLines(this.log);

        public StepRun Run()
        {
            var job = this.github.Job(WorkflowFile.Load("benchmarks.yml"), "suite", new Dictionary<string, string> { ["os"] = SimulatedGitHub.RunnerLabel });
            // The step needs only the script from the checkout.
            var script = Path.Combine(job.Workspace, "scripts", "install-valgrind.sh");
            Directory.CreateDirectory(Path.GetDirectoryName(script)!);
            File.Copy(Path.Combine(RepositoryRoot.Path, "scripts", "install-valgrind.sh"), script);
            return job.RunStep(StepTitle);
        }

        public void Dispose() => this.github.Dispose();

        private static string MachineTool(string name) =>
            (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator)
                .Where(dir => dir.Length > 0)
                .Select(dir => Path.Combine(dir, name))
                .FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException($"no {name} on this machine's PATH");
    }
}
