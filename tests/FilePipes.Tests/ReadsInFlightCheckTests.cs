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
    [InlineData(1999, false)]   // a little faster per byte than inline: they pay
    [InlineData(2000, true)]    // as fast as inline: not worth a second thread
    [InlineData(2600, true)]    // slower, as beside a busy core
    public void Reads_in_flight_stop_unless_they_beat_inline_per_byte(long parallelTicks, bool stopped)
    {
        // Inline: 256 KiB in 1,000 ticks. In flight: twice the bytes, timed from the first read after their first data.
        var check = new ReadsInFlightCheck(ticks: 0, bytes: 0);
        check.EndInlineWindow(ticks: 1000, bytes: Inline);
        Assert.False(check.ParallelSampled(ticks: 5000, bytes: Inline + 65536));

        Assert.True(check.ParallelSampled(ticks: 5000 + parallelTicks, bytes: Inline + 65536 + Parallel));

        Assert.Equal(stopped, check.Stopped);
    }

    [Fact]
    public void The_window_of_reads_in_flight_waits_for_their_first_data_and_then_for_its_bytes()
    {
        var check = new ReadsInFlightCheck(ticks: 0, bytes: 0);
        check.EndInlineWindow(ticks: 10, bytes: Inline);

        // Reads before any data of the reads in flight came: the wait for a worker to start is left out.
        Assert.False(check.ParallelSampled(ticks: 1_000_000, bytes: Inline));
        Assert.False(check.ParallelSampled(ticks: 2_000_000, bytes: Inline));
        Assert.False(check.ParallelSampled(ticks: 2_000_001, bytes: Inline + 1));
        Assert.False(check.ParallelSampled(ticks: 2_000_002, bytes: Inline + Parallel));

        // From the window's start (2,000,001 ticks): 512 KiB in 19 ticks, against 256 KiB in 10 inline.
        Assert.True(check.ParallelSampled(ticks: 2_000_020, bytes: Inline + 1 + Parallel));
        Assert.False(check.Stopped);
    }
}
