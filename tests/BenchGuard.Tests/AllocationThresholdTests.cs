using BenchGuard.Comparison;

namespace BenchGuard.Tests;

/// <summary>
/// The allocation gate on hand-computed cases at each edge: a tolerance of N bytes lets exactly N more through, a
/// percentage is of the base, and one byte past either is a regression.
/// </summary>
public sealed class AllocationThresholdTests
{
    [Theory]
    [InlineData("0B", 128, 128, AllocationVerdict.Same)]
    [InlineData("0B", 128, 129, AllocationVerdict.Regression)]
    [InlineData("0B", 128, 127, AllocationVerdict.Improvement)]
    [InlineData("64B", 1000, 1064, AllocationVerdict.Same)]
    [InlineData("64B", 1000, 1065, AllocationVerdict.Regression)]
    [InlineData("64B", 1000, 999, AllocationVerdict.Improvement)]
    [InlineData("1KB", 0, 1024, AllocationVerdict.Same)]
    [InlineData("1KB", 0, 1025, AllocationVerdict.Regression)]
    [InlineData("1.5kb", 100, 1636, AllocationVerdict.Same)]
    [InlineData("1.5kb", 100, 1637, AllocationVerdict.Regression)]
    [InlineData("2MB", 0, 2_097_152, AllocationVerdict.Same)]
    [InlineData("2MB", 0, 2_097_153, AllocationVerdict.Regression)]
    [InlineData("1%", 1000, 1010, AllocationVerdict.Same)]
    [InlineData("1%", 1000, 1011, AllocationVerdict.Regression)]
    [InlineData("1%", 1000, 990, AllocationVerdict.Improvement)]
    [InlineData("50%", 64, 96, AllocationVerdict.Same)]
    [InlineData("50%", 64, 97, AllocationVerdict.Regression)]

    // A percentage of nothing is nothing: a benchmark that allocated 0 B and now allocates 1 B regressed.
    [InlineData("1%", 0, 1, AllocationVerdict.Regression)]
    public void JudgesAgainstTheToleranceInBytes(string threshold, long baseBytes, long diffBytes, AllocationVerdict expected)
    {
        Assert.Equal(expected, AllocationThreshold.Parse(threshold).Judge(baseBytes, diffBytes));
    }

    [Theory]
    [InlineData(null, 100L)]
    [InlineData(100L, null)]
    [InlineData(null, null)]
    public void AMissingFigureIsNotMeasuredNeverSame(long? baseBytes, long? diffBytes)
    {
        Assert.Equal(AllocationVerdict.NotMeasured, AllocationThreshold.Parse("1%").Judge(baseBytes, diffBytes));
    }

    [Theory]
    [InlineData("0B", 0, false)]
    [InlineData("64b", 64, false)]
    [InlineData("1KB", 1024, false)]
    [InlineData("3MB", 3 * 1024 * 1024, false)]
    [InlineData("2.5%", 0.025, true)]
    public void ParsesTheUnitIntoBytesOrAFraction(string text, double value, bool relative)
    {
        var threshold = AllocationThreshold.Parse(text);
        Assert.Equal(value, threshold.Value, 12);
        Assert.Equal(relative, threshold.Relative);
        Assert.Equal(text, threshold.Text);
    }

    [Theory]
    [InlineData("-1B")]
    [InlineData("B")]
    [InlineData("1GB")]
    [InlineData("NaN%")]
    [InlineData("InfinityB")]
    [InlineData("1e308MB")]
    [InlineData("12")]
    public void AnythingElseIsBadInput(string text)
    {
        Assert.Throws<InputException>(() => AllocationThreshold.Parse(text));
    }

    [Fact]
    public void TheDefaultIsZeroBytes()
    {
        Assert.Equal(AllocationThreshold.Parse(VerdictDefaults.AllocationThreshold), AllocationThreshold.Zero);
        Assert.Equal(AllocationVerdict.Regression, AllocationThreshold.Zero.Judge(10, 11));
    }
}
