namespace FilePipes;

/// <summary>
/// Runs of contiguous segments, each read by a thread-pool work item at its own offsets and appended to the buffer in
/// file order: <see cref="FilePipeOptions.ParallelReads"/> of them at once, or one (read-ahead alone, and a handle that
/// cannot seek, whose run reads sequentially). A work item is the reusable run itself, so no read allocates a task.
/// Here: the claims (which offsets, how many runs, the read-ahead bound) and the hand-over in file order, under the
/// lock; the runs are queued in FilePipeReader.Runs.cs and read in FilePipeReader.RunReads.cs.
/// </summary>
/// <remarks>
/// A read that comes back short (the end of the file, or a file truncated meanwhile) or fails decides what every
/// later offset holds, so all runs after it are discarded and claiming restarts just past its last byte, or stops.
/// That keeps the sequential reader's rule: the data ends where a read, taken in file order, returns no bytes.
/// </remarks>
public sealed partial class FilePipeReader
{
    private int runsInFlight;
    // Segments claimed by runs and not yet appended or recycled: they count against the read-ahead bound.
    private int segmentsInRuns;
    private long claimOffset;
    private bool claimsEnded;

    private bool IsParallel => this.parallelReads > 1;

    /// <summary>Gets a value indicating whether a reader is free and only the segments the consumer has not taken keep
    /// it from claiming its next run (ScheduleRuns' rule, with those segments taken).</summary>
    private bool ReadsWaitForConsumer
    {
        get
        {
            int room = this.readAheadSegments - this.segmentsInRuns;
            return !this.claimsEnded && this.runsInFlight < this.parallelReads &&
                // Stryker disable once Equality : see mutation-testing.md#off-boundary
                room > 0
                && (room >= this.runSegments || this.runsInFlight == 0);
        }
    }

    /// <summary>Claims runs while there are workers to spare and room under the bound.</summary>
    private void ScheduleRuns()
    {
        // Stryker disable once Logical : see mutation-testing.md#nothing-to-do
        while (!this.completed && !this.endOfData && !this.claimsEnded && this.runsInFlight < this.parallelReads)
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

            int free = this.readAheadSegments - this.segmentsAhead - this.segmentsInRuns;

            // Wait for room for a whole run while another run keeps the reads going: one thread hop per run.
            if (free <= 0 || (free < this.runSegments && this.runsInFlight > 0))
            {
                return;
            }

            long segmentsLeft = ((remaining - 1) / this.bufferSize) + 1;
            int count = (int)Math.Min(Math.Min(free, this.runSegments), segmentsLeft);
            ParallelReadRun run = this.SpareOrStoredRun();
            run.Start(this.claimOffset, count);
            this.claimOffset += Math.Min((long)count * this.bufferSize, remaining);
            this.segmentsInRuns += count;
            this.runsInFlight++;
            if (this.lastRun is null)
            {
                this.firstRun = run;
            }
            else
            {
                this.lastRun.Next = run;
            }

            this.lastRun = run;
            if (this.probe?.QueueRun is { } queue)
            {
                queue(run);
                continue;
            }

            // Stryker disable once Boolean : see mutation-testing.md#prefer-local
            ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
        }
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
                int count = (int)Math.Min(this.bufferSize, this.rangeEnd - offset);
                // Stryker disable once Conditional : see mutation-testing.md#last-read-error
                this.HandOver(run, segment, offset, count, segment.ReadLength, index == readCount - 1 ? error : null);
            }
            else
            {
                // Past the read that ended the run: never read, and no longer claimed.
                this.segmentsInRuns--;
                this.Recycle(segment);
            }

            offset += this.bufferSize;
            segment = next;
        }

        // Stryker disable once Logical : see mutation-testing.md#hand-over-queued
        if (!this.completed && run.Queued)
        {
            this.AppendRunsInOrder();
            this.CompletePendingReadIfReady();
        }
    }

    private void HandOver(ParallelReadRun run, PipeSegment segment, long offset, int count, int read, Exception? error)
    {
        if (this.completed || !run.Queued)
        {
            // Complete, or an earlier short read, discarded the run: this read's bytes are not needed.
            this.segmentsInRuns--;
            this.Recycle(segment);
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
            this.segmentsInRuns--;
            this.Recycle(segment);
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
        for (ParallelReadRun? later = run.Next; later is not null;)
        {
            ParallelReadRun? next = later.Next;
            this.Discard(later);
            later = next;
        }

        run.Next = null;
        this.lastRun = run;
        this.claimOffset = end;

        // A later run that met the end first is discarded, so its verdict on the end of the data goes with it.
        this.claimsEnded = endsClaims;
    }

    private void FinishRun(ParallelReadRun run)
    {
        // Segments the run claimed but never rented no longer count against the bound.
        this.segmentsInRuns -= run.Count - run.Started;
        run.Count = run.Started;
        run.Ended = true;
        run.InFlight = false;
        this.runsInFlight--;
        if (this.completed)
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
            this.ReturnIfDone(run);
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
        while (this.firstRun is { } run)
        {
            for (PipeSegment? segment = run.Dequeue(); segment is not null; segment = run.Dequeue())
            {
                this.probe?.CountSegmentsAwaitingOrder(-1);
                this.segmentsInRuns--;
                this.fileOffset += segment.ReadLength;
                this.Append(segment, segment.ReadLength);
                this.segmentsAhead++;
            }

            if (!run.Ended || run.InFlight)
            {
                break;
            }

            this.firstRun = run.Next;
            if (this.firstRun is null)
            {
                this.lastRun = null;
            }

            run.Queued = false;
            run.Next = null;
            if (run.Error is not null || run.EndsData)
            {
                // A misuse error already there stays.
                this.readError ??= run.Error;
                this.endOfData = true;
            }

            this.ReturnIfDone(run);
        }

        if (this.fileOffset >= this.rangeEnd)
        {
            this.endOfData = true;
        }
    }
}
