using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using BenchGuard.AB;
using BenchGuard.Cli;
using BenchGuard.Configuration;
using BenchGuard.Counters;
using BenchGuard.Input;
using BenchGuard.Output;

namespace BenchGuard.Commands;

/// <summary>
/// <c>counters</c>: the deterministic counters of one built benchmark program, per operation: bytes allocated, read and
/// write system calls (Linux), user-space instructions (Linux, callgrind). Writes counters.json. With
/// <c>--base-program</c>, counts both builds side by side as pr-report does and writes their comparison instead (the
/// counters' trials run it so). With <c>--base-counters</c> and <c>--head-counters</c>, compares two counters.json files
/// already made. Without <c>--filter</c> or <c>--case</c> it counts pr-report's slice. Exit codes: 0 ok; 2 bad usage, or
/// the program cannot be counted.
/// </summary>
internal static class CountersCommand
{
    private static readonly TimeSpan RunLimit = TimeSpan.FromMinutes(20);

    // The options of counting a program; comparing two counters.json files (--base-counters, --head-counters) takes none.
    private static readonly string[] ProgramOptions = ["--program", "--base-program", "--profile", "--filter", "--case", "--operations", "--instruction-operations", "--work"];

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("counters", "Deterministic counters of one build, per operation (bytes, read/write calls, instructions); or the comparison of two builds, or of two counters.json files.")
        {
            CommandOption.Single("--program", "PATH", "The built benchmark program (Benchmarks.dll) to count."),
            CommandOption.Single("--base-program", "PATH", "A base build: counts both side by side as pr-report does and writes their comparison."),
            CommandOption.Single("--profile", "P", "One of benchguard.json's profiles (outside a repository, passed as given)."),
            CommandOption.Many("--filter", "GLOB", "The benchmarks to count (without --filter or --case: pr-report's slice)."),
            CommandOption.Many("--case", "NAME", "One case to count, by name; several may be given."),
            CommandOption.Single("--operations", "N", FormattableString.Invariant($"Operations per case, 1 to 1000 (default: {PullRequestCounters.Operations}; pr-report's with --base-program).")),
            CommandOption.Single("--instruction-operations", "N", FormattableString.Invariant($"Operations per case counted under callgrind, 0 to 1000; 0 leaves instructions out (default: {PullRequestCounters.InstructionOperations}).")),
            CommandOption.Single("--out", "FILE", "The file written (default: counters.json; with --base-counters, counters-comparison.json)."),
            CommandOption.Single("--work", "DIR", "The runs' working folder (default: counters-work beside --out)."),
            CommandOption.Single("--base-counters", "FILE", "The base's counters.json, compared with --head-counters (no program is run)."),
            CommandOption.Single("--head-counters", "FILE", "The head's counters.json, compared with --base-counters."),
        };
        command.SetAction(result => Run(new CommandArguments("counters", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        if (a.Value("--base-counters") is not null || a.Value("--head-counters") is not null)
        {
            if (ProgramOptions.FirstOrDefault(a.IsGiven) is { } other)
            {
                throw new InputException($"counters: {other} is not taken with --base-counters and --head-counters, which compare two files");
            }

            var comparison = CountersComparison.Compare(ReadCounters(a.Required("--base-counters")), null, ReadCounters(a.Required("--head-counters")));
            var comparisonFile = Path.GetFullPath(a.Value("--out", "counters-comparison.json")!);
            JsonFormat.Write(comparisonFile, comparison);
            Console.Out.WriteLine($"counters: {comparison.Moved} moved, {comparison.Failing} failing: {comparisonFile}");
            return ExitCodes.Ok;
        }

        var program = Path.GetFullPath(a.Required("--program"));
        if (!File.Exists(program))
        {
            throw new InputException($"counters: no program {program}");
        }

        var configurationFile = ConfigurationFile.Find(".");
        var configuration = configurationFile is null ? null : ConfigurationFile.Load(configurationFile);
        // The repository's profiles, as its pull requests pass them; outside a repository, --profile as given.
        List<string> selection = [.. BenchmarkLauncher.ProfileArguments(configuration is null ? a.Value("--profile") : configuration.ProfileFor(a.Value("--profile"), "counters"))];
        // Without a filter or a case, the PR's slice (the configuration's): the main job's trend counts what every PR compares.
        var filters = a.Values("--filter").Count > 0 || a.Values("--case").Count > 0 ? a.Values("--filter")
            : configuration?.PullRequest.Filters
              ?? throw new InputException($"counters: give --filter or --case, or run inside a repository whose {GuardConfiguration.FileName} names the pull request's slice");
        selection.AddRange(filters.SelectMany(glob => new[] { "--filter", glob }));
        selection.AddRange(a.Values("--case").SelectMany(name => new[] { "--case", name }));
        var operations = Count(a, "--operations", PullRequestCounters.Operations, 1);
        var instructionOperations = Count(a, "--instruction-operations", PullRequestCounters.InstructionOperations, 0);
        var outFile = Path.GetFullPath(a.Value("--out", "counters.json")!);
        var work = Path.GetFullPath(a.Value("--work") ?? Path.Combine(Path.GetDirectoryName(outFile)!, "counters-work"));

        // The repository's shared folders, as its A/B launches get them.
        var environment = configuration is null ? new Dictionary<string, string?>()
            : BenchmarkLauncher.SharedEnvironment(configuration, Path.GetDirectoryName(configurationFile)!);
        if (a.Value("--base-program") is { } baseText)
        {
            var baseProgram = Path.GetFullPath(baseText);
            if (!File.Exists(baseProgram))
            {
                throw new InputException($"counters: no program {baseProgram}");
            }

            if (a.Value("--operations") is not null)
            {
                throw new InputException($"counters: --operations is pr-report's ({PullRequestCounters.Operations}) with --base-program");
            }

            var (file, error) = PullRequestCounters.Measure(
                new AbBuilds(program, baseProgram, null, environment), selection, instructionOperations, outFile, work, new ProgressLog("counters"));
            Console.Out.WriteLine(file is null ? $"counters: not compared: {error}" : $"counters: compared: {file}");
            return file is null ? throw new InputException($"counters: {error}") : ExitCodes.Ok;
        }

        var counted = new CountersRun(program, environment, RunLimit, new ProgressLog("counters"))
            .Count(selection, operations, instructionOperations, work);
        JsonFormat.Write(outFile, counted);
        Console.Out.WriteLine($"counters: {counted.Cases.Count} cases: {outFile}");
        return ExitCodes.Ok;
    }

    /// <summary>Reads a counters.json that <c>counters</c> wrote, or throws <see cref="InputException"/> naming the file.</summary>
    /// <param name="path">The file.</param>
    /// <returns>Its counters.</returns>
    internal static CountersFile ReadCounters(string path)
    {
        // Through the one input reader (a regular file within the size limit, UTF-8 with or without a byte-order
        // mark, no key twice), so a counters.json is refused or taken as every other input is.
        var file = InputFile.Read(path, root =>
        {
            try
            {
                return root.Deserialize<CountersFile>(JsonFormat.Options);
            }
            catch (Exception e) when (e is JsonException or NotSupportedException)
            {
                throw new InputException($"counters: {path} cannot be read as counters.json ({InputException.OneLine(e.Message)})", e);
            }
        });
        if (file is not { Cases: not null } || !file.Cases.All(c => c?.Benchmark is not null))
        {
            throw new InputException($"counters: {path} is not a counters.json");
        }

        // A number such as 1e400 reads as infinity, which no trend file or comparison can hold.
        ShapeCheck.Check(path, file);
        return file;
    }

    private static int Count(CommandArguments a, string option, int fallback, int min) =>
        a.Value(option) is not { } text ? fallback
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value >= min && value <= 1000 ? value
        : throw new InputException($"counters: {option} must be a whole number from {min} to 1000, not '{text}'");
}
