using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A parallel reader's consumer that finds nothing ready reads segments no worker has started, on its own thread,
/// instead of waiting to be woken: the head of a run whose work item has not begun, or half the unstarted tail of one
/// being read, a batch at most. Workers are held at their reads here, so which segments the consumer takes is decided,
/// not timed.
/// </summary>
public sealed class ConsumerReadsTests : IDisposable
{
    private const int Segment = 4096;
    private const int Batch = 16;

    [ThreadStatic]
    private static bool onConsumer;

    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task AConsumerWithNothingReadyReadsWhatNoWorkerStartedAndGetsEveryByteInOrder()
    {
        // Two runs of 32 segments; a batch is 16.
        string path = this.files.WriteRandom("consumer-reads.bin", 96 * Segment);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 64, ParallelReads = 2 });
        var workers = new HeldWorkers(reader);

        // The first read: the first run's work item cannot have begun (the read claimed it under the lock a moment
        // before), so the consumer takes its head, a batch, and returns it without waiting.
        ValueTask<ReadResult> first = ReadAsConsumer(reader);
        Assert.True(first.IsCompleted);
        ReadResult result = await first;
        var output = new MemoryStream();
        output.Write(result.Buffer.ToArray());
        reader.AdvanceTo(result.Buffer.End);
        Assert.Equal(Segments(0, Batch), workers.ConsumerOffsets);

        // Both work items now hold their first batch (the first run's rest, the second run's head) at its first read.
        await workers.ReachedAsync(Batch * Segment);
        await workers.ReachedAsync(32 * Segment);

        // Nothing is ready, so the consumer takes half the second run's unstarted tail, again and again, and then waits.
        ValueTask<ReadResult> second = ReadAsConsumer(reader);
        Assert.False(second.IsCompleted);
        Assert.Equal(
            Segments(0, Batch).Concat(Segments(56, 8)).Concat(Segments(52, 4)).Concat(Segments(50, 2)).Concat(Segments(49, 1)).Concat(Segments(48, 1)),
            workers.ConsumerOffsets);
        Assert.Equal(6, reader.ConsumerRuns);

        workers.Release();
        result = await second;
        output.Write(result.Buffer.ToArray());
        reader.AdvanceTo(result.Buffer.End);
        while (!result.IsCompleted)
        {
            result = await ReadAsConsumer(reader);
            output.Write(result.Buffer.ToArray());
            reader.AdvanceTo(result.Buffer.End);
        }

        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
        await WaitUntilAsync(() => reader.RunCounts == (0, 0));
        reader.Complete();
    }

    [Fact]
    public async Task AnErrorInTheConsumersOwnReadComesOnceAfterTheBytesBeforeIt()
    {
        string path = this.files.WriteRandom("consumer-error.bin", 64 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(
            path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 64, ParallelReads = 2, Pool = pool });
        var failure = new IOException("the consumer's read failed");
        reader.BeforeParallelRead = offset =>
        {
            if (onConsumer && offset == 5 * Segment)
            {
                throw failure;
            }
        };

        // The consumer reads the first run's head itself: five segments, then the failed read, which ends the data.
        ReadResult result = await ReadAsConsumer(reader);
        Assert.Equal(File.ReadAllBytes(path)[..(5 * Segment)], result.Buffer.ToArray());
        reader.AdvanceTo(result.Buffer.End);
        Assert.Same(failure, await Assert.ThrowsAsync<IOException>(async () => await ReadAsConsumer(reader)));

        reader.Complete();
        await WaitUntilAsync(() => pool.Outstanding == 0);
        Assert.Equal(0, pool.DoubleReleases);
    }

    [Fact]
    public async Task CompleteDuringTheConsumersOwnReadGivesEveryBlockBack()
    {
        string path = this.files.WriteRandom("consumer-complete.bin", 64 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(
            path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 64, ParallelReads = 2, Pool = pool });

        // Complete from inside the consumer's own read (as another thread's Complete would land): the read ends, the
        // call throws as any read after Complete does, and the blocks of every run come back.
        reader.BeforeParallelRead = offset =>
        {
            if (onConsumer && offset == 3 * Segment)
            {
                reader.Complete();
            }
        };

        await Assert.ThrowsAsync<InvalidOperationException>(async () => await ReadAsConsumer(reader));
        await WaitUntilAsync(() => pool.Outstanding == 0);
        Assert.Equal(0, pool.DoubleReleases);
        Assert.True(pool.Rented > 0);
    }

    [Fact]
    public async Task AFileTruncatedUnderTheConsumersOwnReadEndsAtItsNewLength()
    {
        string path = this.files.WriteRandom("consumer-truncated.bin", 64 * Segment);
        byte[] original = File.ReadAllBytes(path);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 64, ParallelReads = 2 });
        reader.BeforeParallelRead = offset =>
        {
            if (onConsumer && offset == Segment)
            {
                using var truncate = File.OpenHandle(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
                RandomAccess.SetLength(truncate, (2 * Segment) + 100);
            }
        };

        var read = new MemoryStream();
        for (ReadResult result = default; !result.IsCompleted;)
        {
            result = await ReadAsConsumer(reader);
            read.Write(result.Buffer.ToArray());
            reader.AdvanceTo(result.Buffer.End);
        }

        await WaitUntilAsync(() => reader.RunCounts == (0, 0));
        reader.Complete();

        Assert.Equal(original[..((2 * Segment) + 100)], read.ToArray());
    }

    [Theory]
    [InlineData(1, false)]
    [InlineData(2, true)]
    public async Task OnlyAParallelReaderHasItsConsumerRead(int parallelReads, bool consumerReads)
    {
        // Read-ahead alone keeps its one background read; the consumer of a parallel reader reads its first run's head.
        string path = this.files.WriteRandom("consumer-parallel-only.bin", 64 * Segment);
        FilePipeReader reader = FilePipe.OpenReader(
            path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 32, ParallelReads = parallelReads });

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal(consumerReads, reader.ConsumerRuns > 0);
    }

    private static ValueTask<ReadResult> ReadAsConsumer(PipeReader reader)
    {
        // The consumer's own reads run inside this call, on this thread: the flag tells them from the workers'.
        onConsumer = true;
        try
        {
            return reader.ReadAsync(TestTimeout.Token());
        }
        finally
        {
            onConsumer = false;
        }
    }

    private static long[] Segments(int first, int count) => Enumerable.Range(first, count).Select(i => (long)i * Segment).ToArray();

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        using var deadline = new CancellationTokenSource(TestTimeout.Limit);
        while (!condition())
        {
            await Task.Delay(1, deadline.Token);
        }
    }

    /// <summary>Holds every worker's read until released, and records the offsets the consumer read itself.</summary>
    private sealed class HeldWorkers
    {
        private readonly ManualResetEventSlim released = new();
        private readonly ConcurrentDictionary<long, TaskCompletionSource> reached = new();
        private readonly ConcurrentQueue<long> consumerOffsets = new();

        public HeldWorkers(FilePipeReader reader) => reader.BeforeParallelRead = this.BeforeRead;

        public long[] ConsumerOffsets => this.consumerOffsets.ToArray();

        public void Release() => this.released.Set();

        public Task ReachedAsync(long offset) => this.Reached(offset).Task.WaitAsync(TestTimeout.Limit);

        private TaskCompletionSource Reached(long offset) =>
            this.reached.GetOrAdd(offset, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));

        private void BeforeRead(long offset)
        {
            if (onConsumer)
            {
                this.consumerOffsets.Enqueue(offset);
                return;
            }

            this.Reached(offset).TrySetResult();
            if (!this.released.Wait(TestTimeout.Limit))
            {
                throw new TimeoutException($"the worker's read at {offset} was never released");
            }
        }
    }
}
