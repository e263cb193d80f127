using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using BenchGuard.AB;
using BenchGuard.Baselines;
using BenchGuard.Cli;
using BenchGuard.Comparison;
using BenchGuard.Configuration;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Results;

namespace BenchGuard.Commands;

/// <summary>
/// <c>pr-report</c>, the main job (the README's <c>scripts/pr-report</c> calls it): an A/B timing comparison of the
/// head against its base on this machine, the deterministic counters of both, plus the head against the stored baseline
/// of this OS, as one report. Writes report.md and report.json, results/ (the head's results), ab/ (every launch, log and
/// the A/B comparison), counters.json and counters/ (both sides' counts), and baseline.json/.md into --out; the sides'
/// checkouts go to --src, never inside --out (the workflow uploads --out). Exit codes: 0 ok; 1 with --fail-on-regression
/// when a check fails; 2 bad usage, or the head does not build or cannot be measured. A checkout that cannot be removed
/// is a warning, never an exit code.
/// </summary>
internal static partial class PrReportCommand
{
    // Apart from the default --out (artifacts/pr-report) and any upload folder, and git-ignored (artifacts/) so that
    // the working-tree snapshot never takes a kept checkout; stable across runs for --keep-src --reuse-build.
    /// <summary>Where the sides' checkouts go when no --src is given, relative to the repository.</summary>
    internal static readonly string DefaultSources = Path.Combine("artifacts", "pr-report-src");

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    /// <param name="removeCheckout">Replaces the checkout removal (tests make it fail); null for the real one.</param>
    public static Command Define(Func<string, string?>? removeCheckout = null)
    {
        var command = new Command("pr-report", "The same-runner A/B of head vs base plus head vs baselines/<os>, as one report (what scripts/pr-report runs).")
        {
            CommandOption.Single("--against", "REF", "The base is the merge-base with REF (default: main, or origin/main without a local main)."),
            CommandOption.Single("--base", "REF", "The base commit itself (instead of --against)."),
            CommandOption.Single("--head", "REF", "The head commit (default: the working tree, tracked files and untracked ones git does not ignore)."),
            CommandOption.Single("--os", "RUNNER-OS", "The runner OS whose baselines/<os> the head is compared with (default: this machine's)."),
            CommandOption.Single("--profile", "P", "One of benchguard.json's profiles (default: its first)."),
            CommandOption.Single("--rounds", "N", "Rounds of launches, 1 to 99 (default: benchguard.json's, else the interleaving's)."),
            CommandOption.Many("--filter", "GLOB", "The benchmarks to run (default: benchguard.json's PR slice)."),
            CommandOption.Single("--out", "DIR", "Where the report and results are written (default: artifacts/pr-report)."),
            CommandOption.Single("--src", "DIR", "Where the sides' checkouts go, never inside --out (default: artifacts/pr-report-src)."),
            CommandOption.Single("--threshold", "T", $"The timing threshold (default: benchguard.json's, else {VerdictDefaults.PipelineThreshold})."),
            CommandOption.Single("--fail-threshold", "T", $"Only timing regressions beyond 1 + T fail the check (default: benchguard.json's, else {VerdictDefaults.PipelineFailThreshold})."),
            CommandOption.Single("--interleave", string.Join("|", AbOptions.Interleavings), $"method: each benchmark method is its own launch per side; suite: one launch of the whole slice per side and round (default: {VerdictDefaults.Interleave})."),
            CommandOption.Single("--paired-rule", "R", $"The paired verdict's rule (default: {VerdictDefaults.PipelinePairedRule})."),
            CommandOption.Single("--paired-alpha", "A", FormattableString.Invariant($"The paired verdict's significance level (default: {VerdictDefaults.PairedAlpha}).")),
            CommandOption.Single("--alloc-threshold", "SIZE|%", $"Extra bytes per operation tolerated against the stored baseline (default: benchguard.json's, else {VerdictDefaults.PipelineAllocationThreshold})."),
            CommandOption.Single("--instruction-operations", "N", FormattableString.Invariant($"Operations per case counted under callgrind, 0 to 1000; 0 leaves instructions out (default: {PullRequestCounters.InstructionOperations}).")),
            CommandOption.Single("--repo", "DIR", "The repository (default: the current folder's)."),
            CommandOption.Many("--build-property", "NAME=VALUE", "Passed to each side's build as -p:NAME=VALUE, replacing benchguard.json's value of that name."),
            CommandOption.PassThrough("--bench-arg", "ARG", "Passed to the benchmark program untouched, even when it looks like an option."),
            CommandOption.Flag("--fail-on-regression", "Exit 1 when the report counts a verdict that fails the check."),
            CommandOption.Flag("--keep-src", "Keeps the checkouts afterwards."),
            CommandOption.Flag("--reuse-build", "With --keep-src, takes a kept side's build when it is of the same commit."),
        };
        command.SetAction(result => Run(new CommandArguments("pr-report", result), removeCheckout));
        return command;
    }

