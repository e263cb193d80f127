using Perfolizer.Mathematics.Common;
using BenchGuard.Comparison;

namespace BenchGuard.Tests;

/// <summary>
/// Which sample sizes can ever give a verdict: two samples that do not overlap at all give the exact one-sided
/// Mann-Whitney p = 1 / C(n + m, n), so a side needs enough values for that to fall below 0.05.
/// </summary>
public sealed class SampleSizeTests
{
    [Theory]
    [InlineData(3, 3, false)] // 1/20 = 0.05, not below it
    [InlineData(3, 4, true)]  // 1/35
    [InlineData(4, 3, true)]
    [InlineData(2, 4, false)] // 1/15
    [InlineData(2, 5, true)]  // 1/21
    [InlineData(1, 50, false)] // one value has no spread to test against
    [InlineData(50, 1, false)]
    [InlineData(0, 10, false)]
    public void ATestCanRejectOnlyWhenNonOverlappingSamplesWouldBeSignificant(int baseCount, int diffCount, bool expected)
    {
        Assert.Equal(expected, PooledTimingTest.CanReject(baseCount, diffCount, SignificanceLevel.P05));
    }

    [Fact]
    public void TooSmallASampleIsUnknownWithTheSizesSaid()
    {
        var outcome = PooledTimingTest.Decide([100, 101, 102], [200, 201, 202], TimeThreshold.Parse("--threshold", "5%"), TimeThreshold.Parse("--noise", "0.3ns"));

        Assert.Equal(Verdict.Unknown, outcome.Verdict);
        Assert.Equal(2.0 - (1.0 / 101), outcome.Ratio, 12);
        Assert.StartsWith("3 vs 3 values", outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void TheSmallestDecidableSamplesDecide()
    {
        var slower = PooledTimingTest.Decide([100, 101, 102], [200, 201, 202, 203], TimeThreshold.Parse("--threshold", "5%"), TimeThreshold.Parse("--noise", "0.3ns"));
        Assert.Equal(Verdict.Slower, slower.Verdict);
        Assert.Null(slower.Reason);
    }
}
