namespace FilePipes.Tests;

public sealed class ReadsInFlightCheckTests
{
    private const long Inline = ReadsInFlightCheck.InlineSampleBytes;
    private const long Parallel = ReadsInFlightCheck.ParallelSampleBytes;

    [Fact]
    public void The_inline_window_holds_the_bytes_read_after_the_first_read()
    {
        var check = new ReadsInFlightCheck(ticks: 100, bytes: 4096);

        Assert.False(check.IsInlineWindowFull(bytes: 4096 + Inline - 1));
        Assert.True(check.IsInlineWindowFull(bytes: 4096 + Inline));
    }

    [Theory]
    [InlineData(3999, false)]   // a little faster per byte than inline: they pay
    [InlineData(4000, true)]    // as fast as inline: not worth a second thread
    [InlineData(5200, true)]    // slower, as beside a busy core
    public void Reads_in_flight_stop_unless_they_beat_inline_per_byte(long parallelTicks, bool stopped)
    {
        // Inline: 256 KiB in 1,000 ticks. In flight: four times the bytes, from where the inline window ended.
        var check = new ReadsInFlightCheck(ticks: 0, bytes: 0);
        check.EndInlineWindow(ticks: 1000, bytes: Inline);

        Assert.True(check.ParallelSampled(ticks: 1000 + parallelTicks, bytes: Inline + Parallel));

        Assert.Equal(stopped, check.Stopped);
    }

    [Fact]
    public void The_window_of_reads_in_flight_holds_the_wait_for_their_first_data()
    {
        var check = new ReadsInFlightCheck(ticks: 0, bytes: 0);
        check.EndInlineWindow(ticks: 1000, bytes: Inline);

        // The first data came late (a worker slow to start), then the rest quickly: 1 MiB in 4,000 ticks in all.
        Assert.False(check.ParallelSampled(ticks: 4000, bytes: Inline));
        Assert.False(check.ParallelSampled(ticks: 4500, bytes: Inline + Parallel - 1));
        Assert.True(check.ParallelSampled(ticks: 5000, bytes: Inline + Parallel));
        Assert.True(check.Stopped);
    }
}
