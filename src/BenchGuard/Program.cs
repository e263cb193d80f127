using BenchGuard.Commands;

namespace BenchGuard;

/// <summary>Dispatches to one command per file; a new command is one line in <see cref="Commands"/>.</summary>
public static class Program
{
    // Built per run rather than held in a static field: a static initializer runs once per process, so a test host
    // that runs Main many times (as mutation testing does) would never see a change to this table.
    private static Dictionary<string, Func<string[], int>> Commands() => new(StringComparer.Ordinal)
    {
        ["compare"] = CompareCommand.Run,
        ["export-trend"] = ExportTrendCommand.Run,
        ["baseline"] = BaselineCommand.Run,
        ["merge"] = MergeCommand.Run,
        ["report"] = ReportCommand.Run,
        ["pr-report"] = PrReportCommand.Run,
        ["trials"] = Trials.TrialsCommand.Run,
        ["counters"] = CountersCommand.Run,
        ["setup-check"] = SetupCheckCommand.Run,
        ["policy"] = PolicyCommand.Run,
        ["change-points"] = ChangePointsCommand.Run,
    };

    /// <summary>Gets the tool's version: the package's (release.yml packs the tag's), with the commit it was built from.</summary>
    public static string Version => Output.ToolVersion.Version;

    /// <summary>Runs a command and returns its exit code (0 ok, 1 regression when asked, 2 bad input).</summary>
    /// <param name="args">The command name, then its options.</param>
    /// <returns>The exit code.</returns>
    public static int Main(string[] args)
    {
        try
        {
            var commands = Commands();
            if (args is ["--version"])
            {
                Console.Out.WriteLine(Version);
                return ExitCodes.Ok;
            }

            if (args.Length == 0 || !commands.TryGetValue(args[0], out var command))
            {
                var given = args.Length == 0 ? "no command" : $"unknown command '{args[0]}'";
                throw new InputException($"{given}; expected one of: {string.Join(", ", commands.Keys)}");
            }

            return command(args[1..]);
        }
        catch (InputException e)
        {
            Console.Error.WriteLine($"error: {InputException.OneLine(e.Message)}");
            return ExitCodes.BadInput;
        }
        catch (Exception e)
        {
            // The last line of defence: an unforeseen failure is still one line, never a stack trace.
            // Stryker disable once all : see mutation-testing.md#unreachable
            Console.Error.WriteLine($"error: unexpected {e.GetType().Name}: {InputException.OneLine(e.Message)}");
            return ExitCodes.BadInput;
        }
    }
}
