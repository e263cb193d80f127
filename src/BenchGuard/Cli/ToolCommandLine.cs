using System.CommandLine;
using System.CommandLine.Invocation;
using System.CommandLine.Parsing;
using BenchGuard.Commands;
using BenchGuard.Output;
using BenchGuard.Trials;

namespace BenchGuard.Cli;

/// <summary>
/// The tool's command line (System.CommandLine): every command with the options it declares, <c>--help</c> for each,
/// <c>--version</c>, and parse errors as one <see cref="InputException"/> (exit 2). A new command is one line in
/// <see cref="Root"/>.
/// </summary>
internal static class ToolCommandLine
{
    /// <summary>The command name the tool is installed as, which help and error lines show.</summary>
    public const string ToolName = "benchguard";

    // Only what the tool declares: no response files (an argument starting with @ stays an argument) and no
    // [directives]; the tool's own exception handling (Program.Main), never the parser's stack trace and exit 1.
    private static ParserConfiguration Parsing => new() { ResponseFileTokenReplacer = null };

    /// <summary>
    /// Every command, built anew on each call: a tree held in a static field would be built once per process, so a test
    /// host that runs Main many times (as mutation testing does) would never see a change to it.
    /// </summary>
    public static RootCommand Root()
    {
        var root = new RootCommand("Guards a BenchmarkDotNet repository's performance: A/B verdicts, counters, baselines and the trend.")
        {
            CompareCommand.Define(),
            ExportTrendCommand.Define(),
            BaselineCommand.Define(),
            MergeCommand.Define(),
            ReportCommand.Define(),
            PrReportCommand.Define(),
            TrialsCommand.Define(),
            CountersCommand.Define(),
            SetupCheckCommand.Define(),
            PolicyCommand.Define(),
            ChangePointsCommand.Define(),
        };
        // The installed command's name, also where the program runs as BenchGuard.dll or inside a test host.
        root.HelpName = ToolName;
        root.Directives.Clear();
        root.Options.OfType<VersionOption>().Single().Action = new PrintVersion();
        return root;
    }

    /// <summary>Parses <paramref name="args"/> and runs the command they name, or its help, or the version.</summary>
    /// <returns>The command's exit code.</returns>
    public static int Run(IReadOnlyList<string> args)
    {
        var result = Root().Parse(PassThroughOptions.Bind(args), Parsing);
        ThrowOnErrors(result);
        return result.Invoke(new InvocationConfiguration { EnableDefaultExceptionHandler = false, ProcessTerminationTimeout = null });
    }

    /// <summary>Parses <paramref name="args"/> against one command's options, for a caller that runs the command itself.</summary>
    /// <param name="name">The command's name in messages.</param>
    /// <param name="command">The command, from its <c>Define</c>.</param>
    /// <param name="args">Its options.</param>
    public static CommandArguments Parse(string name, Command command, IReadOnlyList<string> args)
    {
        var result = command.Parse(PassThroughOptions.Bind(args), Parsing);
        ThrowOnErrors(result);
        return new CommandArguments(name, result);
    }

    // One line: the message that says most, and where help is. Under a group of commands (the tool, baseline, trials) it
    // is the first token not recognized ("frob" is the command mistyped, rather than "Required command was not
    // provided"); under a command, an option's own error ("--base" without its value) before the tokens left over from it.
    private static void ThrowOnErrors(ParseResult result)
    {
        if (result.Errors.Count == 0)
        {
            return;
        }

        var error = result.CommandResult.Command.Action is null
            ? (result.UnmatchedTokens is [var first, ..] ? result.Errors.FirstOrDefault(e => e.Message.Contains($"'{first}'", StringComparison.Ordinal)) : null)
            : result.Errors.FirstOrDefault(e => e.SymbolResult is OptionResult);
        error ??= result.Errors[0];
        throw new InputException($"{error.Message} (see {string.Join(' ', Path(result.CommandResult.Command))} --help)");
    }

    // The command's words from the tool's name, e.g. "benchguard baseline update".
    private static IEnumerable<string> Path(Command command)
    {
        var words = new Stack<string>();
        for (Command? c = command; c is not null; c = c.Parents.OfType<Command>().FirstOrDefault())
        {
            words.Push(c is RootCommand ? ToolName : c.Name);
        }

        return words;
    }

    // The version scripts and tests read, exactly as before the parser: the package's version and its commit.
    private sealed class PrintVersion : SynchronousCommandLineAction
    {
        public override int Invoke(ParseResult parseResult)
        {
            parseResult.InvocationConfiguration.Output.WriteLine(ToolVersion.Version);
            return ExitCodes.Ok;
        }
    }
}
