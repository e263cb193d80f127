namespace BenchGuard.Comparison;

/// <summary>
/// Every default of the verdicts, defined once. <c>compare</c>'s own are neutral (any change is a finding); the
/// pipeline's (<c>pr-report</c> and <c>ab</c>) were chosen by the verdict trials. Reasons: docs/verdict-quality.md.
/// </summary>
internal static class VerdictDefaults
{
    /// <summary><c>compare --noise</c>: below this absolute change, timing is Same.</summary>
    public const string Noise = "0.3ns";

    /// <summary><c>compare --paired-rule</c>.</summary>
    public const string PairedRule = "sign";

    /// <summary><c>--paired-alpha</c>, both for compare and the pipeline.</summary>
    public const double PairedAlpha = 0.05;

    /// <summary><c>--paired-confidence</c>.</summary>
    public const double PairedConfidence = 0.95;

    /// <summary><c>--paired-min-rounds</c>.</summary>
    public const int PairedMinRounds = 2;

    /// <summary><c>compare --alloc-threshold</c>: any increase is a regression.</summary>
    public const string AllocationThreshold = "0B";

    /// <summary>The pipeline's timing threshold: smaller changes are Same.</summary>
    public const string PipelineThreshold = "5%";

    /// <summary>The pipeline's hard limit: only a Slower verdict above it fails the check.</summary>
    public const string PipelineFailThreshold = "20%";

    /// <summary>The pipeline's paired rule.</summary>
    public const string PipelinePairedRule = "ci-significant";

    /// <summary>The pipeline's allocation tolerance, above BenchmarkDotNet's launch-to-launch spread.</summary>
    public const string PipelineAllocationThreshold = "512B";

    /// <summary>
    /// main's trend: github-action-benchmark's alert-threshold, which the trend page applies too
    /// (the workflow and the page get it from the <c>policy</c> command).
    /// </summary>
    public const string TrendAlertThreshold = "130%";

    /// <summary>The pipeline's interleaving: one in-process launch per benchmark method, base and head back to back.</summary>
    public const string Interleave = "method";

    /// <summary>Rounds of method launches.</summary>
    public const int MethodRounds = 10;

    /// <summary>Rounds of whole-suite launches (each takes minutes).</summary>
    public const int SuiteRounds = 4;
}
