namespace BenchGuard.Comparison;

/// <summary>The pooled verdict: every value of a side treated as one sample, as dotnet/performance's ResultsComparer does.</summary>
/// <param name="Verdict">Slower, Faster, Same or Unknown.</param>
/// <param name="Ratio">Diff median / base median.</param>
/// <param name="Reason">Why the verdict is Unknown or was demoted to Same by the noise floor; null otherwise.</param>
public sealed record PooledOutcome(Verdict Verdict, double Ratio, string? Reason);
