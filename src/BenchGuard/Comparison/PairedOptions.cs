namespace BenchGuard.Comparison;

/// <summary>The knobs of the paired verdict, all on the command line so trials can choose them by measurement.</summary>
/// <param name="Rule">sign, ci, ci-significant, t or rounds-mw (see the README).</param>
/// <param name="Alpha">The one-sided significance level of the sign, t and rounds-mw rules.</param>
/// <param name="Confidence">The confidence level of the median-ratio interval (ci rules).</param>
/// <param name="MinRounds">Fewer paired rounds than this gives Unknown.</param>
public sealed record PairedOptions(string Rule, double Alpha, double Confidence, int MinRounds)
{
    /// <summary>The rule names.</summary>
    // Stryker disable once all : see mutation-testing.md#static-initializer
    public static readonly string[] Rules = ["sign", "ci", "ci-significant", "t", "rounds-mw"];
}
