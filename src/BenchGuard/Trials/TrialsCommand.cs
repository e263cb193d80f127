using System.CommandLine;
using BenchGuard.Cli;

namespace BenchGuard.Trials;

/// <summary>
/// <c>trials collect|collect-rounds|analyze|run</c>: measures how often the timing verdict is right on this machine,
/// for A/A (false alarms) and slowdowns injected on the head through the variable the configuration's
/// trials.slowdownVariable names (see docs/verdict-quality.md).
/// </summary>
internal static class TrialsCommand
{
    /// <summary>The command and its sub-commands, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var run = SuitePoolCollector.Define("run");
        run.SetAction(result => CollectThenAnalyze(new CommandArguments("collect", result)));
        return new Command("trials", "The verdict trials: pools of launches of one build with injected slowdowns, and how often each verdict is right.")
        {
            SuitePoolCollector.Define(),
            RoundPoolCollector.Define(),
            TrialsAnalysis.Define(),
            run,
        };
    }

    // collect, then analyze the same pool with analyze's defaults. collect returns Ok or throws.
    private static int CollectThenAnalyze(CommandArguments collect)
    {
        SuitePoolCollector.Run(collect);
        return TrialsAnalysis.Run(ToolCommandLine.Parse("analyze", TrialsAnalysis.Define(), ["--pool", collect.Required("--pool")]));
    }
}
