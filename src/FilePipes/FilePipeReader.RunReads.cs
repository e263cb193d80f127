namespace FilePipes;

/// <summary>
/// A run's work item: it reads the run's segments in order, in batches, without the lock (with one system call per
/// batch where the OS scatters reads: <see cref="ScatterRead"/>), and takes the lock once per batch to hand the batch
/// over (FilePipeReader.Parallel.cs) and rent the next. The consumer runs the same code on its own thread for a run
/// it took (<see cref="TakeRunForConsumer"/>).
/// </summary>
public sealed partial class FilePipeReader
{
    // Set once the pool's blocks refused to be pinned: no more scatter reads for this reader.
    private bool pinsRefused;

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

                    offset = run.Offset + ((long)run.Started * this.bufferSize);
                    // The reader's first data comes alone, as soon as it is read: the first data is never held back.
                    // Once any data is in (the consumer may have read the head itself), batches are whole.
                    int take = this.bufferedEnd == 0 && run.Started == 0 && run == this.firstRun
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
                    this.Recycle(segment);
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
                    offset += this.bufferSize;
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

            int count = (int)Math.Min(this.bufferSize, this.rangeEnd - offset);
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
            int length = (int)Math.Min(this.bufferSize, this.rangeEnd - end);
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
            PipeSegment segment = this.RentSegment();
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
}

/// <summary>The shape of <see cref="ScatterRead.Read"/>, for the reader's test seam.</summary>
internal delegate long ScatterReader(ReadOnlySpan<Memory<byte>> blocks, long fileOffset);

/// <summary>A batch's blocks for one scatter read, on the stack.</summary>
[System.Runtime.CompilerServices.InlineArray(ScatterRead.MaxBlocks)]
internal struct ScatterBlocks
{
    private Memory<byte> first;
}
