using System.Buffers;

namespace FilePipes.Tests;

/// <summary>A pool whose blocks refuse to be pinned, as a <see cref="MemoryManager{T}"/> over memory that can move may.</summary>
internal sealed class UnpinnablePool : MemoryPool<byte>
{
    private int pins;

    /// <summary>Gets how many times a block was asked to pin.</summary>
    public int Pins => Volatile.Read(ref this.pins);

    public override int MaxBufferSize => Shared.MaxBufferSize;

    public override IMemoryOwner<byte> Rent(int minBufferSize = -1) => new Block(this, Math.Max(minBufferSize, 4096));

    protected override void Dispose(bool disposing)
    {
    }

    private sealed class Block(UnpinnablePool pool, int length) : MemoryManager<byte>
    {
        private readonly byte[] array = new byte[length];

        public override Span<byte> GetSpan() => this.array;

        public override MemoryHandle Pin(int elementIndex = 0)
        {
            Interlocked.Increment(ref pool.pins);
            throw new NotSupportedException("this block cannot be pinned");
        }

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }
    }
}
