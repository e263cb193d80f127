namespace FilePipes;

/// <summary>
/// Runs of contiguous segments, each read by a thread-pool work item at its own offsets and appended to the buffer in
/// file order: <see cref="FilePipeOptions.ParallelReads"/> of them at once, or one (read-ahead alone, and a handle that
/// cannot seek, whose run reads sequentially). A work item is the reusable run itself, so no read allocates a task.
/// Here: the claims (which offsets, how many runs, the bound) and the hand-over in file order, under the lock; the runs
/// themselves are queued in <see cref="RunQueue"/>, and read in FilePipeReader.RunReads.cs.
/// </summary>
/// <remarks>
/// A read that comes back short (the end of the file, or a file truncated meanwhile) or fails decides what every
/// later offset holds, so all runs after it are discarded and claiming restarts just past its last byte, or stops.
/// That keeps the sequential reader's rule: the data ends where a read, taken in file order, returns no bytes.
/// </remarks>
public sealed partial class FilePipeReader
{
    /// <summary>The data a run reads between two takings of the lock: 16 reads at 4 KiB, one at 64 KiB and more.</summary>
    private const int BatchBytes = 64 * 1024;

    private int parallelReads;
    private int runSegments;

    // The runs in file order, the spares, and their counts (RunQueue.cs).
    private RunQueue runs;
    private long claimOffset;
    private bool claimsEnded;
    // Segments a run rents at once and hands over under one lock (1 for a handle that cannot seek, whose reads may
    // wait for a writer: each read's bytes go to the consumer as soon as they come).
    private int batchSegments = 1;

    private bool IsParallel => this.parallelReads > 1;

    /// <summary>Gets a value indicating whether a reader is free and only the segments the consumer has not taken keep
    /// it from claiming its next run (ScheduleRuns' rule, with those segments taken).</summary>
    private bool ReadsWaitForConsumer
    {
        get
        {
            int room = this.readAheadSegments - this.runs.ClaimedSegments;
            return !this.claimsEnded && this.runs.RunsInFlight < this.parallelReads &&
                // Stryker disable once Equality : see mutation-testing.md#off-boundary
                room > 0
                && (room >= this.runSegments || this.runs.RunsInFlight == 0);
        }
    }

    /// <summary>Claims runs while there are workers to spare and room under the bound.</summary>
    private void ScheduleRuns()
    {
        // Stryker disable once Logical : see mutation-testing.md#nothing-to-do
        while (!this.consumer.IsCompleted && !this.endOfData && !this.claimsEnded && this.runs.RunsInFlight < this.parallelReads)
        {
            long remaining = this.rangeEnd - this.claimOffset;
            if (remaining <= 0)
            {
                this.claimsEnded = true;

                // Every byte of the range is appended already (or the range is empty): no run will say so.
                if (this.fileOffset >= this.rangeEnd)
                {
                    this.endOfData = true;

                    // Stryker disable once Statement : see mutation-testing.md#nothing-to-do
                    this.CompletePendingReadIfReady();
                }

                // Stryker disable once Statement : see mutation-testing.md#nothing-to-do
                return;
            }

            int free = this.readAheadSegments - this.consumer.SegmentsAhead - this.runs.ClaimedSegments;

            // Wait for room for a whole run while another run keeps the reads going: one thread hop per run.
            if (free <= 0 || (free < this.runSegments && this.runs.RunsInFlight > 0))
            {
                return;
            }

            long segmentsLeft = ((remaining - 1) / this.chain.SegmentSize) + 1;
            int count = (int)Math.Min(Math.Min(free, this.runSegments), segmentsLeft);
            ParallelReadRun run = this.runs.Claim(this, this.probe, this.claimOffset, count);
            this.claimOffset += Math.Min((long)count * this.chain.SegmentSize, remaining);
            if (this.probe?.QueueRun is { } queue)
            {
                queue(run);
                continue;
            }

            // Stryker disable once Boolean : see mutation-testing.md#prefer-local
            ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
        }
    }

    /// <summary>
    /// When the consumer would wait, with segments of 64 KiB and more: gives it a segment that no work item has started,
    /// to read on its own thread instead of sleeping until a worker wakes it (a worker that is not spinning then leaves
    /// it idle: the 64 KiB slow state). The segment comes from the run nearest the consumer: the head of a run whose
    /// work item has not begun, or the tail of one being read; either way it stays in file order. Smaller segments
    /// come in batches whose wake-ups are few already, and there the consumer reading measured slower
    /// (docs/reading-modes.md).
    /// </summary>
    /// <returns>A run of the consumer's own, counted in flight, for <see cref="ReadRun"/> on the consumer's thread; or
    /// <see langword="null"/> when there is nothing to take.</returns>
    private ParallelReadRun? TakeRunForConsumer()
    {
        if (!this.IsParallel || this.batchSegments > 1 || this.probe is { ConsumerReads: false } || this.consumer.CancelPending || this.endOfData)
        {
            return null;
        }

        ParallelReadRun? mine = this.runs.SplitForConsumer(this, this.probe, this.chain.SegmentSize);
        if (mine is not null)
        {
            this.probe?.CountConsumerRun();
        }

        return mine;
    }

