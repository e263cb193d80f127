using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// The inline reader's gate at its two rare exits: <c>Complete</c> from another thread while an inline read is inside
/// the gate (the read keeps its blocks, and the consumer's next call releases them and throws), and a copy whose pool
/// refuses the block it needs (the gate is left open for the next read). A pool that holds or refuses one rent makes
/// each moment exact.
/// </summary>
public sealed class FilePipeReaderInlineGateEdgeTests : IDisposable
{
    private const int Segment = 4096;
    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task CompleteDuringAnInlineReadLeavesItsBlocksToTheReadAndTheNextCallReleasesThemAndThrows()
    {
        string path = this.files.WriteRandom("complete-in-gate.bin", 3 * Segment);
        var pool = new HoldingPool(holdAt: 2);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0, Pool = pool });
        CancellationToken timeout = TestTimeout.Token();

        // The first read's segment stays in the buffer; the second read needs another block, and waits for it.
        ReadResult first = await reader.ReadAsync(timeout);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        Task<ReadResult> second = Task.Run(() => reader.ReadAsync(timeout).AsTask(), timeout);
        await pool.Holding.WaitAsync(timeout);

        reader.Complete();

        // The read inside the gate may still link the first segment: Complete must not have given its block back.
        Assert.Equal(1, pool.Outstanding);
        pool.Release();

        // Complete closed the file before this read reached its system call, so the read fails as one of a closed file.
        await Assert.ThrowsAsync<ObjectDisposedException>(() => second.WaitAsync(timeout));
        Assert.Equal(1, pool.Outstanding);

        // Its own block went back with the failure; the first segment is still the buffer's. The consumer's next call is
        // refused, as any call after Complete, and hands back every block first.
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await reader.ReadAsync(timeout));
        Assert.Equal(0, pool.Outstanding);
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await reader.ReadAsync(timeout));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ACopyWhosePoolRefusesItsBlockFailsWithThePoolsErrorAndTheReaderReadsOn(bool toStream)
    {
        string path = this.files.WriteRandom("copy-refused.bin", 3 * Segment);
        var pool = new HoldingPool(holdAt: 0, refuseAt: 1);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0, Pool = pool });
        var destination = new MemoryStream();

        // A copy into a writer reads straight into the writer's memory and rents nothing: refused, it has to be a stream's.
        Exception? error = await Record.ExceptionAsync(() => toStream
            ? reader.CopyToAsync(destination, TestTimeout.Token())
            : reader.CopyToAsync(PipeWriter.Create(destination), TestTimeout.Token()));
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        if (toStream)
        {
            Assert.Same(pool.Refusal, error);
            Assert.Equal(0, destination.Length);
            Assert.Equal(File.ReadAllBytes(path), rest);
        }
        else
        {
            Assert.Null(error);
            Assert.Equal(File.ReadAllBytes(path), destination.ToArray());
        }

        Assert.Equal(0, pool.Outstanding);
    }

    /// <summary>
    /// A pool over <see cref="OutstandingBlockPool"/> whose <c>holdAt</c>-th rent (counting from 1) waits until
    /// <see cref="Release"/>, and whose <c>refuseAt</c>-th rent throws <see cref="Refusal"/>.
    /// </summary>
    private sealed class HoldingPool(int holdAt, int refuseAt = 0) : MemoryPool<byte>
    {
        private readonly OutstandingBlockPool inner = new();
        private readonly TaskCompletionSource holding = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly ManualResetEventSlim released = new();
        private int rents;

        public Task Holding => this.holding.Task;

        public int Outstanding => this.inner.Outstanding;

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
}
