using System.CommandLine;

namespace BenchGuard.Cli;

/// <summary>
/// The kinds of option the tool's commands take, so each command declares its options in one place with the help text
/// <c>--help</c> prints: one value, several values, a bare flag, or values passed to another program untouched.
/// </summary>
internal static class CommandOption
{
    /// <summary><c>--name VALUE</c>, at most once: a second value or a second <c>--name</c> is a usage error.</summary>
    public static Option<string> Single(string name, string valueName, string description) =>
        NoOptionAsValue(new Option<string>(name) { HelpName = valueName, Description = description });

    /// <summary><c>--name V1 V2 ...</c>, which may also be repeated; the values add up in the order given.</summary>
    public static Option<string[]> Many(string name, string valueName, string description) =>
        NoOptionAsValue(new Option<string[]>(name) { HelpName = valueName, Description = description, AllowMultipleArgumentsPerToken = true });

    // Arity zero: "--flag false" is an unknown argument, as before, rather than a flag turned off.

    /// <summary><c>--name</c> without a value.</summary>
    public static Option<bool> Flag(string name, string description) =>
        new(name) { Description = description, Arity = ArgumentArity.Zero };

    /// <summary>
    /// <c>--name VALUE</c>, repeatable, one value each, where the value may itself look like an option
    /// (<c>--bench-arg --job --bench-arg dry</c>); <see cref="PassThroughOptions"/> binds each value to its name first.
    /// </summary>
    public static Option<string[]> PassThrough(string name, string valueName, string description) =>
        new(name) { HelpName = valueName, Description = description };

    // The parser gives an option that needs a value the next token even when it is another option ("--md
    // --fail-on-regression" would write a file named so and fail nothing): a value never starts with "--", so a typo never
    // silently changes a verdict. A negative number ("-1") is still a value.
    private static T NoOptionAsValue<T>(T option)
        where T : Option
    {
        option.Validators.Add(result =>
        {
            if (result.Tokens.FirstOrDefault(t => t.Value.StartsWith("--", StringComparison.Ordinal)) is { } token)
            {
                result.AddError($"Required argument missing for option: '{option.Name}' ('{token.Value}' is an option, not its value).");
            }
        });
        return option;
    }
}
