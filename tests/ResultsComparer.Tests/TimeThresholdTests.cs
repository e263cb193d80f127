using ResultsComparer.Comparison;

namespace ResultsComparer.Tests;

/// <summary>
/// The threshold keeps Perfolizer 0.3's meaning under Perfolizer 0.6, whose <c>EffectiveShift</c> has the opposite
/// sign and whose equivalence test takes a shortcut on any shift when the threshold is zero.
/// </summary>
public sealed class TimeThresholdTests
{
    [Fact]
    public void AbsoluteAndRelativeThresholdsAreFractionsOfTheBaseMedian()
    {
        Assert.Equal(0.05, TimeThreshold.Parse("--threshold", "5%").RelativeTo(1000));
        Assert.Equal(0.0003, TimeThreshold.Parse("--noise", "0.3ns").RelativeTo(1000));
        Assert.Equal(1.0, TimeThreshold.Parse("--threshold", "1us").RelativeTo(1000));

        // The largest part of a combined threshold wins.
        Assert.Equal(0.05, TimeThreshold.Parse("--threshold", "5%|1ns").RelativeTo(1000));
        Assert.Equal(0.5, TimeThreshold.Parse("--threshold", "5%|1ns").RelativeTo(2));
    }

    [Fact]
    public void ARelativeShiftIsTheHodgesLehmannShiftOfTheScaledSample()
    {
        // 5% of {100, 200} is {105, 210}; the differences 105-100, 105-200, 210-100, 210-200 have median 7.5.
        var sample = TimeThreshold.Nanoseconds([100, 200]);
        Assert.Equal(7.5, TimeThreshold.Parse("--threshold", "5%").EffectiveShift(sample), 9);
    }

    [Fact]
    public void AZeroThresholdStillNeedsSignificance()
    {
        // Every value 0.5 ns later, inside a spread of 11 ns: a shift, but no Mann-Whitney test can call it a change.
        double[] before = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111];
        var after = before.Select(v => v + 0.5).ToArray();
        var outcome = PooledTimingTest.Decide(before, after, TimeThreshold.Parse("--threshold", "0%"), TimeThreshold.Parse("--noise", "0ns"));
        Assert.Equal(Verdict.Same, outcome.Verdict);
        Assert.Null(outcome.Reason);
    }
}
