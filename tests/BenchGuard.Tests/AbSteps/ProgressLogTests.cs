using BenchGuard.AB;

namespace BenchGuard.Tests.AbSteps;

/// <summary>What a person following a long run reads: the step of the total, and what is left at the pace so far.</summary>
public sealed class ProgressLogTests
{
    [Theory]
    [InlineData(0, 40, 0, "1 of 40")]
    [InlineData(4, 40, 60, "5 of 40, 1m00s so far, about 9m00s left")]
    [InlineData(39, 40, 390, "40 of 40, 6m30s so far, about 10s left")]
    [InlineData(1, 3, 3600, "2 of 3, 1h00m so far, about 2h00m left")]
    public void ThePaceSaysTheStepAndEstimatesWhatIsLeft(int done, int total, int seconds, string expected) =>
        Assert.Equal(expected, ProgressLog.Pace(done, total, TimeSpan.FromSeconds(seconds)));

    [Theory]
    [InlineData(0.4, "0s")]
    [InlineData(44.6, "45s")]
    [InlineData(185, "3m05s")]
    [InlineData(3720, "1h02m")]
    public void DurationsReadAsAPersonWritesThem(double seconds, string expected) =>
        Assert.Equal(expected, ProgressLog.Duration(TimeSpan.FromSeconds(seconds)));
}