    /// <summary>Runs the command; <paramref name="removeCheckout"/> replaces the checkout removal (tests make it fail).</summary>
    public static int Run(string[] args, Func<string, string?>? removeCheckout) =>
        Run(ToolCommandLine.Parse("pr-report", Define(removeCheckout), args), removeCheckout);

    private static int Run(CommandArguments a, Func<string, string?>? removeCheckout)
    {
        var benchArguments = a.Values("--bench-arg");

        // The repository's configuration gives the slice and any knob it sets; an option given here overrides both.
        var git = GitRepository.Find(Path.GetFullPath(a.Value("--repo", ".")!))
            ?? throw new InputException("pr-report: not inside a git repository");
        var configuration = ConfigurationFile.ForRepository(git.Root, "pr-report");
        var pr = configuration.PullRequest;
        var buildArguments = configuration.BuildArguments(a.Values("--build-property"), "pr-report");

        // Every knob is checked here, by the parsers compare itself uses, before anything is built.
        var compare = CompareCommand.ParseOptions(
            a,
            a.Value("--threshold", pr.Threshold ?? VerdictDefaults.PipelineThreshold)!,
            pr.AllocationThreshold ?? VerdictDefaults.PipelineAllocationThreshold,
            pr.FailThreshold ?? VerdictDefaults.PipelineFailThreshold,
            VerdictDefaults.PipelinePairedRule,
            paired: true);
        if (a.Value("--against") is not null && a.Value("--base") is not null)
        {
            throw new InputException("pr-report: give --against or --base, not both");
        }

        var profile = configuration.ProfileFor(a.Value("--profile"), "pr-report");
        var interleave = a.Choice("--interleave", VerdictDefaults.Interleave, AbOptions.Interleavings);
        var rounds = a.Value("--rounds") is { } roundsText
            ? int.TryParse(roundsText, NumberStyles.None, CultureInfo.InvariantCulture, out var r) && r is >= 1 and <= 99
                ? r
                : throw new InputException($"pr-report: --rounds must be a whole number from 1 to 99, not '{roundsText}'")
            : pr.Rounds ?? AbOptions.DefaultRounds(interleave);

        var instructionOperations = a.Value("--instruction-operations") is { } nText
            ? int.TryParse(nText, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n is >= 0 and <= 1000
                ? n
                : throw new InputException($"pr-report: --instruction-operations must be a whole number from 0 (no instructions) to 1000, not '{nText}'")
            : PullRequestCounters.InstructionOperations;

        var progress = new ProgressLog("pr-report");
        var os = a.Value("--os") ?? DefaultOs();
        progress.Say($"runner OS: {os}" + (a.Value("--os") is null ? " (the default here; --os changes it)" : ""));
        var baselines = Path.Combine(git.Root, configuration.Baselines);
        var store = Path.Combine(baselines, os);

        // A repository that stored no baseline yet (its first pull request) compares with an empty store: every benchmark
        // is New there. Once the folder exists, an OS without its own folder is a typo until a bump makes one.
        var firstBaseline = !Directory.Exists(baselines);
        if (firstBaseline && !RunnerLabel().IsMatch(os))
        {
            throw new InputException($"pr-report: --os '{os}' is not a runner label");
        }

        if (firstBaseline)
        {
            progress.Say($"no {configuration.Baselines}/ folder yet: against the stored baseline every benchmark is New (a baseline bump makes it)");
        }

        if (!firstBaseline && !Directory.Exists(store))
        {
            var known = Directory.Exists(baselines) ? string.Join(' ', Directory.EnumerateDirectories(baselines).Select(Path.GetFileName).Order(StringComparer.Ordinal)) : "";
            throw new InputException($"pr-report: no {configuration.Baselines}/{os} folder: --os must be one of: {known}");
        }

        var against = a.Value("--against") ?? (git.Commit("main") is null && git.Commit("origin/main") is not null ? "origin/main" : "main");
        var outDir = Path.GetFullPath(Path.Combine(git.Root, a.Value("--out", Path.Combine("artifacts", "pr-report"))!));
        var sources = Path.GetFullPath(Path.Combine(git.Root, a.Value("--src", DefaultSources)!));
        CheckFolders(git.Root, outDir, sources);
        Directory.CreateDirectory(outDir);
        foreach (var stale in new[] { "report.md", "report.json", "baseline.json", "baseline.md", PullRequestCounters.FileName })
        {
            File.Delete(Path.Combine(outDir, stale));
        }

        var results = Path.Combine(outDir, "results");
        if (Directory.Exists(results))
        {
            Directory.Delete(results, recursive: true);
        }

        var logs = Path.Combine(outDir, "logs");
        Directory.CreateDirectory(logs);

        // The stored-baseline comparison is restricted to the same globs, so benchmarks the A/B did not run are not
        // reported as Missing, while a benchmark of the slice that the head deleted still is.
        IReadOnlyList<string> globs = a.Values("--filter") is { Count: > 0 } given ? given : pr.Filters;
        progress.Say($"benchmarks: {string.Join(' ', globs)}");
        progress.Say($"checkouts: {sources}");
        var options = new AbOptions(
            configuration.BenchmarkProject,
            Path.Combine(outDir, "ab"),
            sources,
            a.Value("--base"),
            against,
            a.Value("--head"),
            rounds,
            profile,
            interleave,
            globs,
            compare with { TimingRole = "verdict", Filter = [] },
            buildArguments,
            benchArguments,
            BenchmarkLauncher.SharedEnvironment(configuration, git.Root),
            AbOptions.DefaultLaunchTimeout,
            a.Has("--keep-src"),
            a.Has("--reuse-build"));
        var checkouts = removeCheckout is null ? new Checkouts(git) : new Checkouts(git) { Remove = removeCheckout };

        // 1. Head against base on this machine: the timing verdict that can fail the check (above the hard limit only),
        // then, while both builds exist, their deterministic counters (bytes and system calls above the base fail).
        (string? File, string? Error) counters = (null, null);
        List<string> selection = [.. BenchmarkLauncher.ProfileArguments(profile), .. globs.SelectMany(glob => new[] { "--filter", glob })];
        var ab = AbRun.Run(git, options, checkouts, progress, builds => counters = PullRequestCounters.Measure(
            builds, selection, instructionOperations, Path.Combine(outDir, PullRequestCounters.FileName), Path.Combine(outDir, "counters"), progress));
        CopyTree(ab.HeadResults, results);

        // 2. Head against the stored baseline: allocations can fail (beyond the tolerance); timing is indicative only.
        var baselineJson = Path.Combine(outDir, "baseline.json");
        try
        {
            var baselineOptions = compare with { TimingRole = "indicative", Paired = null, FailThreshold = null, Filter = globs };
            var baseline = firstBaseline
                ? ComparisonBuilder.Build(null, baselineOptions, BaselineStore.ToResultSet(store, BaselineStore.FileOf(store), BaselineDocument.Empty(os)), ResultSetLoader.Load(results))
                : CompareCommand.Compare(null, baselineOptions, store, results);
            File.WriteAllText(Path.Combine(logs, "compare-baseline.out"), ConsoleReportWriter.Write(baseline, null, false));
            CompareCommand.WriteFiles(baseline, Path.Combine(outDir, "baseline.md"), baselineJson, false);
        }
        catch (InputException e)
        {
            throw new InputException($"pr-report: comparing with {configuration.Baselines}/{os} failed: {e.Message}", e);
        }

        // 3. One OS section of the PR comment; the report counts what fails the check and decides the exit code.
        var reportMd = Path.Combine(outDir, "report.md");
        var reportJson = Path.Combine(outDir, "report.json");
        List<string> report = ["--os", os, "--baseline", baselineJson, "--md", reportMd, "--json", reportJson];
        report.AddRange(ab.AbJson is { } abJson ? ["--ab", abJson] : ["--ab-error", ab.AbError ?? "the A/B comparison was not made"]);
        report.AddRange(counters.File is { } countersJson ? ["--counters", countersJson] : ["--counters-error", counters.Error ?? "the counters were not made"]);
        if (a.Has("--fail-on-regression"))
        {
            report.Add("--fail-on-regression");
        }

        int code;
        try
        {
            code = ReportCommand.Run([.. report]);
        }
        catch (InputException e)
        {
            throw new InputException($"pr-report: composing the report failed: {e.Message}", e);
        }

        Console.Out.Write(File.ReadAllText(reportMd));
        progress.Say($"report: {reportMd} and {reportJson}; head results: {results}");
        if (counters.File is null)
        {
            Console.Error.WriteLine($"pr-report: the counters were not measured, so BenchmarkDotNet's bytes gate the A/B instead: {counters.Error}");
        }

        if (code == ExitCodes.Regression)
        {
            // The headline names every count that fails the check, so the line says what is slower or larger.
            Console.Error.WriteLine($"pr-report: regression on {os}: {Headline(reportJson)}");
        }

        return code;
    }

    // Each side's folder in --src is replaced whatever it holds, so --src must not hold the repository. A checkout
    // inside --out would be uploaded with the report (a whole worktree when Windows holds one of its files), and
    // --out inside --src could be replaced by a checkout.
    private static void CheckFolders(string repository, string outDir, string sources)
    {
        if (IsSameOrInside(repository, sources))
        {
            throw new InputException($"pr-report: --src {sources} holds the repository {repository}: its base/ and head/ are replaced by checkouts; give --src a folder of their own");
        }

        if (IsSameOrInside(sources, outDir))
        {
            throw new InputException($"pr-report: --src {sources} is inside --out {outDir}: the checkouts would be uploaded with the report; give --src a folder outside --out");
        }

        if (IsSameOrInside(outDir, sources))
        {
            throw new InputException($"pr-report: --out {outDir} is inside --src {sources}: give --out a folder outside --src");
        }
    }

    // Both are full paths; a folder counts as inside itself. Windows and macOS compare names without case by default.
    private static bool IsSameOrInside(string folder, string container)
    {
        static string Slashed(string path) => Path.EndsInDirectorySeparator(path) ? path : path + Path.DirectorySeparatorChar;
        var comparison = OperatingSystem.IsWindows() || OperatingSystem.IsMacOS() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
        return Slashed(folder).StartsWith(Slashed(container), comparison);
    }

    private static string DefaultOs() =>
        OperatingSystem.IsLinux() ? "ubuntu-latest"
        : OperatingSystem.IsWindows() ? "windows-latest"
        : throw new InputException($"pr-report: no default runner OS for {System.Runtime.InteropServices.RuntimeInformation.OSDescription}; pass --os ubuntu-latest or --os windows-latest");

    private static string Headline(string reportJson)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(reportJson));
        return document.RootElement.GetProperty("headline").GetString() ?? "";
    }

    private static void CopyTree(string from, string to)
    {
        foreach (var file in Directory.EnumerateFiles(from, "*", SearchOption.AllDirectories))
        {
            var target = Path.Combine(to, Path.GetRelativePath(from, file));
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target, overwrite: true);
        }
    }

    // A GitHub runner label as the workflows pass it (ubuntu-latest, windows-2025): a folder name on every OS.
    [GeneratedRegex(@"^[a-z0-9][a-z0-9.-]*$")]
    private static partial Regex RunnerLabel();
}
