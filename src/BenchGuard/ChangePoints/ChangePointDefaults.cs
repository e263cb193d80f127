namespace BenchGuard.ChangePoints;

/// <summary>
/// Every default of the steps in the trend, defined once. Reasons and the evaluation behind them:
/// docs/verdict-quality.md, "Steps in the trend".
/// </summary>
internal static class ChangePointDefaults
{
    /// <summary>The fewest points a segment may have: ED-PELT's minimum distance between change points.</summary>
    public const int MinSegment = 5;

    /// <summary>The smallest effect reported: after/before at least 1.05, or at most 1/1.05.</summary>
    public const double MinEffect = 0.05;

    /// <summary>The confidence level of the after/before ratio's interval, which must exclude 1.</summary>
    public const double Confidence = 0.99;

    /// <summary>
    /// The most points a side of a step gives to its ratio's interval: the nearest ones. Perfolizer 0.6.1's
    /// Edgeworth approximation of the Mann-Whitney distribution computes 5·n·m·(n+m) in an int, which overflows from
    /// 599 points a side (checked in ChangePointRatioTests), so 400 keeps a margin.
    /// </summary>
    public const int MaxSidePoints = 400;

    /// <summary>
    /// Up to this many points on both sides together, the interval uses Perfolizer's exact Mann-Whitney distribution
    /// (Loeffler's), beyond it the Edgeworth approximation: the boundary Perfolizer's own automatic choice uses.
    /// </summary>
    public const int MaxExactPoints = 65;

    /// <summary>
    /// A step found again at most this many points from where the previous summary had it (same series, same
    /// direction) is the same step: one segment's worth, the least distance ED-PELT keeps between change points, so the steps
    /// of one history are never nearer to each other.
    /// </summary>
    public const int SameStepDistance = MinSegment;

    /// <summary>
    /// The most A/B legs (a commit against its parent on one OS) one run of the trend flow spends on checking steps:
    /// each is a PR check's worth of time. Steps past it wait, newest first, for the next push.
    /// </summary>
    public const int ChecksPerRun = 2;
}
