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
    /// <summary>The usage line.</summary>
    public const string Usage =
        "usage: counters --base-counters counters.json --head-counters counters.json [--out comparison.json] | counters --program PATH/Benchmarks.dll [--base-program PATH/Benchmarks.dll] [--profile P] [--filter GLOB]... [--case NAME]... [--operations 8] [--instruction-operations 1] [--out counters.json] [--work DIR]";

    private static readonly TimeSpan RunLimit = TimeSpan.FromMinutes(20);

    /// <summary>Runs the command.</summary>
    public static int Run(string[] args)
    {
        if (args.Contains("--help") || args.Contains("-h"))
        {
            Console.Out.WriteLine(Usage);
            return ExitCodes.Ok;
        }

        if (args.Contains("--base-counters") || args.Contains("--head-counters"))
        {
            var files = CommandArguments.Parse("counters", args, ["--base-counters", "--head-counters", "--out"], []);
            var comparison = CountersComparison.Compare(ReadCounters(files.Required("--base-counters")), null, ReadCounters(files.Required("--head-counters")));
            var comparisonFile = Path.GetFullPath(files.Value("--out", "counters-comparison.json")!);
            JsonFormat.Write(comparisonFile, comparison);
            Console.Out.WriteLine($"counters: {comparison.Moved} moved, {comparison.Failing} failing: {comparisonFile}");
            return ExitCodes.Ok;
        }

        var a = CommandArguments.Parse(
            "counters", args, ["--program", "--base-program", "--profile", "--filter*", "--case*", "--operations", "--instruction-operations", "--out", "--work"], []);
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
