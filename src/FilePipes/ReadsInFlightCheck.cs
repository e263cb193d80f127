namespace FilePipes;

/// <summary>
/// Whether reads in flight pay for one automatic reader: the time per byte the consumer sees over a window of inline
/// reads, against the same over a window of reads in flight. Reads in flight need a second core; on a machine whose
/// other work holds one, the hops to the thread pool cost more than the overlap gains, and an automatic reader then
/// goes back to inline reads (docs/reading-modes.md, "The automatic choice"). Timestamps and byte counts are given,
/// so the verdict is a pure function of them.
/// </summary>
internal sealed class ReadsInFlightCheck
{
    /// <summary>The bytes read inline, after the first read, that time the inline reads: 4 reads at 64 KiB.</summary>
    public const long InlineSampleBytes = 256 * 1024;

    /// <summary>The bytes the consumer gets from reads in flight that time them: four runs. The window starts where
    /// the inline one ends, so it holds the wait for the first thread-pool worker to start, which on a loaded machine
    /// is most of what reads in flight lose; four runs make that wait a small part of it on a quiet one.</summary>
    public const long ParallelSampleBytes = 1024 * 1024;

    private readonly long inlineStartTicks;
    private readonly long inlineStartBytes;
    private long inlineTicks;
    private long inlineBytes;
    private long parallelStartTicks;
    private long parallelStartBytes;

    /// <summary>Initializes a new instance of the <see cref="ReadsInFlightCheck"/> class at the end of the reader's
    /// first read, which starts the inline window.</summary>
    /// <param name="ticks">The timestamp.</param>
    /// <param name="bytes">The bytes the consumer has been given so far.</param>
    public ReadsInFlightCheck(long ticks, long bytes)
    {
        this.inlineStartTicks = ticks;
        this.inlineStartBytes = bytes;
    }

    /// <summary>Gets a value indicating whether the reads in flight were found not to pay: the reader stops them.</summary>
    public bool Stopped { get; private set; }

    /// <summary>After an inline read: whether the inline window holds <see cref="InlineSampleBytes"/>, so that only
    /// the read that fills it asks the clock.</summary>
    /// <param name="bytes">The bytes the consumer has been given so far.</param>
    /// <returns><see langword="true"/> when the window is full: the reader ends it (<see cref="EndInlineWindow"/>).</returns>
    public bool IsInlineWindowFull(long bytes) => bytes - this.inlineStartBytes >= InlineSampleBytes;

    /// <summary>Ends the inline window; the reader then starts its reads in flight.</summary>
    /// <param name="ticks">The timestamp.</param>
    /// <param name="bytes">The bytes the consumer has been given so far.</param>
    public void EndInlineWindow(long ticks, long bytes)
    {
        this.inlineTicks = ticks - this.inlineStartTicks;
        this.inlineBytes = bytes - this.inlineStartBytes;
        this.parallelStartTicks = ticks;
        this.parallelStartBytes = bytes;
    }

    /// <summary>At a consumer's read with reads in flight: once the window holds <see cref="ParallelSampleBytes"/>,
    /// says whether they beat the inline window's time per byte.</summary>
    /// <param name="ticks">The timestamp.</param>
    /// <param name="bytes">The bytes the consumer has been given so far.</param>
    /// <returns><see langword="true"/> once decided (<see cref="Stopped"/> says which way); <see langword="false"/>
    /// while the window fills.</returns>
    public bool ParallelSampled(long ticks, long bytes)
    {
        long parallelBytes = bytes - this.parallelStartBytes;
        if (parallelBytes < ParallelSampleBytes)
        {
            return false;
        }

        // Per byte, parallel against inline, crossed over; in double, since ticks times bytes can pass a long's range.
        double parallelCost = (double)(ticks - this.parallelStartTicks) * this.inlineBytes;
        double inlineCost = (double)this.inlineTicks * parallelBytes;
        this.Stopped = parallelCost >= inlineCost;
        return true;
    }
}
