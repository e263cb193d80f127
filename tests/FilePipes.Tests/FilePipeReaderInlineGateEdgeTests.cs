using System.Buffers;
using System.IO.Pipelines;
using Microsoft.Win32.SafeHandles;

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

        // The failed read's block went back once: a block given back twice would go to two readers of the shared pool.
        Assert.Equal(0, pool.DoubleReleases);
    }

    [Fact]
    public async Task AReadInsideTheGateWhenCompleteCameKeepsItsBlocksThroughASecondCompleteAndItsAdvanceIsRefusedAsOnAPipe()
    {
        CancellationToken timeout = TestTimeout.Token();
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[100], timeout);
        ReadResult pipeResult = await pipe.Reader.ReadAsync(timeout);
        pipe.Reader.Complete();
        pipe.Reader.Complete();
        Exception? expected = Record.Exception(() => pipe.Reader.AdvanceTo(pipeResult.Buffer.End));

        // A handle the reader leaves open: the read held inside the gate completes with its data after Complete.
        string path = this.files.WriteRandom("complete-twice-in-gate.bin", 3 * Segment);
        using SafeFileHandle handle = File.OpenHandle(path);
        var pool = new HoldingPool(holdAt: 2);
        FilePipeReader reader = FilePipe.CreateReader(
            handle, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0, Pool = pool, LeaveOpen = true });
        ReadResult first = await reader.ReadAsync(timeout);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        Task<ReadResult> second = Task.Run(() => reader.ReadAsync(timeout).AsTask(), timeout);
        await pool.Holding.WaitAsync(timeout);

        // Complete twice, as Pipe allows: neither gives back the block the read inside the gate may still link.
        reader.Complete();
        reader.Complete();
        Assert.Equal(1, pool.Outstanding);
        pool.Release();

        // The read returns what it read, a result the consumer now holds; advancing it is refused as after any Complete,
        // and every block goes back first.
        ReadResult result = await second.WaitAsync(timeout);
        Assert.Equal(File.ReadAllBytes(path)[..(2 * Segment)], result.Buffer.ToArray());
        Exception? actual = Record.Exception(() => reader.AdvanceTo(result.Buffer.End));

        Assert.IsType<InvalidOperationException>(expected);
        Assert.Equal(expected.GetType(), actual?.GetType());
        Assert.Equal(expected.Message, actual!.Message);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleReleases);
    }

    [Fact]
    public async Task AReadWhileAStreamCopyTakesItsBlockIsRefusedAsOnAPipeAndTheCopyLosesNothing()
    {
        CancellationToken timeout = TestTimeout.Token();
        string path = this.files.WriteRandom("read-during-copy-rent.bin", 3 * Segment);
        byte[] file = File.ReadAllBytes(path);

        // Pipe: a read while its copy to a stream is under way (the stream's first write waits).
        var source = new Pipe();
        await source.Writer.WriteAsync(file, timeout);
        source.Writer.Complete();
        var pipeDestination = new HeldStream();
        Task pipeCopy = source.Reader.CopyToAsync(pipeDestination, timeout);
        await pipeDestination.Writing.WaitAsync(timeout);
        Exception? expected = await Record.ExceptionAsync(async () => await source.Reader.ReadAsync(timeout));
        pipeDestination.Release();
        await pipeCopy.WaitAsync(timeout);

        // The file reader: a new reader's copy to a stream takes its block from the pool (held here) once it holds the
        // gate, under the lock, before it has read anything.
        var pool = new HoldingPool(holdAt: 1);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0, Pool = pool });
        var destination = new HeldStream();
        Task copy = Task.Run(() => reader.CopyToAsync(destination, timeout), timeout);
        await pool.Holding.WaitAsync(timeout);

        // The read on a thread of its own: once it waits (for the lock the copy holds) or has returned, the rent goes on.
        Exception? actual = null;
        var thread = new Thread(() => actual = Record.Exception(() => reader.ReadAsync(timeout).AsTask().GetAwaiter().GetResult()));
        thread.Start();
        Assert.True(SpinWait.SpinUntil(() => (thread.ThreadState & (ThreadState.WaitSleepJoin | ThreadState.Stopped)) != 0, TestTimeout.Limit));
        pool.Release();
        Assert.True(thread.Join(TestTimeout.Limit));
        destination.Release();
        await copy.WaitAsync(timeout);
        reader.Complete();

        Assert.IsType<InvalidOperationException>(expected);
        Assert.Equal(expected.GetType(), actual?.GetType());
        Assert.Equal(expected.Message, actual!.Message);
        Assert.Equal(file, pipeDestination.ToArray());
        Assert.Equal(file, destination.ToArray());
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task ABufferOfTwoSegmentsConsumedWholeGivesBothBlocksBack()
    {
        string path = this.files.WriteRandom("two-consumed.bin", 4 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0, Pool = pool });
        CancellationToken timeout = TestTimeout.Token();
        ReadResult first = await reader.ReadAsync(timeout);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        ReadResult both = await reader.ReadAsync(timeout);
        Assert.Equal(2 * Segment, both.Buffer.Length);
        reader.AdvanceTo(both.Buffer.End);

        byte[] rest = await PipeDrain.ReadAllAsync(reader, timeout);
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path)[(2 * Segment)..], rest);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleReleases);
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

    /// <summary>A stream whose first write waits until <see cref="Release"/>.</summary>
    private sealed class HeldStream : MemoryStream
    {
        private readonly TaskCompletionSource started = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource released = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task Writing => this.started.Task;

        public void Release() => this.released.TrySetResult();

        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            this.started.TrySetResult();
            await this.released.Task.WaitAsync(cancellationToken);
            await base.WriteAsync(buffer, cancellationToken);
        }
    }
}