    /// <summary>Hands over a batch's read segments in order, as each read alone would have been, and recycles those
    /// a short read or an error left unread; then appends what is in turn and decides on waking the consumer once.</summary>
    private void HandOverBatch(ParallelReadRun run, PipeSegment batch, long offset, int readCount, Exception? error)
    {
        int index = 0;
        for (PipeSegment? segment = batch; segment is not null; index++)
        {
            PipeSegment? next = segment.NextSpare;
            segment.NextSpare = null;
            if (index < readCount)
            {
                int count = (int)Math.Min(this.chain.SegmentSize, this.rangeEnd - offset);
                // Stryker disable once Conditional : see mutation-testing.md#last-read-error
                this.HandOver(run, segment, offset, count, segment.ReadLength, index == readCount - 1 ? error : null);
            }
            else
            {
                // Past the read that ended the run: never read, and no longer claimed.
                this.runs.Unclaim();
                this.chain.Recycle(segment, this.consumer.IsCompleted);
            }

            offset += this.chain.SegmentSize;
            segment = next;
        }

        // Stryker disable once Logical : see mutation-testing.md#hand-over-queued
        if (!this.consumer.IsCompleted && run.Queued)
        {
            this.AppendRunsInOrder();
            this.CompletePendingReadIfReady();
        }
    }

    private void HandOver(ParallelReadRun run, PipeSegment segment, long offset, int count, int read, Exception? error)
    {
        if (this.consumer.IsCompleted || !run.Queued)
        {
            // Complete, or an earlier short read, discarded the run: this read's bytes are not needed.
            this.runs.Unclaim();
            this.chain.Recycle(segment, this.consumer.IsCompleted);
            run.Ended = true;
            return;
        }

        if (read > 0)
        {
            run.Enqueue(segment);
            this.probe?.CountSegmentsAwaitingOrder(1);
        }
        else
        {
            this.runs.Unclaim();
            this.chain.Recycle(segment, this.consumer.IsCompleted);
        }

        if (read < count)
        {
            run.Error = error;
            run.EndsData = read == 0;
            this.EndRunAt(run, offset + read, endsClaims: read == 0);
        }
    }

    /// <summary>Ends a run early at <paramref name="end"/>: every later run is discarded, and claiming restarts there or stops.</summary>
    private void EndRunAt(ParallelReadRun run, long end, bool endsClaims)
    {
        run.Ended = true;
        this.runs.DiscardAfter(run, ref this.chain, this.consumer.IsCompleted, this.probe);
        this.claimOffset = end;

        // A later run that met the end first is discarded, so its verdict on the end of the data goes with it.
        this.claimsEnded = endsClaims;
    }

    private void FinishRun(ParallelReadRun run)
    {
        // Segments the run claimed but never rented no longer count against the bound.
        this.runs.Finish(run);
        if (this.consumer.IsCompleted)
        {
            // Complete left this run to its work item, which is done with it now.
            run.Next = null;
            ParallelReadRun.Stored.Return(run);

            // Stryker disable once Statement : see mutation-testing.md#nothing-to-do
            return;
        }

        if (run.Queued)
        {
            // Returned for reuse once its turn comes and its segments are appended.
            this.AppendRunsInOrder();
        }
        else
        {
            this.runs.ReturnIfDone(run);
        }

        // Claim first, then decide on waking the consumer: a run claimed here keeps the segments coming, so a
        // consumer that waits for a batch is not woken for the last few segments of the run that just finished.
        this.ScheduleRuns();
        this.CompletePendingReadIfReady();
    }

    /// <summary>Appends every read segment whose turn has come, and ends the data where a run in turn says so; the
    /// caller then decides whether to wake a waiting consumer.</summary>
    private void AppendRunsInOrder()
    {
        while (this.runs.First is { } run)
        {
            for (PipeSegment? segment = run.Dequeue(); segment is not null; segment = run.Dequeue())
            {
                this.probe?.CountSegmentsAwaitingOrder(-1);
                this.runs.Unclaim();
                this.fileOffset += segment.ReadLength;
                this.chain.Append(segment, segment.ReadLength);
                this.consumer.CountSegmentAhead();
            }

            if (!run.Ended || run.InFlight)
            {
                break;
            }

            this.runs.RemoveFirst();
            if (run.Error is not null || run.EndsData)
            {
                // A misuse error already there stays.
                this.readError ??= run.Error;
                this.endOfData = true;
            }

            this.runs.ReturnIfDone(run);
        }

        if (this.fileOffset >= this.rangeEnd)
        {
            this.endOfData = true;
        }
    }

}
