using System.CommandLine;
using System.CommandLine.Help;
using System.Text.RegularExpressions;
using BenchGuard.Cli;
using BenchGuard.Commands;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Cli;

/// <summary>
/// The command line as a user meets it: help for every command, one error line and exit 2 for every kind of parse
/// error on every command, and the version. The cases come from the command definitions themselves, so a new command or
/// option is covered, and one without help text fails.
/// </summary>
public sealed partial class ToolCommandLineTests
{
    /// <summary>Every command and sub-command, as the words that name it ("" is the tool itself).</summary>
    public static TheoryData<string> Commands() => [.. Walk(ToolCommandLine.Root(), []).Select(c => string.Join(' ', c.Path))];

    /// <summary>Every option that takes a value, on every command that declares it.</summary>
    public static TheoryData<string, string> ValuedOptions() =>
        [.. Walk(ToolCommandLine.Root(), []).SelectMany(c => Declared(c.Command).Where(o => o.Arity.MaximumNumberOfValues > 0).Select(o => (string.Join(' ', c.Path), o.Name)))];

    /// <summary>Every option that takes exactly one value, on every command that declares it.</summary>
    public static TheoryData<string, string> SingleValueOptions() =>
        [.. Walk(ToolCommandLine.Root(), []).SelectMany(c => Declared(c.Command).Where(o => o.Arity.MaximumNumberOfValues == 1).Select(o => (string.Join(' ', c.Path), o.Name)))];

