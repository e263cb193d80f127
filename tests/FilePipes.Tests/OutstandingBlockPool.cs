using System.Buffers;

namespace FilePipes.Tests;

/// <summary>A pool over <see cref="MemoryPool{T}.Shared"/> that counts the blocks rented, those not yet returned, and
/// returns of a block already returned (with the shared pool, that block would go to two readers at once).</summary>
internal sealed class OutstandingBlockPool : MemoryPool<byte>
{
    private int outstanding;
    private int rented;
    private int doubleReleases;

    public int Outstanding => Volatile.Read(ref this.outstanding);

    public int Rented => Volatile.Read(ref this.rented);

    public int DoubleReleases => Volatile.Read(ref this.doubleReleases);

    public override int MaxBufferSize => Shared.MaxBufferSize;

    public override IMemoryOwner<byte> Rent(int minBufferSize = -1)
    {
        Interlocked.Increment(ref this.outstanding);
        Interlocked.Increment(ref this.rented);
        return new Block(this, Shared.Rent(minBufferSize));
    }

    protected override void Dispose(bool disposing)
    {
    }

    private sealed class Block(OutstandingBlockPool pool, IMemoryOwner<byte> inner) : IMemoryOwner<byte>
    {
        private int disposed;

        public Memory<byte> Memory => inner.Memory;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref this.disposed, 1) == 0)
            {
                Interlocked.Decrement(ref pool.outstanding);
                inner.Dispose();
            }
            else
            {
                Interlocked.Increment(ref pool.doubleReleases);
            }
        }
    }
}
