using BenchGuard.Comparison;

namespace BenchGuard.Tests;

/// <summary>
/// How far a timing threshold may go (at most +1000%, or one second per operation, so a typo cannot switch the gate
/// off), and what the verdicts read from it: zero, combined, and its fraction of a base median.
/// </summary>
public sealed class TimeThresholdRangeTests
{
    [Theory]
    [InlineData("1000%")]
    [InlineData("1s")]
    [InlineData("1000ms")]
    [InlineData("0ns")]
    [InlineData("0%")]
    [InlineData("5%|1s")]
    [InlineData("10x")]
    public void TheLargestAndSmallestThresholdsAreAccepted(string text)
    {
        Assert.Equal(text, TimeThreshold.Parse("--threshold", text).Text);
    }

    [Theory]
    [InlineData("1000.5%")]
    [InlineData("1.001s")]
    [InlineData("1001ms")]
    [InlineData("5%|1.5s")]
    [InlineData("2000%|1ns")]
    [InlineData("10.01x")]
    public void OnePastTheLimitIsBadInput(string text)
    {
        var error = Assert.Throws<InputException>(() => TimeThreshold.Parse("--threshold", text));
        Assert.Contains("out of range", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("abc")]
    [InlineData("5%|abc")]
    [InlineData("%")]
    [InlineData("")]
    public void TextPerfolizerCannotReadIsBadInput(string text)
    {
        // Bad input, exit code 2 in the commands; never an exception of some other kind, which would be a stack trace.
        var error = Assert.Throws<InputException>(() => TimeThreshold.Parse("--threshold", text));
        Assert.StartsWith($"invalid --threshold '{text}'", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("0%", true, false)]
    [InlineData("0ns", true, false)]
    [InlineData("5%", false, false)]
    [InlineData("0.3ns", false, false)]
    [InlineData("5%|0.3ns", false, true)]
    [InlineData("0%|0ns", true, true)]
    public void ZeroAndCombinedAreWhatTheTextSays(string text, bool zero, bool combined)
    {
        var threshold = TimeThreshold.Parse("--threshold", text);
        Assert.Equal(zero, threshold.IsZero);
        Assert.Equal(combined, threshold.IsCombined);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-5)]
    public void AgainstANonPositiveMedianTheFractionIsZero(double baseMedian)
    {
        // A median of zero (a failed or empty side) must not turn into a division by zero in a rule.
        Assert.Equal(0, TimeThreshold.Parse("--threshold", "1ns").RelativeTo(baseMedian));
        Assert.Equal(0, TimeThreshold.Parse("--threshold", "5%").RelativeTo(baseMedian));
    }

    [Fact]
    public void AnAbsoluteThresholdIsConvertedToTheSamplesUnit()
    {
        // 2 us against a sample in nanoseconds is 2000 of its units.
        Assert.Equal(2000, TimeThreshold.Parse("--threshold", "2us").EffectiveShift(TimeThreshold.Nanoseconds([1, 2, 3])), 9);
        Assert.Equal(0.002, TimeThreshold.Parse("--threshold", "2us").RelativeTo(1_000_000), 12);
    }
}
