using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>The inline reader's lock-free calls (FilePipeReader.Inline.cs) against calls from other threads.</summary>
public sealed partial class FilePipeReaderTests
{
    [Fact]
    public async Task ACancelPendingReadFromAnotherThreadDuringInlineReadsCancelsTheCurrentOrTheNextReadNeverNone()
    {
        string path = this.files.WriteRandom("gate-cancel.bin", 64 * 1024);
        CancellationToken timeout = TestTimeout.Token();
        for (int round = 0; round < 200; round++)
        {
            FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 256, ReadAhead = 0 });
            var called = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            int spins = round * 50;
            Task canceller = Task.Run(
                () =>
                {
                    Thread.SpinWait(spins);
                    reader.CancelPendingRead();
                    called.SetResult();
                },
                timeout);

            int canceledResults = 0;
            long total = 0;
            while (true)
            {
                bool calledBefore = called.Task.IsCompleted;
                ReadResult result = await reader.ReadAsync(timeout);
                if (result.IsCanceled)
                {
                    canceledResults++;
                }
                else
                {
                    // A CancelPendingRead that returned before this read began cancels it, or one before it.
                    Assert.False(calledBefore && canceledResults == 0, $"round {round}: the cancellation was lost");
                }

                total += result.Buffer.Length;
                reader.AdvanceTo(result.Buffer.End);
                if (result.IsCompleted)
                {
                    break;
                }
            }

            await canceller.WaitAsync(timeout);
            reader.Complete();
            Assert.True(canceledResults <= 1);
            Assert.Equal(64 * 1024, total);
        }
    }

    [Fact]
    public async Task CompleteFromAnotherThreadDuringTheInlineCopyReturnsNoBlockBeforeTheCopyIsDoneWithIt()
    {
        string path = this.files.WriteRandom("gate-complete.bin", 64 * 1024);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0, Pool = pool });
        var destination = new BlockingStream();

        Task copy = reader.CopyToAsync(destination, TestTimeout.Token());
        await destination.Writing.WaitAsync(TestTimeout.Token());
        await Task.Run(() => reader.Complete(), TestTimeout.Token());

        // The copy still writes from its block: Complete must not have returned it.
        Assert.True(pool.Outstanding >= 1);
        destination.Release.SetResult();
        await Assert.ThrowsAsync<InvalidOperationException>(() => copy.WaitAsync(TestTimeout.Token()));

        // Once the copy is done with the buffer, every block goes back.
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task CompleteFromAnotherThreadDuringTheInlineCopyReturnsTheReadersSpareBlocksOnceTheCopyIsDone()
    {
        // Two segments consumed at once: one waits in the recycled slot, the other among the spares. The copy takes the
        // first; Complete, which finds the copy inside the gate, leaves the spare to it.
        string path = this.files.WriteRandom("gate-complete-spares.bin", 64 * 1024);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0, Pool = pool });
        CancellationToken timeout = TestTimeout.Token();
        ReadResult first = await reader.ReadAsync(timeout);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        ReadResult both = await reader.ReadAsync(timeout);
        Assert.Equal(2 * 4096, both.Buffer.Length);
        reader.AdvanceTo(both.Buffer.End);
        var destination = new BlockingStream();

        Task copy = reader.CopyToAsync(destination, timeout);
        await destination.Writing.WaitAsync(timeout);
        await Task.Run(() => reader.Complete(), timeout);
        Assert.Equal(2, pool.Outstanding);
        destination.Release.SetResult();
        await Assert.ThrowsAsync<InvalidOperationException>(() => copy.WaitAsync(timeout));

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleReleases);
    }

    /// <summary>A stream whose first write waits until the test releases it.</summary>
    private sealed class BlockingStream : MemoryStream
    {
        public TaskCompletionSource Release { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task Writing => this.started.Task;

        private readonly TaskCompletionSource started = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            this.started.TrySetResult();
            await this.Release.Task.WaitAsync(cancellationToken);
            await base.WriteAsync(buffer, cancellationToken);
        }
    }
}
