using System.Buffers;
using System.Diagnostics;

namespace FilePipes;

/// <summary>
/// A reader's buffer: the chain of segments from head (at its index) to tail, the spare segments, where segments come
/// from and go back to, and the positions the consumer was given and has examined, with their validation. Positions
/// are absolute byte counts since the reader started, so examined and returned positions survive segment recycling.
/// </summary>
/// <remarks>
/// A struct held in the reader's field, so the reader carries no object more. Guarded by the reader's lock, or, for an
/// inline reader, by its gate (FilePipeReader.Inline.cs). The reader passes itself where a segment names its owner.
/// </remarks>
internal struct SegmentChain
{
    // The caller's pool; null for the shared pool, whose segments come from and go back to SegmentStore, so a new
    // reader builds none. (A flag beside it would round the struct, and so the reader, up by 8 bytes.)
    private readonly MemoryPool<byte>? callersPool;
    private readonly int segmentSize;
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

    public SegmentChain(MemoryPool<byte> pool, int segmentSize)
    {
        this.callersPool = pool == MemoryPool<byte>.Shared ? null : pool;
        this.segmentSize = segmentSize;
    }

    /// <summary>Gets the size of every segment, and so of one read.</summary>
    public readonly int SegmentSize => this.segmentSize;

    /// <summary>Gets the last segment appended, which a short read may have left room in.</summary>
    public readonly PipeSegment? Tail => this.tail;

    /// <summary>Gets a value indicating whether the chain holds no segment.</summary>
    public readonly bool IsEmpty => this.head is null;

    /// <summary>Gets the bytes appended since the reader started.</summary>
    public readonly long BufferedEnd => this.bufferedEnd;

    /// <summary>Gets the end of the last buffer handed to the consumer.</summary>
    public readonly long ReturnedEnd => this.returnedEnd;

    /// <summary>Gets a value indicating whether bytes came that the consumer has not examined.</summary>
    public readonly bool HasUnexamined => this.bufferedEnd > this.examinedEnd;

    private readonly long BufferStart => this.head is null ? this.bufferedEnd : this.head.RunningIndex + this.headIndex;

    /// <summary>Hands every byte appended so far to the consumer, as one buffer.</summary>
    public ReadOnlySequence<byte> TakeBuffer()
    {
        this.returnedEnd = this.bufferedEnd;
        return this.head is null
            ? default
            : new ReadOnlySequence<byte>(this.head, this.headIndex, this.tail!, this.tail!.Memory.Length);
    }

    /// <summary>Appends a segment read to <paramref name="length"/> bytes.</summary>
    public void Append(PipeSegment segment, int length)
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

    /// <summary>Counts <paramref name="read"/> more bytes into the tail, which a short read left room in.</summary>
    public void GrowTail(int filled, int read)
    {
        this.tail!.SetLength(filled + read);
        this.bufferedEnd += read;
    }

    /// <summary>Counts <paramref name="read"/> bytes read outside the chain (which is empty) as delivered and consumed.</summary>
    public void ConsumeOutside(int read)
    {
        // Stryker disable once Assignment : see mutation-testing.md#relative-counters
        this.bufferedEnd += read;
        this.examinedEnd = this.returnedEnd = this.bufferedEnd;
    }

    /// <summary>The buffer just returned, one segment, consumed and examined to its end (what a consumer that takes
    /// everything does on every read): its segment goes straight to the recycled slot, with no position to resolve and no
    /// chain to walk; anything else is left to <see cref="Resolve"/> and <see cref="Consume"/>, which do the same for this case.</summary>
    /// <returns>Whether the buffer was consumed here.</returns>
    public bool TryConsumeWhole(SequencePosition consumed, SequencePosition examined, bool completed)
    {
        PipeSegment? only = this.tail;
        if (only is null || only != this.head || consumed.GetObject() != only || !examined.Equals(consumed)
            || consumed.GetInteger() != only.Memory.Length)
        {
            return false;
        }

        // Inline, with a result outstanding (the gate holding): no read has appended since the result.
        Debug.Assert(this.bufferedEnd == this.returnedEnd, "An inline reader read while a result was outstanding.");

        this.examinedEnd = this.returnedEnd;
        this.Recycle(only, completed);
        this.head = this.tail = null;
        this.headIndex = 0;
        return true;
    }

