using BenchGuard.Comparison;

namespace BenchGuard.Tests;

/// <summary>The median as BenchmarkDotNet reports it, and none for no values.</summary>
public sealed class MediansTests
{
    [Fact]
    public void NoValuesHaveNoMedian()
    {
        Assert.True(double.IsNaN(Medians.Of([])));
    }

    [Fact]
    public void AnEvenCountTakesTheMeanOfTheMiddleTwo()
    {
        Assert.Equal(2.5, Medians.Of([4, 1, 3, 2]));
        Assert.Equal(3, Medians.Of([5, 1, 3]));
    }
}
