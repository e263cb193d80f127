namespace FilePipes;

/// <summary>
/// Runs of contiguous segments, each read by a thread-pool work item at its own offsets and appended to the buffer in
/// file order: <see cref="FilePipeOptions.ParallelReads"/> of them at once, or one (read-ahead alone, and a handle that
/// cannot seek, whose run reads sequentially). A work item is the reusable run itself, so no read allocates a task.
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

    // Runs in file order, from the one the consumer reads next; spare runs for reuse.
    private ParallelReadRun? firstRun;
    private ParallelReadRun? lastRun;
    private ParallelReadRun? spareRuns;
    private int runsInFlight;
    // Segments claimed by runs and not yet appended or recycled: they count against the read-ahead bound.
    private int segmentsInRuns;
    private long claimOffset;
    private bool claimsEnded;
    // Segments a run rents at once and hands over under one lock (1 for a handle that cannot seek, whose reads may
    // wait for a writer: each read's bytes go to the consumer as soon as they come).
    private int batchSegments = 1;
    // Set once the pool's blocks refused to be pinned: no more scatter reads for this reader.
    private bool pinsRefused;

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

            long segmentsLeft = ((remaining - 1) / this.chain.SegmentSize) + 1;
            int count = (int)Math.Min(Math.Min(free, this.runSegments), segmentsLeft);
            ParallelReadRun run = this.SpareOrStoredRun();
            run.Start(this.claimOffset, count);
            this.claimOffset += Math.Min((long)count * this.chain.SegmentSize, remaining);
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
        if (!this.IsParallel || this.batchSegments > 1 || this.probe is { ConsumerReads: false } || this.cancelPending || this.endOfData)
        {
            return null;
        }

        for (ParallelReadRun? run = this.firstRun, before = null; run is not null; before = run, run = run.Next)
        {
            if (run.Ended || run.Started == run.Count)
            {
                continue;
            }

            ParallelReadRun mine = this.SpareOrStoredRun();
            run.Count--;
            if (run.Started == 0)
            {
                // Its work item has not taken the lock yet, so it reads from wherever the offset says when it does.
                mine.Start(run.Offset, 1);
                run.Offset += this.chain.SegmentSize;
                mine.Next = run;
                if (run.Count == 0)
                {
                    // Nothing left for the work item: out of the queue now, so it holds no later run back until it runs.
                    mine.Next = run.Next;
                    run.Next = null;
                    run.Queued = false;
                    // Stryker disable once Boolean : see mutation-testing.md#run-ended
                    run.Ended = true;
                    if (this.lastRun == run)
                    {
                        this.lastRun = mine;
                    }
                }

                if (before is null)
                {
                    this.firstRun = mine;
                }
                else
                {
                    before.Next = mine;
                }
            }
            else
            {
                mine.Start(run.Offset + ((long)run.Count * this.chain.SegmentSize), 1);
                mine.Next = run.Next;
                run.Next = mine;
                if (this.lastRun == run)
                {
                    this.lastRun = mine;
                }
            }

            this.runsInFlight++;
            this.probe?.CountConsumerRun();
            return mine;
        }

        return null;
    }

    /// <summary>Reads one run's segments in order, on a thread-pool thread, in batches: one lock hands over a batch's
    /// segments and rents the next batch, so a 4 KiB read does not take the shared lock on its own
    /// (docs/reading-modes.md).</summary>
    internal void ReadRun(ParallelReadRun run)
    {
        // The batch's rented segments in file order, linked through NextSpare, from the file offset of the first.
        PipeSegment? batch = null;
        long offset = 0;
        try
        {
            while (true)
            {
                int readCount = 0;
                int scatterCalls = 0;
                Exception? error = null;
                if (batch is not null)
                {
                    readCount = this.ReadBatch(run, batch, offset, out error, out scatterCalls);
                }

                lock (this.sync)
                {
                    this.probe?.CountRunLock(scatterCalls);
                    if (batch is not null)
                    {
                        PipeSegment done = batch;
                        batch = null;
                        this.HandOverBatch(run, done, offset, readCount, error);
                    }

                    if (this.completed || run.Ended || run.Started == run.Count)
                    {
                        this.FinishRun(run);
                        return;
                    }

                    offset = run.Offset + ((long)run.Started * this.chain.SegmentSize);
                    // The reader's first data comes alone, as soon as it is read: the first data is never held back.
                    // Once any data is in (the consumer may have read the head itself), batches are whole.
                    int take = this.chain.BufferedEnd == 0 && run.Started == 0 && run == this.firstRun
                        ? 1
                        : Math.Min(this.batchSegments, run.Count - run.Started);
                    this.RentBatch(run, take, ref batch);
                }
            }
        }
        catch (Exception ex)
        {
            // Anything unexpected (a pool that throws, say) fails the run at that point, never leaves the consumer waiting.
            lock (this.sync)
            {
                // A pool that throws part-way through a batch: the segments rented before it go back.
                for (PipeSegment? segment = batch; segment is not null;)
                {
                    PipeSegment? next = segment.NextSpare;
                    segment.NextSpare = null;
                    this.segmentsInRuns--;
                    this.chain.Recycle(segment, this.completed);
                    segment = next;
                }

                // Stryker disable once Logical : see mutation-testing.md#race-guard
                if (!this.completed && run.Queued && !run.Ended)
                {
                    run.Error = ex;
                    this.EndRunAt(run, offset, endsClaims: true);
                }

                this.FinishRun(run);
            }
        }
    }

    /// <summary>Reads a batch's segments in order, without the lock, up to the first read that comes back short or fails.</summary>
    /// <returns>How many segments were read (the last may be short: <see cref="PipeSegment.ReadLength"/> says).</returns>
    private int ReadBatch(ParallelReadRun run, PipeSegment batch, long offset, out Exception? error, out int scatterCalls)
    {
        error = null;
        scatterCalls = 0;
        int readCount = 0;
        PipeSegment? segment = batch;

        // Two segments or more: one system call fills up to ScatterRead.MaxBlocks of them where the OS has it (not
        // with the read seam, which holds reads one by one). A failed call leaves the rest to the reads below.
        if (batch.NextSpare is not null && this.probe?.BeforeParallelRead is null && !this.pinsRefused && this.file.CanReadScatter)
        {
            while (segment is not null)
            {
                int filled = this.ReadScattered(segment, offset, out bool ended);
                // Stryker disable once Equality : see mutation-testing.md#off-boundary
                if (filled < 0)
                {
                    break;
                }

                scatterCalls++;
                readCount += filled;
                if (ended)
                {
                    return readCount;
                }

                for (int i = 0; i < filled; i++)
                {
                    segment = segment!.NextSpare;
                    offset += this.chain.SegmentSize;
                }
            }
        }

        for (; segment is not null; segment = segment.NextSpare)
        {
            // A discard or Complete seen without the lock spares the rest of the batch; a stale view costs only a read
            // whose bytes the hand-over drops.
            if (readCount > 0 && (this.completed || !run.Queued))
            {
                break;
            }

            int count = (int)Math.Min(this.chain.SegmentSize, this.rangeEnd - offset);
            int read = 0;
            try
            {
                if (this.IsParallel)
                {
                    this.probe?.BeforeParallelRead?.Invoke(offset);
                }

                read = this.file.Read(segment.Block.Span[..count], offset);
            }
            catch (Exception ex)
            {
                error = ex;
            }

            segment.ReadLength = read;
            readCount++;
            if (read < count)
            {
                break;
            }

            offset += count;
        }

        return readCount;
    }

    /// <summary>Fills up to <see cref="ScatterRead.MaxBlocks"/> segments from <paramref name="first"/> on with one system
    /// call, and sets each one's <see cref="PipeSegment.ReadLength"/> as its own read would have.</summary>
    /// <returns>How many segments it filled, the last of them short when <paramref name="ended"/> (the end of the file
    /// came); or -1 when the call failed.</returns>
    private int ReadScattered(PipeSegment first, long offset, out bool ended)
    {
        ended = false;
        ScatterBlocks blocks = default;
        int count = 0;
        long end = offset;
        for (PipeSegment? segment = first; segment is not null && count < ScatterRead.MaxBlocks; segment = segment.NextSpare)
        {
            int length = (int)Math.Min(this.chain.SegmentSize, this.rangeEnd - end);
            blocks[count++] = segment.Block[..length];
            end += length;
        }

        ReadOnlySpan<Memory<byte>> asked = blocks[..count];
        long read = this.probe?.ScatterReadCall is { } call ? call(asked, offset) : this.file.ReadScatter(asked, offset);
        if (read == ScatterRead.PinRefused)
        {
            // A pool whose blocks cannot be pinned refuses every batch alike: this reader reads one by one from now on.
            // Written without the lock: a worker that sees it late makes one attempt more.
            this.pinsRefused = true;
        }

        // Stryker disable once Equality : see mutation-testing.md#no-bytes
        if (read < 0)
        {
            return -1;
        }

        int filled = 0;
        for (PipeSegment? segment = first; filled < count; segment = segment.NextSpare)
        {
            int length = asked[filled].Length;
            int got = (int)Math.Min(length, read);
            segment!.ReadLength = got;
            read -= got;
            filled++;
            // Stryker disable once Equality,Statement : see mutation-testing.md#short-block
            if (got < length)
            {
                ended = true;
                break;
            }
        }

        return filled;
    }

    /// <summary>Rents a batch of segments into <paramref name="batch"/>, linked through <see cref="PipeSegment.NextSpare"/>
    /// in file order, counting each as started once rented: a pool that throws part-way leaves the ones rented so far in
    /// the batch, for the caller to recycle.</summary>
    private void RentBatch(ParallelReadRun run, int count, ref PipeSegment? batch)
    {
        PipeSegment? last = null;
        for (int i = 0; i < count; i++)
        {
            PipeSegment segment = this.chain.Rent(this);
            segment.NextSpare = null;
            if (last is null)
            {
                batch = segment;
            }
            else
            {
                last.NextSpare = segment;
            }

            last = segment;
            run.Started++;
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
                int count = (int)Math.Min(this.chain.SegmentSize, this.rangeEnd - offset);
                // Stryker disable once Conditional : see mutation-testing.md#last-read-error
                this.HandOver(run, segment, offset, count, segment.ReadLength, index == readCount - 1 ? error : null);
            }
            else
            {
                // Past the read that ended the run: never read, and no longer claimed.
                this.segmentsInRuns--;
                this.chain.Recycle(segment, this.completed);
            }

            offset += this.chain.SegmentSize;
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
            this.chain.Recycle(segment, this.completed);
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
            this.chain.Recycle(segment, this.completed);
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

    /// <summary>Takes a run out of the file-order queue and recycles the segments it read.</summary>
    private void Discard(ParallelReadRun run)
    {
        run.Queued = false;
        run.Next = null;
        for (PipeSegment? segment = run.Dequeue(); segment is not null; segment = run.Dequeue())
        {
            this.probe?.CountSegmentsAwaitingOrder(-1);
            this.segmentsInRuns--;
            this.chain.Recycle(segment, this.completed);
        }

        this.ReturnIfDone(run);
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
                this.chain.Append(segment, segment.ReadLength);
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

    private ParallelReadRun SpareOrStoredRun()
    {
        ParallelReadRun run = this.spareRuns ?? this.StoredOrNewRun();
        // Stryker disable once Conditional : see mutation-testing.md#same-value
        this.spareRuns = run == this.spareRuns ? run.Next : this.spareRuns;
        return run;
    }

    private ParallelReadRun StoredOrNewRun()
    {
        this.probe?.CountRunTaken();
        ParallelReadRun? run = ParallelReadRun.Stored.Take();
        if (run is null)
        {
            return new ParallelReadRun(this);
        }

        run.Reader = this;
        return run;
    }

    private void ReturnIfDone(ParallelReadRun run)
    {
        if (!run.Queued && !run.InFlight)
        {
            run.Error = null;
            run.Next = this.spareRuns;
            this.spareRuns = run;
        }
    }

    /// <summary>On completion: adds the segments that runs read, and the consumer will now never take, to a chain of
    /// unused ones, and stores the runs no work item holds (the others are stored when their work item finishes).</summary>
    /// <returns>The chain, linked through <see cref="PipeSegment.NextSpare"/>.</returns>
    private PipeSegment? TakeRunSegments(PipeSegment? unused)
    {
        for (ParallelReadRun? run = this.firstRun; run is not null;)
        {
            ParallelReadRun? next = run.Next;
            for (PipeSegment? segment = run.Dequeue(); segment is not null; segment = run.Dequeue())
            {
                segment.NextSpare = unused;
                unused = segment;
            }

            run.Next = null;
            if (!run.InFlight)
            {
                ParallelReadRun.Stored.Return(run);
            }

            run = next;
        }

        for (ParallelReadRun? run = this.spareRuns; run is not null;)
        {
            ParallelReadRun? next = run.Next;
            run.Next = null;
            ParallelReadRun.Stored.Return(run);
            run = next;
        }

        this.firstRun = this.lastRun = this.spareRuns = null;
        return unused;
    }
}

/// <summary>The shape of <see cref="ScatterRead.Read"/>, for the reader's test seam.</summary>
internal delegate long ScatterReader(ReadOnlySpan<Memory<byte>> blocks, long fileOffset);

/// <summary>A batch's blocks for one scatter read, on the stack.</summary>
[System.Runtime.CompilerServices.InlineArray(ScatterRead.MaxBlocks)]
internal struct ScatterBlocks
{
    private Memory<byte> first;
}
