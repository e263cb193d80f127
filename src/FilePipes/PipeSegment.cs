using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace FilePipes;

/// <summary>
/// One pooled block of a reader's buffer chain. Segments are recycled together with their memory, so a reader in
/// steady state rents nothing and allocates nothing per read.
/// </summary>
/// <remarks>
/// Each block has two segments, its <see cref="Twin"/>s. A position is a segment and an index, so were the same
/// segment reused, a position from a buffer already consumed would point into the new buffer and be accepted. So a
/// block whose segment was in a buffer handed to the consumer comes back, at its next use, as the other twin: the old
/// segment is out of the chain and a position into it is refused. A block whose use the consumer never saw (a read of
/// no bytes, a copy's chunk, a discarded parallel read) comes back as the same segment, so the twin the consumer last
/// saw stays out of the chain. So a position from the last buffer handed out, or the one before, is always checked;
/// one from a block two hand-outs back may read as a position into the current buffer. Only a new segment per use
/// would tell those apart (a position's integer is the index within the segment's memory, with no bits to spare for
/// a generation), at an allocation per read; <c>Pipe</c> checks no position at all.
/// </remarks>
internal sealed class PipeSegment : ReadOnlySequenceSegment<byte>
{
    private readonly IMemoryOwner<byte> owner;
    private PipeSegment? twin;
    // Set when the segment leaves the chain: it was in a buffer handed to the consumer, who may hold positions into it.
    private bool handedOut;

    public PipeSegment(FilePipeReader reader, IMemoryOwner<byte> owner, int capacity)
    {
        this.Reader = reader;
        this.owner = owner;
        this.Block = Slice(owner.Memory, capacity);
    }

    private PipeSegment(PipeSegment twin)
    {
        this.Reader = twin.Reader;
        this.owner = twin.owner;
        this.Block = twin.Block;
        this.twin = twin;
    }

    /// <summary>Gets the reader that owns this segment; a position from another reader is refused.</summary>
    public FilePipeReader Reader { get; private set; }

    /// <summary>Gets the whole writable block; <see cref="ReadOnlySequenceSegment{T}.Memory"/> is its filled part.</summary>
    public Memory<byte> Block { get; private set; }

    /// <summary>Gets the length of the memory rented for the block, which may exceed the block's capacity.</summary>
    public int RentedLength => this.owner.Memory.Length;

    /// <summary>Gets a value indicating whether the segment is part of the buffer, so positions in it are valid.</summary>
    /// <remarks>
    /// Only a read of at least one byte is appended, and a segment taken out of the chain is emptied, so "holds data"
    /// and "in the chain" are the same fact; one field (the filled <see cref="ReadOnlySequenceSegment{T}.Memory"/>)
    /// keeps them from disagreeing.
    /// </remarks>
    // Stryker disable once Equality : see mutation-testing.md#same-error-later
    public bool InChain => this.Memory.Length > 0;

    /// <summary>Gets or sets the next spare segment while this one waits for reuse.</summary>
    public PipeSegment? NextSpare { get; set; }

    /// <summary>Gets or sets how many bytes a parallel read put in the block while it waits for its turn in file order.</summary>
    /// <remarks>Kept apart from the filled memory, so the segment does not look <see cref="InChain"/> before it is.</remarks>
    public int ReadLength { get; set; }

    // Only Link sets Next, always to a PipeSegment: no cast to check (a call to the runtime's cast helper per segment
    // released).
    public PipeSegment? NextInChain => Unsafe.As<PipeSegment?>(this.Next);

    /// <summary>Gets the other segment over the same block, created on the block's first reuse.</summary>
    public PipeSegment Twin => this.twin ??= new PipeSegment(this);

    /// <summary>Gets the segment for the block's next use: the other twin if the consumer saw this one, else this one.</summary>
    /// <returns>A segment that no position the consumer holds points into.</returns>
    public PipeSegment NextUse()
    {
        PipeSegment next = this.handedOut ? this.Twin : this;
        next.handedOut = false;
        return next;
    }

    public void Attach(long runningIndex, int length)
    {
        Debug.Assert(length > 0, "An empty segment in the chain would read as not in it (InChain).");
        this.RunningIndex = runningIndex;
        this.SetLength(length);
    }

    public void SetLength(int length) => this.Memory = this.Block[..length];

    public void Link(PipeSegment next) => this.Next = next;

    /// <summary>Takes the segment out of the chain.</summary>
    /// <param name="returnedEnd">The end of the last buffer handed to the consumer, counted as <see cref="ReadOnlySequenceSegment{T}.RunningIndex"/>
    /// is: a segment in the chain that starts before it was in that buffer or an earlier one.</param>
    public void Detach(long returnedEnd)
    {
        this.handedOut = this.InChain && this.RunningIndex < returnedEnd;
        this.Next = null;
        this.Memory = default;
    }

    public void Release() => this.owner.Dispose();

    /// <summary>Hands this segment and its twin to another reader (<see cref="SegmentStore"/>), as blocks of
    /// <paramref name="capacity"/> bytes.</summary>
    public void Adopt(FilePipeReader reader, int capacity)
    {
        this.Reader = reader;
        this.Block = Slice(this.owner.Memory, capacity);
        if (this.twin is { } other)
        {
            other.Reader = reader;
            other.Block = this.Block;
        }
    }

    // Stryker disable once Conditional,Equality : see mutation-testing.md#whole-slice
    private static Memory<byte> Slice(Memory<byte> memory, int capacity) => memory.Length > capacity ? memory[..capacity] : memory;
}
