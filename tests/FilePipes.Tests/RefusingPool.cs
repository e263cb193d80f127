using System.Buffers;

namespace FilePipes.Tests;

/// <summary>
/// A pool over <see cref="OutstandingBlockPool"/> that gives <c>blocksGiven</c> blocks, then refuses the next
/// <c>refusals</c> rents (all of them, unless told) with one exception, and gives blocks again after that.
/// </summary>
internal sealed class RefusingPool(int blocksGiven, int refusals = int.MaxValue) : MemoryPool<byte>
{
    private readonly OutstandingBlockPool blocks = new();
    private int rents;

    public InsufficientMemoryException Refusal { get; } = new("the pool refused a block");

    public int Outstanding => this.blocks.Outstanding;

    public override int MaxBufferSize => Shared.MaxBufferSize;

    public override IMemoryOwner<byte> Rent(int minBufferSize = -1)
    {
        long rent = Interlocked.Increment(ref this.rents);
        return rent > blocksGiven && rent - blocksGiven <= refusals ? throw this.Refusal : this.blocks.Rent(minBufferSize);
    }

    protected override void Dispose(bool disposing)
    {
    }
}
