namespace FilePipes;

/// <summary>
/// A reader's runs (<see cref="ParallelReadRun"/>): the ones queued in file order, from the one the consumer reads
/// next, and the spares kept for reuse; with the runs in flight and the segments they claimed, which count against
/// the read-ahead bound until they are appended or recycled.
/// </summary>
/// <remarks>
/// A struct held in the reader's field, so the reader carries no object more; guarded by the reader's lock. Runs come
/// from the spares, then from <see cref="ParallelReadRun.Stored"/>, and go back there when the reader completes.
/// </remarks>
internal struct RunQueue
{
    private ParallelReadRun? first;
    private ParallelReadRun? last;
    private ParallelReadRun? spares;
    private int inFlight;
    private int claimedSegments;

    /// <summary>Gets the run in turn: the one whose segments the consumer gets next.</summary>
    public readonly ParallelReadRun? First => this.first;

    /// <summary>Gets the runs whose work item (or the consumer, reading one itself) still reads or is queued.</summary>
    public readonly int RunsInFlight => this.inFlight;

    /// <summary>Gets the segments runs have claimed and not yet appended or recycled.</summary>
    public readonly int ClaimedSegments => this.claimedSegments;

    /// <summary>Gets a value indicating whether the reader has runs, queued or spare (an inline reader never has).</summary>
    public readonly bool HasRuns => this.first is not null || this.spares is not null;

    /// <summary>Claims <paramref name="count"/> segments from <paramref name="offset"/> for a run, queued last and
    /// counted in flight.</summary>
    public ParallelReadRun Claim(FilePipeReader owner, FilePipeReader.Probe? probe, long offset, int count)
    {
        ParallelReadRun run = this.SpareOrStored(owner, probe);
        run.Start(offset, count);
        this.claimedSegments += count;
        this.inFlight++;
        if (this.last is null)
        {
            this.first = run;
        }
        else
        {
            this.last.Next = run;
        }

        this.last = run;
        return run;
    }

    /// <summary>Takes one segment no work item has started from the run nearest the consumer (the head of a run whose
    /// work item has not begun, or the tail of one being read) into a run of its own, in file order.</summary>
    /// <returns>The new run, counted in flight; or <see langword="null"/> when every run has started all its segments.</returns>
    public ParallelReadRun? SplitForConsumer(FilePipeReader owner, FilePipeReader.Probe? probe, int segmentSize)
    {
        for (ParallelReadRun? run = this.first, before = null; run is not null; before = run, run = run.Next)
        {
            if (run.Ended || run.Started == run.Count)
            {
                continue;
            }

            ParallelReadRun mine = this.SpareOrStored(owner, probe);
            run.Count--;
            if (run.Started == 0)
            {
                // Its work item has not taken the lock yet, so it reads from wherever the offset says when it does.
                mine.Start(run.Offset, 1);
                run.Offset += segmentSize;
                mine.Next = run;
                if (run.Count == 0)
                {
                    // Nothing left for the work item: out of the queue now, so it holds no later run back until it runs.
                    mine.Next = run.Next;
                    run.Next = null;
                    run.Queued = false;
                    // Stryker disable once Boolean : see mutation-testing.md#run-ended
                    run.Ended = true;
                    if (this.last == run)
                    {
                        this.last = mine;
                    }
                }

                if (before is null)
                {
                    this.first = mine;
                }
                else
                {
                    before.Next = mine;
                }
            }
            else
            {
                mine.Start(run.Offset + ((long)run.Count * segmentSize), 1);
                mine.Next = run.Next;
                run.Next = mine;
                if (this.last == run)
                {
                    this.last = mine;
                }
            }

            this.inFlight++;
            return mine;
        }

        return null;
    }

    /// <summary>A claimed segment was appended or recycled: it no longer counts against the bound.</summary>
    public void Unclaim() => this.claimedSegments--;

    /// <summary>A run's work item is done: the segments it claimed and never rented no longer count.</summary>
    public void Finish(ParallelReadRun run)
    {
        this.claimedSegments -= run.Count - run.Started;
        run.Count = run.Started;
        run.Ended = true;
        run.InFlight = false;
        this.inFlight--;
    }

    /// <summary>Discards every run after <paramref name="run"/>, which becomes the last, recycling the segments they read.</summary>
    public void DiscardAfter(ParallelReadRun run, ref SegmentChain chain, bool completed, FilePipeReader.Probe? probe)
    {
        for (ParallelReadRun? later = run.Next; later is not null;)
        {
            ParallelReadRun? next = later.Next;
            this.Discard(later, ref chain, completed, probe);
            later = next;
        }

        run.Next = null;
        this.last = run;
    }

    /// <summary>Takes the run in turn out of the queue, once all its segments are appended and its work item is done.</summary>
    public void RemoveFirst()
    {
        ParallelReadRun run = this.first!;
        this.first = run.Next;
        if (this.first is null)
        {
            this.last = null;
        }

        run.Queued = false;
        run.Next = null;
    }

    /// <summary>Keeps a run out of the queue whose work item is done as a spare.</summary>
    public void ReturnIfDone(ParallelReadRun run)
    {
        if (!run.Queued && !run.InFlight)
        {
            run.Error = null;
            run.Next = this.spares;
            this.spares = run;
        }
    }

    /// <summary>On completion: adds the segments that runs read, and the consumer will now never take, to a chain of
    /// unused ones, and stores the runs no work item holds (the others are stored when their work item finishes).</summary>
    /// <returns>The chain, linked through <see cref="PipeSegment.NextSpare"/>.</returns>
    public PipeSegment? TakeAll(PipeSegment? unused)
    {
        for (ParallelReadRun? run = this.first; run is not null;)
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

        for (ParallelReadRun? run = this.spares; run is not null;)
        {
            ParallelReadRun? next = run.Next;
            run.Next = null;
            ParallelReadRun.Stored.Return(run);
            run = next;
        }

        this.first = this.last = this.spares = null;
        return unused;
    }

    /// <summary>Takes a run out of the file-order queue and recycles the segments it read.</summary>
    private void Discard(ParallelReadRun run, ref SegmentChain chain, bool completed, FilePipeReader.Probe? probe)
    {
        run.Queued = false;
        run.Next = null;
        for (PipeSegment? segment = run.Dequeue(); segment is not null; segment = run.Dequeue())
        {
            probe?.CountSegmentsAwaitingOrder(-1);
            this.claimedSegments--;
            chain.Recycle(segment, completed);
        }

        this.ReturnIfDone(run);
    }

    private ParallelReadRun SpareOrStored(FilePipeReader owner, FilePipeReader.Probe? probe)
    {
        ParallelReadRun run = this.spares ?? StoredOrNew(owner, probe);
        // Stryker disable once Conditional : see mutation-testing.md#same-value
        this.spares = run == this.spares ? run.Next : this.spares;
        return run;
    }

    private static ParallelReadRun StoredOrNew(FilePipeReader owner, FilePipeReader.Probe? probe)
    {
        probe?.CountRunTaken();
        ParallelReadRun? run = ParallelReadRun.Stored.Take();
        if (run is null)
        {
            return new ParallelReadRun(owner);
        }

        run.Reader = owner;
        return run;
    }
}