    /// <summary>Resolves the positions of an advance, which must be <paramref name="owner"/>'s, from its last buffer,
    /// with <paramref name="examined"/> not before <paramref name="consumed"/>; refuses any other before changing
    /// anything.</summary>
    /// <returns>Where the consumer has examined to, as an absolute position.</returns>
    public readonly long Resolve(SequencePosition consumed, SequencePosition examined, FilePipeReader owner, out long consumedAt)
    {
        consumedAt = this.ToAbsolute(consumed, owner);
        if (examined.GetObject() is null && consumed.GetObject() is not null)
        {
            // A default examined position beside a real consumed one examines nothing, as on Pipe: the bytes not
            // examined before are still new to the next read. (Both default are an empty buffer's start and end.)
            return this.examinedEnd;
        }

        // AdvanceTo(consumed) passes the same position twice: resolve it once.
        // Stryker disable once Conditional : see mutation-testing.md#shortcut
        long examinedAt = examined.Equals(consumed) ? consumedAt : this.ToAbsolute(examined, owner);
        if (examinedAt < consumedAt)
        {
            throw PipeMisuse.ExaminedBeforeConsumed();
        }

        return examinedAt;
    }

    /// <summary>Releases the segments before <paramref name="consumedAt"/> and examines to <paramref name="examinedAt"/>
    /// (positions <see cref="Resolve"/> gave).</summary>
    public void Consume(long consumedAt, long examinedAt, bool completed)
    {
        // An examined position before the last one takes nothing back: the next read still waits for new bytes, as
        // Pipe's ReadAsync does (its TryRead returns the bytes in between again; 8.0's Pipe throws instead).
        this.examinedEnd = Math.Max(this.examinedEnd, examinedAt);
        this.ReleaseBefore(consumedAt, completed);
    }

    /// <summary>Rents a segment for <paramref name="owner"/>: the recycled one, a spare, a stored one, or a new one.</summary>
    public PipeSegment Rent(FilePipeReader owner)
    {
        if (this.recycled is { } last)
        {
            this.recycled = null;
            return last.NextUse();
        }

        return this.RentSpareOrNew(owner);
    }

    /// <summary>Takes a segment back: kept for reuse, or, once the reader completed (a read in flight then), released.</summary>
    public void Recycle(PipeSegment segment, bool completed)
    {
        segment.Detach(this.returnedEnd);
        if (completed)
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

    /// <summary>On completion: empties the chain and the spares.</summary>
    /// <returns>Every segment, detached, linked through <see cref="PipeSegment.NextSpare"/>.</returns>
    public PipeSegment? TakeAll()
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
        return unused;
    }

    /// <summary>Hands a chain of detached segments (linked through <see cref="PipeSegment.NextSpare"/>) to the
    /// store, or back to the caller's pool.</summary>
    public readonly void Release(PipeSegment? chain)
    {
        if (this.callersPool is null)
        {
            SegmentStore.Return(chain);
            return;
        }

        for (PipeSegment? segment = chain; segment is not null; segment = segment.NextSpare)
        {
            segment.Release();
        }
    }

    // Apart from Rent, so the slot's case, once per inline read, is small enough to be inlined.
    private PipeSegment RentSpareOrNew(FilePipeReader owner)
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

        return (this.callersPool is null ? SegmentStore.Take(owner, this.segmentSize) : null)
            ?? new PipeSegment(owner, (this.callersPool ?? MemoryPool<byte>.Shared).Rent(this.segmentSize), this.segmentSize);
    }

    // A read in flight when the reader completed: its block is no longer this reader's. Apart from Recycle, which an
    // inline read calls per read, so Recycle stays small enough to be inlined into ReleaseBefore.
    private readonly void ReleaseLate(PipeSegment segment)
    {
        segment.NextSpare = null;
        this.Release(segment);
    }

    private readonly long ToAbsolute(SequencePosition position, FilePipeReader owner)
    {
        object? positionOwner = position.GetObject();
        if (positionOwner is null)
        {
            // The positions of an empty buffer carry no segment.
            return this.BufferStart;
        }

        int index = position.GetInteger();

        // The end of the buffer just returned, which almost every consumer passes: the tail is in the chain and its
        // end is the buffer's end, so the checks below cannot fail (unless reads have appended since).
        // Stryker disable once Equality,Block : see mutation-testing.md#shortcut
        if (positionOwner == this.tail && index == this.tail.Memory.Length && this.bufferedEnd == this.returnedEnd)
        {
            return this.returnedEnd;
        }

        // Any position not into this reader's chain is foreign, whatever its kind (another reader's, a Pipe's, an
        // array's); a segment that starts at or after the last buffer's end was in no buffer the consumer holds.
        if (positionOwner is not PipeSegment segment || segment.Reader != owner || !segment.InChain || index < 0
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

    private void ReleaseBefore(long consumedAt, bool completed)
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
            this.Recycle(this.head, completed);
            this.head = next;
            this.headIndex = 0;
        }

        this.tail = null;
    }
}
