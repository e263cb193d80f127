using System.Globalization;

namespace BenchGuard.Counters;

/// <summary>
/// The command line of the counters mode: <c>--counters [--profile NAME] [--filter GLOB]... [--case FULLNAME]...
/// [--operations N] [--warmup W] [--out FILE] [--marks]</c>. Filters and cases both select: a case runs when any glob or
/// exact name matches it, or when neither was given.
/// </summary>
/// <param name="Profile">The name of the profile whose cases are counted, or <see langword="null"/> for the default.</param>
/// <param name="Filters">BenchmarkDotNet-style globs over the method's full name.</param>
/// <param name="Cases">Exact case names, parameters included, as BenchmarkDotNet's JSON spells them.</param>
/// <param name="Operations">How many operations each case is counted over, after the warm-up.</param>
/// <param name="Warmup">How many operations run first, uncounted: JIT, static constructors and pools fill here.</param>
/// <param name="Output">Where the JSON goes, or <see langword="null"/> for standard output.</param>
/// <param name="Marks">
/// For a run under callgrind (Linux): each case runs N and then 2N operations between <see cref="CallgrindMarks"/>, and
/// nothing is counted in process.
/// </param>
internal sealed record CounterArguments(
    string? Profile, IReadOnlyList<string> Filters, IReadOnlyList<string> Cases, int Operations, int Warmup, string? Output, bool Marks = false)
{
    /// <summary>The default operation count (docs/verdict-quality.md says how it was chosen).</summary>
    public const int DefaultOperations = 8;

    /// <summary>The default warm-up.</summary>
    public const int DefaultWarmup = 2;

    // A bound that keeps a typing slip from running for hours; callgrind's runs use at most a few dozen.
    private const int MaxOperations = 100_000;

    /// <summary>Parses the arguments that follow <see cref="CountersProtocol.Switch"/>.</summary>
    /// <param name="args">The arguments.</param>
    /// <param name="parsed">The result, when valid.</param>
    /// <param name="error">A one-line message, when not.</param>
    /// <returns>Whether the arguments are valid.</returns>
    public static bool TryParse(IReadOnlyList<string> args, out CounterArguments parsed, out string? error)
    {
        ArgumentNullException.ThrowIfNull(args);
        parsed = new CounterArguments(null, [], [], DefaultOperations, DefaultWarmup, null);
        var filters = new List<string>();
        var cases = new List<string>();
        string? profile = null;
        int operations = DefaultOperations;
        int warmup = DefaultWarmup;
        string? output = null;
        bool marks = false;
        for (int i = 0; i < args.Count; i++)
        {
            string option = args[i];
            if (option == CountersProtocol.MarksSwitch)
            {
                marks = true;
                continue;
            }

            if (i + 1 >= args.Count || option is not ("--profile" or "--filter" or "--case" or "--operations" or "--warmup" or "--out"))
            {
                error = i + 1 >= args.Count && option.StartsWith("--", StringComparison.Ordinal)
                    ? $"counters: {option} needs a value."
                    : $"counters: unknown argument '{option}'.";
                return false;
            }

            string value = args[++i];
            switch (option)
            {
                case "--profile":
                    profile = value;
                    break;
                case "--filter":
                    filters.Add(value);
                    break;
                case "--case":
                    cases.Add(value);
                    break;
                case "--operations" when !TryCount(value, 1, out operations):
                    error = $"counters: --operations must be a whole number from 1 to {MaxOperations}, not '{value}'.";
                    return false;
                case "--warmup" when !TryCount(value, 0, out warmup):
                    error = $"counters: --warmup must be a whole number from 0 to {MaxOperations}, not '{value}'.";
                    return false;
                case "--out":
                    output = value;
                    break;
            }
        }

        if (marks && !OperatingSystem.IsLinux())
        {
            error = $"counters: {CountersProtocol.MarksSwitch} is for callgrind, which runs only on Linux.";
            return false;
        }

        parsed = new CounterArguments(profile, filters, cases, operations, warmup, output, marks);
        error = null;
        return true;
    }

    private static bool TryCount(string text, int min, out int count) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out count) && count >= min && count <= MaxOperations;
}
