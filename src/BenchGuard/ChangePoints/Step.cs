namespace BenchGuard.ChangePoints;

/// <summary>One step in a series: a change of level that lasts.</summary>
/// <param name="Index">The index of the first point after the step.</param>
/// <param name="Commit">The first commit after the step.</param>
/// <param name="Date">That point's date.</param>
/// <param name="MedianBefore">The median of the segment before.</param>
/// <param name="MedianAfter">The median of the segment after.</param>
/// <param name="Ratio">After/before (Pragmastat's ratio estimator: the median of every after/before ratio).</param>
/// <param name="Lower">The lower bound of the ratio's confidence interval.</param>
/// <param name="Upper">The upper bound.</param>
/// <param name="PointsBefore">The points of the segment before (the commits that support it).</param>
/// <param name="PointsAfter">The points of the segment after.</param>
/// <param name="Deterministic">True when both segments have no spread (a counter): kept at any effect size.</param>
internal sealed record Step(
    int Index,
    string Commit,
    string Date,
    double MedianBefore,
    double MedianAfter,
    double Ratio,
    double Lower,
    double Upper,
    int PointsBefore,
    int PointsAfter,
    bool Deterministic)
{
    /// <summary>True when the value went up (slower for times, worse for counters; better for throughput).</summary>
    public bool Up => this.Ratio > 1;
}
