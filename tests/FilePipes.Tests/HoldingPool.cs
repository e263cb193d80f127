using System.Buffers;

namespace FilePipes.Tests;

/// <summary>
/// A pool over <see cref="OutstandingBlockPool"/> whose <c>holdAt</c>-th rent (counting from 1) waits until
/// <see cref="Release"/>, and whose <c>refuseAt</c>-th rent throws <see cref="Refusal"/>.
/// </summary>
internal sealed class HoldingPool(int holdAt, int refuseAt = 0) : MemoryPool<byte>
{
    private readonly OutstandingBlockPool inner = new();
    private readonly TaskCompletionSource holding = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly ManualResetEventSlim released = new();
    private int rents;

    public Task Holding => this.holding.Task;

    public int Outstanding => this.inner.Outstanding;

    public int DoubleReleases => this.inner.DoubleReleases;

    public InsufficientMemoryException Refusal { get; } = new("the pool refused a block");

    public override int MaxBufferSize => this.inner.MaxBufferSize;

    public void Release() => this.released.Set();

    public override IMemoryOwner<byte> Rent(int minBufferSize = -1)
    {
        int rent = Interlocked.Increment(ref this.rents);
        if (rent == refuseAt)
        {
            throw this.Refusal;
        }

        if (rent == holdAt)
        {
            this.holding.TrySetResult();
            Assert.True(this.released.Wait(TestTimeout.Limit), "the held rent was never released");
        }

        return this.inner.Rent(minBufferSize);
    }

    protected override void Dispose(bool disposing) => this.released.Dispose();
}
