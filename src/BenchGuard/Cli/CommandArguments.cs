using System.CommandLine;
using System.Globalization;
using System.CommandLine.Parsing;

namespace BenchGuard.Cli;

/// <summary>
/// The options given to one command, as the parser read them against the command's declared options
/// (<see cref="ToolCommandLine"/>). Unknown options, missing values and repeated single-value options never get here:
/// they are usage errors (exit 2) before any command runs, so a typo never silently changes a verdict. What the parser
/// cannot know (a required option in one mode, a number's range, a choice among words) is checked here.
/// </summary>
internal sealed class CommandArguments
{
    private readonly ParseResult result;
    private readonly string command;

    /// <summary>Reads <paramref name="result"/>, the parse of the command whose name messages give as <paramref name="command"/>.</summary>
    public CommandArguments(string command, ParseResult result)
    {
        this.command = command;
        this.result = result;
    }

    /// <summary>True when the option was given, with whatever values.</summary>
    public bool IsGiven(string name) => this.Given(name) is not null;

    /// <summary>True when the flag was given.</summary>
    public bool Has(string flag) => this.Given(flag) is { } given && given.GetValueOrDefault<bool>();

    /// <summary>The single value of an option, or <paramref name="fallback"/>.</summary>
    public string? Value(string name, string? fallback = null) =>
        this.Given(name) is { } given ? given.GetValueOrDefault<string>() : fallback;

    /// <summary>The single value of a required option.</summary>
    public string Required(string name) =>
        this.Value(name) ?? throw new InputException($"{this.command}: option {name} is required");

    /// <summary>Every value given for an option (empty when absent).</summary>
    public IReadOnlyList<string> Values(string name) =>
        this.Given(name) is { } given ? given.GetValueOrDefault<string[]>() ?? [] : [];

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

        return double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var n)
            && n >= min && n <= max
            ? n
            : throw new InputException($"{this.command}: {name} must be a number in [{min}, {max}], not '{text}'");
    }

    // An option the command does not declare reads as absent: pr-report shares compare's knob parser
    // (CompareCommand.ParseOptions) and declares only some of its options.
    private OptionResult? Given(string name) =>
        this.result.CommandResult.Command.Options.FirstOrDefault(o => o.Name == name) is { } declared
            ? this.result.GetResult(declared) as OptionResult
            : null;
}