    [Theory]
    [MemberData(nameof(Commands))]
    public void HelpExitsZeroAndDescribesEveryOptionAndSubCommand(string path)
    {
        var command = Find(path);

        var run = ComparerRun.Of([.. Words(path), "--help"]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal("", run.Error);
        var help = Collapsed(run.Out);
        Assert.Contains(Collapsed($"{string.Join(' ', ["benchguard", .. Words(path)])} [{(command.Subcommands.Count > 0 ? "command] [" : "")}options]"), help, StringComparison.Ordinal);
        Assert.False(string.IsNullOrWhiteSpace(command.Description), $"'{path}' has no description");
        foreach (var option in Declared(command))
        {
            Assert.False(string.IsNullOrWhiteSpace(option.Description), $"{path} {option.Name} has no help text");
            Assert.Contains(option.Name, help, StringComparison.Ordinal);
            Assert.Contains(Collapsed(option.Description!), help, StringComparison.Ordinal);
        }

        foreach (var sub in command.Subcommands)
        {
            Assert.Contains(Collapsed($"{sub.Name} {sub.Description}"), help, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void AnUnknownOptionIsOneErrorLineThatPointsToTheCommandsHelp(string path)
    {
        var run = ComparerRun.Of([.. Words(path), "--no-such-option"]);

        run.AssertBadInput($"(see {string.Join(' ', ["benchguard", .. Words(path)])} --help)");
        Assert.StartsWith("error: Unrecognized command or argument '--no-such-option'.", run.Error, StringComparison.Ordinal);
        Assert.Equal("", run.Out);
    }

    [Theory]
    [MemberData(nameof(ValuedOptions))]
    public void AnOptionWithoutItsValueIsOneErrorLine(string path, string option)
    {
        var run = ComparerRun.Of([.. Words(path), option]);

        run.AssertBadInput($"error: Required argument missing for option: '{option}'.");
    }

    [Theory]
    [MemberData(nameof(SingleValueOptions))]
    public void ASingleValueOptionGivenTwiceIsOneErrorLine(string path, string option)
    {
        var run = ComparerRun.Of([.. Words(path), option, "a", option, "b"]);

        run.AssertBadInput($"error: Option '{option}' expects a single argument but 2 were provided.");
    }

    [Fact]
    public void NoCommandAndAnUnknownCommandAreOneErrorLine()
    {
        ComparerRun.Of().AssertBadInput("error: Required command was not provided. (see benchguard --help)");
        ComparerRun.Of("compar").AssertBadInput("error: Unrecognized command or argument 'compar'. (see benchguard --help)");
        ComparerRun.Of("baseline", "updat").AssertBadInput("error: Unrecognized command or argument 'updat'. (see benchguard baseline --help)");
    }

    [Fact]
    public void VersionPrintsTheToolsVersionAlone()
    {
        var run = ComparerRun.Of("--version");

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(ToolVersion.Version + Environment.NewLine, run.Out);
        Assert.Equal("", run.Error);
        ComparerRun.Of("--version", "policy").AssertBadInput("error: --version option cannot be combined with other arguments.");
    }

    [Fact]
    public void AManyValueOptionTakesValuesAfterItAndAddsUpWhenRepeated()
    {
        var a = ToolCommandLine.Parse("compare", CompareCommand.Define(), ["--filter", "A*", "B*", "--threshold", "5%", "--filter", "C*"]);

        Assert.Equal(["A*", "B*", "C*"], a.Values("--filter"));
        Assert.Equal("5%", a.Value("--threshold"));
        Assert.False(a.Has("--paired"));
    }

    [Fact]
    public void APassThroughValueThatLooksLikeAnOptionGoesThroughUntouched()
    {
        var a = ToolCommandLine.Parse("pr-report", PrReportCommand.Define(), ["--bench-arg", "--filter", "--filter", "*Read*", "--bench-arg", "--help", "--bench-arg", "-1"]);

        Assert.Equal(["--filter", "--help", "-1"], a.Values("--bench-arg"));
        Assert.Equal(["*Read*"], a.Values("--filter"));
    }

    [Theory]
    [InlineData("--bench-arg", "--job", "--bench-arg")]
    [InlineData("--bench-arg", "")]
    public void APassThroughOptionWithoutItsValueIsOneErrorLine(params string[] options)
    {
        // Parsed only: pr-report's own command, which would build both sides, must never start.
        var error = Assert.Throws<InputException>(() => ToolCommandLine.Parse("pr-report", PrReportCommand.Define(), options));

        Assert.Equal("Required argument missing for option: '--bench-arg'.", error.Message);
    }

    [Theory]
    [InlineData("compare", "--md", "--fail-on-regression")]
    [InlineData("compare", "--base", "--diff", "y")]
    [InlineData("merge", "--inputs", "--out", "x")]
    public void AnOptionIsNeverTheValueOfAnother(string command, string option, params string[] rest)
    {
        var run = ComparerRun.Of([command, option, .. rest]);

        run.AssertBadInput($"error: Required argument missing for option: '{option}' ('{rest[0]}' is an option, not its value).");
    }

    [Fact]
    public void ValuesMayLookLikeNumbersOrFileReferencesAndFlagsTakeNoValue()
    {
        // A negative number reaches the command's own range check; '@' is no response file; "--paired false" is no
        // flag turned off but an argument too many.
        ComparerRun.Of("compare", "--base", "x", "--diff", "y", "--threshold", "5%", "--paired", "--paired-alpha", "-1")
            .AssertBadInput("compare: --paired-alpha must be a number in");
        Assert.Equal("@title", ToolCommandLine.Parse("compare", CompareCommand.Define(), ["--title", "@title"]).Value("--title"));
        ComparerRun.Of("compare", "--paired", "false").AssertBadInput("error: Unrecognized command or argument 'false'.");
    }

    [Fact]
    public void AParseErrorOfADirectCallIsAnInputException()
    {
        var error = Assert.Throws<InputException>(() => ReportCommand.Run(["--os"]));

        Assert.StartsWith("Required argument missing for option: '--os'.", error.Message, StringComparison.Ordinal);
    }

    private static IEnumerable<(Command Command, string[] Path)> Walk(Command command, string[] path)
    {
        yield return (command, path);
        foreach (var sub in command.Subcommands)
        {
            foreach (var found in Walk(sub, [.. path, sub.Name]))
            {
                yield return found;
            }
        }
    }

    // The options a command declares; help and version are the parser's own.
    private static IEnumerable<Option> Declared(Command command) =>
        command.Options.Where(o => o is not HelpOption and not VersionOption);

    private static Command Find(string path) =>
        Walk(ToolCommandLine.Root(), []).Single(c => string.Join(' ', c.Path) == path).Command;

    private static string[] Words(string path) => path.Split(' ', StringSplitOptions.RemoveEmptyEntries);

    // Help wraps long lines to the console's width; the words stay in order.
    private static string Collapsed(string text) => Whitespace().Replace(text, " ");

    [GeneratedRegex(@"\s+")]
    private static partial Regex Whitespace();
}
