using System.Buffers;

namespace FilePipes;

/// <summary>
/// The buffer: a chain of segments from head to tail, the spare segments, where segments come from (the caller's pool,
/// or <see cref="SegmentStore"/> over the shared pool) and go back to, and the positions the consumer was given and has
/// examined, with their validation. Positions are absolute byte counts since the reader started, so examined and
/// returned positions survive segment recycling.
/// </summary>
public sealed partial class FilePipeReader
{
    private readonly MemoryPool<byte> pool;
    // Over the shared pool, segments come from and go back to SegmentStore, so a new reader builds none.
    private readonly bool storesSegments;
    private readonly int bufferSize;

    // The buffer is a chain of segments from head (at headIndex) to tail; indexes below are absolute byte counts
    // since the reader started, so examined/returned positions survive segment recycling.
    private PipeSegment? head;
    private int headIndex;
    private PipeSegment? tail;
    private PipeSegment? spare;
    // The last segment recycled, kept out of the spare list: an inline reader that consumes each read whole recycles
    // and rents one segment per read, and a slot costs one reference store each way where the list costs two.
    private PipeSegment? recycled;
    private long bufferedEnd;
    private long examinedEnd;
    private long returnedEnd;

    private long BufferStart => this.head is null ? this.bufferedEnd : this.head.RunningIndex + this.headIndex;

    /// <summary>Hands every segment of the buffer, the spares and the runs' to the store (or the caller's pool).</summary>
    private void ReleaseBuffer()
    {
        PipeSegment? unused = this.spare;
        for (PipeSegment? segment = this.head; segment is not null;)
        {
            PipeSegment? next = segment.NextInChain;
            segment.Detach(this.returnedEnd);
            segment.NextSpare = unused;
            unused = segment;
            segment = next;
        }

        if (this.recycled is { } last)
        {
            last.NextSpare = unused;
            unused = last;
        }

        this.head = this.tail = this.spare = this.recycled = null;

        // An inline reader never had runs: not even a call for them, per reader completed.
        if (this.firstRun is not null || this.spareRuns is not null)
        {
            unused = this.TakeRunSegments(unused);
        }

        this.ReleaseSegments(unused);
    }

    private long ToAbsolute(SequencePosition position)
    {
        object? owner = position.GetObject();
        if (owner is null)
        {
            // The positions of an empty buffer carry no segment.
            return this.BufferStart;
        }

        int index = position.GetInteger();

        // The end of the buffer just returned, which almost every consumer passes: the tail is in the chain and its
        // end is the buffer's end, so the checks below cannot fail (unless reads have appended since).
        // Stryker disable once Equality,Block : see mutation-testing.md#shortcut
        if (owner == this.tail && index == this.tail.Memory.Length && this.bufferedEnd == this.returnedEnd)
        {
            return this.returnedEnd;
        }

        // Any position not into this reader's chain is foreign, whatever its kind (another reader's, a Pipe's, an
        // array's); a segment that starts at or after the last buffer's end was in no buffer the consumer holds.
        if (owner is not PipeSegment segment || segment.Reader != this || !segment.InChain || index < 0
            || index > segment.Memory.Length || segment.RunningIndex >= this.returnedEnd)
        {
            throw PipeMisuse.PositionNotInBuffer();
        }

        long at = segment.RunningIndex + index;
        if (at < this.BufferStart || at > this.returnedEnd)
        {
            throw PipeMisuse.PositionNotInBuffer();
        }

        return at;
    }

    private void ReleaseBefore(long consumedAt)
    {
        while (this.head is not null)
        {
            long headEnd = this.head.RunningIndex + this.head.Memory.Length;
            if (consumedAt < headEnd)
            {
                this.headIndex = (int)(consumedAt - this.head.RunningIndex);
                return;
            }

            PipeSegment? next = this.head.NextInChain;
            this.Recycle(this.head);
            this.head = next;
            this.headIndex = 0;
        }

        this.tail = null;
    }

    private PipeSegment RentSegment()
    {
        if (this.recycled is { } last)
        {
            this.recycled = null;
            return last.NextUse();
        }

        return this.RentSpareOrNew();
    }

    // Apart from RentSegment, so the slot's case, once per inline read, is small enough to be inlined.
    private PipeSegment RentSpareOrNew()
    {
        PipeSegment? segment = this.spare;
        if (segment is not null)
        {
            this.spare = segment.NextSpare;
            segment.NextSpare = null;

            // The other segment of the block if the consumer saw its last use, so positions into it are refused (see
            // PipeSegment).
            return segment.NextUse();
        }

        return (this.storesSegments ? SegmentStore.Take(this, this.bufferSize) : null)
            ?? new PipeSegment(this, this.pool.Rent(this.bufferSize), this.bufferSize);
    }

    private void Recycle(PipeSegment segment)
    {
        segment.Detach(this.returnedEnd);
        if (this.completed)
        {
            this.ReleaseLate(segment);
            return;
        }

        // Stryker disable once Equality : see mutation-testing.md#shortcut
        if (this.recycled is null)
        {
            this.recycled = segment;
            return;
        }

        segment.NextSpare = this.spare;
        this.spare = segment;
    }

    // A read in flight when the reader completed: its block is no longer this reader's. Apart from Recycle, which an
    // inline read calls per read, so Recycle stays small enough to be inlined into ReleaseBefore.
    private void ReleaseLate(PipeSegment segment)
    {
        segment.NextSpare = null;
        this.ReleaseSegments(segment);
    }

    /// <summary>Hands a chain of detached segments (linked through <see cref="PipeSegment.NextSpare"/>) to the
    /// store, or back to the caller's pool.</summary>
    private void ReleaseSegments(PipeSegment? chain)
    {
        if (this.storesSegments)
        {
            SegmentStore.Return(chain);
            return;
        }

        for (PipeSegment? segment = chain; segment is not null; segment = segment.NextSpare)
        {
            segment.Release();
        }
    }

    private void Append(PipeSegment segment, int length)
    {
        segment.Attach(this.bufferedEnd, length);
        if (this.tail is null)
        {
            this.head = segment;
            this.headIndex = 0;
        }
        else
        {
            this.tail.Link(segment);
        }

        this.tail = segment;
        this.bufferedEnd += length;
    }
}
