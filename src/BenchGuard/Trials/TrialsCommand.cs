namespace BenchGuard.Trials;

/// <summary>
/// <c>trials collect|collect-rounds|analyze|run</c>: measures how often the timing verdict is right on this machine,
/// for A/A (false alarms) and slowdowns injected on the head through the variable the configuration's
/// trials.slowdownVariable names (see docs/verdict-quality.md).
/// </summary>
internal static class TrialsCommand
{
    /// <summary>Runs the command.</summary>
    public static int Run(string[] args) => args.FirstOrDefault() switch
    {
        "collect" => SuitePoolCollector.Run(args[1..]),
        "collect-rounds" => RoundPoolCollector.Run(args[1..]),
        "analyze" => TrialsAnalysis.Run(args[1..]),
        "run" => CollectThenAnalyze(args[1..]),
        var other => throw new InputException($"trials: expected collect, collect-rounds, analyze or run, not '{other ?? "nothing"}'"),
    };

    // collect, then analyze the same pool with analyze's defaults. collect returns Ok or throws, and it has refused a
    // missing --pool value before anything ran.
    private static int CollectThenAnalyze(string[] args)
    {
        SuitePoolCollector.Run(args);
        return TrialsAnalysis.Run(["--pool", args[Array.IndexOf(args, "--pool") + 1]]);
    }
}
