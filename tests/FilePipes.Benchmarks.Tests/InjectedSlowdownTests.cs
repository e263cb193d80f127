using FilePipes.Benchmarks.Slowdown;

namespace FilePipes.Benchmarks.Tests;

public sealed class InjectedSlowdownTests
{
    [Theory]
    [InlineData(null, 0.0)]
    [InlineData("", 0.0)]
    [InlineData("0", 0.0)]
    [InlineData("0.10", 0.10)]
    [InlineData("1.5", 1.5)]
    public void The_variable_is_read_as_a_fraction(string? text, double fraction)
    {
        Assert.True(InjectedSlowdown.TryParse(text, out var slowdown, out _));
        Assert.Equal(fraction, slowdown.Fraction);
    }

    [Theory]
    [InlineData("ten percent")]
    [InlineData("-0.1")]
    [InlineData("NaN")]
    [InlineData("0,10x")]
    public void A_bad_value_is_a_one_line_error_naming_the_variable(string text)
    {
        Assert.False(InjectedSlowdown.TryParse(text, out _, out string? error));
        Assert.Contains(InjectedSlowdown.Variable, error);
    }

    [Fact]
    public void The_target_is_the_work_time_times_one_plus_the_fraction()
    {
        var slowdown = new InjectedSlowdown(0.10);
        Assert.Equal(1100, slowdown.TargetTime(1000));
        Assert.Equal(0, slowdown.TargetTime(0));
    }

    [Fact]
    public void Finish_spins_until_the_target_time()
    {
        var clock = new CountingClock();
        var slowdown = new InjectedSlowdown(0.5, clock.Read);
        long started = slowdown.Start();

        // 100 units of "work".
        for (int i = 0; i < 99; i++)
        {
            clock.Read();
        }

        slowdown.Finish(started);

        // Work ended at started + 100; the call may end no earlier than started + 150, and stops as soon as it may.
        Assert.Equal(started + 150, clock.Now);
    }

    [Fact]
    public void No_slowdown_never_reads_the_clock()
    {
        var clock = new CountingClock();
        var slowdown = new InjectedSlowdown(0, clock.Read);
        slowdown.Finish(slowdown.Start());
        Assert.Equal(0, clock.Readings);
    }
}
