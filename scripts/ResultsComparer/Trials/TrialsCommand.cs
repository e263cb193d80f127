namespace ResultsComparer.Trials;

/// <summary>
/// <c>trials collect|collect-rounds|analyze|run</c>: measures how often the timing verdict is right on this machine,
/// for A/A (false alarms) and slowdowns injected with FILEPIPES_SLOWDOWN on the head (see docs/verdict-quality.md).
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

    // collect, then analyze the same pool with analyze's defaults.
    private static int CollectThenAnalyze(string[] args)
    {
        var code = SuitePoolCollector.Run(args);
        var pool = Array.IndexOf(args, "--pool");
        return code != ExitCodes.Ok || pool < 0 || pool + 1 >= args.Length ? code : TrialsAnalysis.Run(["--pool", args[pool + 1]]);
    }
}
