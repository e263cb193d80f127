using System.Globalization;
using ResultsComparer.AB;
using ResultsComparer.Cli;
using ResultsComparer.Counters;
using ResultsComparer.Output;

namespace ResultsComparer.Commands;

/// <summary>
/// <c>counters</c>: the deterministic counters of one built benchmark program, per operation: bytes allocated, read and
/// write system calls (Linux), user-space instructions (Linux, callgrind). Writes counters.json. Exit codes: 0 ok;
/// 2 bad usage, or the program cannot be counted.
/// </summary>
internal static class CountersCommand
{
    /// <summary>The usage line.</summary>
    public const string Usage =
        "usage: counters --program PATH/FilePipes.Benchmarks.dll [--profile quick|full] [--filter GLOB]... [--case NAME]... [--operations 8] [--instruction-operations 1] [--out counters.json] [--work DIR]";

    // Per-operation counts were the same at N = 8 and N = 32 for every exact case (docs/verdict-quality.md).
    private const int DefaultOperations = 8;

    // Under callgrind two runs of one case agreed to 1,000 instructions in 20.5 million per operation at N = 1, and
    // each run is a minute of start-up: N = 1 (runs of 1 and 2 operations) is the cheapest that resolves 1%.
    private const int DefaultInstructionOperations = 1;

    private static readonly TimeSpan RunLimit = TimeSpan.FromMinutes(20);

    /// <summary>Runs the command.</summary>
    public static int Run(string[] args)
    {
        if (args.Contains("--help") || args.Contains("-h"))
        {
            Console.Out.WriteLine(Usage);
            return ExitCodes.Ok;
        }

        var a = CommandArguments.Parse(
            "counters", args, ["--program", "--profile", "--filter*", "--case*", "--operations", "--instruction-operations", "--out", "--work"], []);
        var program = Path.GetFullPath(a.Required("--program"));
        if (!File.Exists(program))
        {
            throw new InputException($"counters: no program {program}");
        }

        List<string> selection = ["--profile", a.Choice("--profile", "quick", "quick", "full")];
        selection.AddRange(a.Values("--filter").SelectMany(glob => new[] { "--filter", glob }));
        selection.AddRange(a.Values("--case").SelectMany(name => new[] { "--case", name }));
        var operations = Count(a, "--operations", DefaultOperations, 1);
        var instructionOperations = Count(a, "--instruction-operations", DefaultInstructionOperations, 0);
        var outFile = Path.GetFullPath(a.Value("--out", "counters.json")!);
        var work = Path.GetFullPath(a.Value("--work") ?? Path.Combine(Path.GetDirectoryName(outFile)!, "counters-work"));

        var fixtures = Environment.GetEnvironmentVariable("FILEPIPES_FIXTURES");
        var environment = new Dictionary<string, string?> { ["FILEPIPES_FIXTURES"] = fixtures };
        var counted = new CountersRun(program, environment, RunLimit, new ProgressLog("counters"))
            .Count(selection, operations, instructionOperations, work);
        JsonFormat.Write(outFile, counted);
        Console.Out.WriteLine($"counters: {counted.Cases.Count} cases: {outFile}");
        return ExitCodes.Ok;
    }

    private static int Count(CommandArguments a, string option, int fallback, int min) =>
        a.Value(option) is not { } text ? fallback
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value >= min && value <= 1000 ? value
        : throw new InputException($"counters: {option} must be a whole number from {min} to 1000, not '{text}'");
}
