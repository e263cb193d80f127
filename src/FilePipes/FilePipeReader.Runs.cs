namespace FilePipes;

/// <summary>
/// The runs (<see cref="ParallelReadRun"/>): those queued in file order, from the one the consumer reads next, and the
/// spares kept for reuse; a run comes from the spares, then from <see cref="ParallelReadRun.Stored"/>, and goes back
/// there when the reader completes. Also the splice that gives a waiting consumer a segment of its own to read.
/// </summary>
public sealed partial class FilePipeReader
{
    // Runs in file order, from the one the consumer reads next; spare runs for reuse.
    private ParallelReadRun? firstRun;
    private ParallelReadRun? lastRun;
    private ParallelReadRun? spareRuns;

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
                run.Offset += this.bufferSize;
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
                mine.Start(run.Offset + ((long)run.Count * this.bufferSize), 1);
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

    /// <summary>Takes a run out of the file-order queue and recycles the segments it read.</summary>
    private void Discard(ParallelReadRun run)
    {
        run.Queued = false;
        run.Next = null;
        for (PipeSegment? segment = run.Dequeue(); segment is not null; segment = run.Dequeue())
        {
            this.probe?.CountSegmentsAwaitingOrder(-1);
            this.segmentsInRuns--;
            this.Recycle(segment);
        }

        this.ReturnIfDone(run);
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
