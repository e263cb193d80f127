using System.Buffers;

namespace FilePipes;

/// <summary>
/// One pooled block of a reader's buffer chain. Segments are recycled together with their memory, so a reader in
/// steady state rents nothing and allocates nothing per read.
/// </summary>
internal sealed class PipeSegment : ReadOnlySequenceSegment<byte>
{
    private readonly IMemoryOwner<byte> owner;

    public PipeSegment(FilePipeReader reader, IMemoryOwner<byte> owner, int capacity)
    {
        this.Reader = reader;
        this.owner = owner;
        Memory<byte> memory = owner.Memory;
        this.Block = memory.Length > capacity ? memory[..capacity] : memory;
    }

    /// <summary>Gets the reader that owns this segment; a position from another reader is refused.</summary>
    public FilePipeReader Reader { get; }

    /// <summary>Gets the whole writable block; <see cref="ReadOnlySequenceSegment{T}.Memory"/> is its filled part.</summary>
    public Memory<byte> Block { get; }

    /// <summary>Gets how many bytes of <see cref="Block"/> hold data.</summary>
    public int Length { get; private set; }

    /// <summary>Gets a value indicating whether the segment is part of the buffer, so positions in it are valid.</summary>
    public bool InChain { get; private set; }

    /// <summary>Gets or sets the next spare segment while this one waits for reuse.</summary>
    public PipeSegment? NextSpare { get; set; }

    public PipeSegment? NextInChain => (PipeSegment?)this.Next;

    public void Attach(long runningIndex, int length)
    {
        this.RunningIndex = runningIndex;
        this.InChain = true;
        this.SetLength(length);
    }

    public void SetLength(int length)
    {
        this.Length = length;
        this.Memory = this.Block[..length];
    }

    public void Link(PipeSegment next) => this.Next = next;

    public void Detach()
    {
        this.InChain = false;
        this.Next = null;
        this.Length = 0;
        this.Memory = default;
    }

    public void Release() => this.owner.Dispose();
}
