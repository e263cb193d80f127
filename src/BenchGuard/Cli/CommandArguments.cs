namespace BenchGuard.Cli;

/// <summary>
/// The options of one command: <c>--name value...</c> and bare flags. Unknown options, missing values and repeated
/// single-value options are usage errors (exit 2), so a typo never silently changes a verdict.
/// </summary>
internal sealed class CommandArguments
{
    private readonly Dictionary<string, List<string>> values = new(StringComparer.Ordinal);
    private readonly HashSet<string> flags = new(StringComparer.Ordinal);
    private readonly string command;

    private CommandArguments(string command) => this.command = command;

    /// <summary>Parses <paramref name="args"/> against the options a command accepts.</summary>
    /// <param name="command">The command name, for messages.</param>
    /// <param name="args">The arguments after the command name.</param>
    /// <param name="valued">Options that take values; a trailing <c>*</c> marks one that takes several.</param>
    /// <param name="flagNames">Options that take no value.</param>
    public static CommandArguments Parse(string command, string[] args, IEnumerable<string> valued, IEnumerable<string> flagNames)
    {
        var valuedSet = valued.ToDictionary(v => v.TrimEnd('*'), v => v.EndsWith('*'), StringComparer.Ordinal);
        var flagSet = new HashSet<string>(flagNames, StringComparer.Ordinal);
        var parsed = new CommandArguments(command);
        for (var i = 0; i < args.Length; i++)
        {
            var name = args[i];
            if (flagSet.Contains(name))
            {
                parsed.flags.Add(name);
                continue;
            }

            if (!valuedSet.TryGetValue(name, out var many))
            {
                throw new InputException($"{command}: unknown option '{name}'");
            }

            var list = new List<string>();
            while (i + 1 < args.Length && !IsOptionName(args[i + 1]))
            {
                list.Add(args[++i]);
            }

            if (list.Count == 0)
            {
                throw new InputException($"{command}: option {name} needs a value");
            }

            if (!many && (list.Count > 1 || parsed.values.ContainsKey(name)))
            {
                throw new InputException($"{command}: option {name} takes one value");
            }

            if (!parsed.values.TryGetValue(name, out var existing))
            {
                parsed.values[name] = existing = [];
            }

            existing.AddRange(list);
        }

        return parsed;
    }

    /// <summary>True when the flag was given.</summary>
    public bool Has(string flag) => this.flags.Contains(flag);

    /// <summary>The single value of an option, or <paramref name="fallback"/>.</summary>
    public string? Value(string name, string? fallback = null) =>
        this.values.TryGetValue(name, out var list) ? list[0] : fallback;

    /// <summary>The single value of a required option.</summary>
    public string Required(string name) =>
        this.Value(name) ?? throw new InputException($"{this.command}: option {name} is required");

    /// <summary>Every value given for an option (empty when absent).</summary>
    public IReadOnlyList<string> Values(string name) =>
        this.values.TryGetValue(name, out var list) ? list : [];

    /// <summary>A choice among fixed words.</summary>
    public string Choice(string name, string fallback, params string[] allowed)
    {
        var value = this.Value(name, fallback)!;
        return allowed.Contains(value, StringComparer.Ordinal)
            ? value
            : throw new InputException($"{this.command}: {name} must be one of {string.Join("|", allowed)}, not '{value}'");
    }

    /// <summary>A number within a range.</summary>
    public double Number(string name, double fallback, double min, double max)
    {
        var text = this.Value(name);
        if (text is null)
        {
            return fallback;
        }

        return double.TryParse(text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var n)
            && n >= min && n <= max
            ? n
            : throw new InputException($"{this.command}: {name} must be a number in [{min}, {max}], not '{text}'");
    }

    // A value may be negative ("-1") but never looks like "--name".
    private static bool IsOptionName(string token) => token.StartsWith("--", StringComparison.Ordinal);
}
