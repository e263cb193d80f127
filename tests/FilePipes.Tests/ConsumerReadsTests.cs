using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A parallel reader of segments of 64 KiB and more whose consumer finds nothing ready reads a segment no worker has
/// started, on its own thread, instead of waiting to be woken: the head of a run whose work item has not begun, or the
/// last unstarted segment of one being read. Workers are held at their reads here, so which segments the consumer
/// takes is decided, not timed.
/// </summary>
public sealed class ConsumerReadsTests : IDisposable
{
    private const int Segment = 64 * 1024;

    /// <summary>Two runs of four segments at once.</summary>
    private static readonly FilePipeOptions TwoRunsOfFour = new() { BufferSize = Segment, ReadAhead = 8, ParallelReads = 2 };

    [ThreadStatic]
    private static bool onConsumer;

    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task AConsumerWithNothingReadyReadsWhatNoWorkerStartedAndGetsEveryByteInOrder()
    {
        string path = this.files.WriteRandom("consumer-reads.bin", 12 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfFour, out FilePipeReader.Probe probe);
        var workers = new HeldWorkers(probe);

        // The first read: the first run's work item cannot have begun (the read claimed the run under the lock a moment
        // before), so the consumer reads its head and returns it without waiting.
        ValueTask<ReadResult> first = ReadAsConsumer(reader);
        Assert.True(first.IsCompleted);
        var output = new MemoryStream();
        await TakeAsync(reader, first, output);
        Assert.Equal(Segments(0), workers.ConsumerOffsets);

        // Both work items now hold their next segment (1 and 4) at its read.
        await workers.ReachedAsync(Segment);
        await workers.ReachedAsync(4 * Segment);

        // Nothing is ready: the consumer reads each run's unstarted segments from the last, and then waits.
        ValueTask<ReadResult> second = ReadAsConsumer(reader);
        Assert.False(second.IsCompleted);
        Assert.Equal(Segments(0, 3, 2, 7, 6, 5), workers.ConsumerOffsets);
        Assert.Equal(6, probe.ConsumerRuns);

        workers.Release();
        await DrainAsync(reader, second, output);

        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
        await WaitUntilAsync(() => probe.RunCounts == (0, 0));
        reader.Complete();
    }

    [Fact]
    public async Task ARunClaimedAfterTheConsumerReadTheLastRunsTailComesAfterThatTail()
    {
        string path = this.files.WriteRandom("consumer-tail.bin", 12 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfFour, out FilePipeReader.Probe probe);
        var workers = new HeldWorkers(probe);
        var output = new MemoryStream();
        await TakeAsync(reader, ReadAsConsumer(reader), output);
        await workers.ReachedAsync(Segment);
        await workers.ReachedAsync(4 * Segment);

        // The consumer reads the unstarted tails of both runs (3 and 2, then 7, 6 and 5: the last run's tail is now the
        // queue's last), and waits. The first run's worker goes on; taking its bytes makes room for a third run (8 to 11),
        // which must be queued after 7, while the second run's worker is still held at 4. The consumer reads again only
        // once the third run's worker holds its head, so it cannot take that run's head itself.
        ValueTask<ReadResult> pending = ReadAsConsumer(reader);
        Assert.Equal(Segments(0, 3, 2, 7, 6, 5), workers.ConsumerOffsets);
        workers.Release(Segment);
        await TakeAsync(reader, pending, output);
        Assert.Equal(4 * Segment, output.Length);
        await workers.ReachedAsync(8 * Segment);

        workers.Release();
        await DrainAsync(reader, ReadAsConsumer(reader), output);

        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
        await WaitUntilAsync(() => probe.RunCounts == (0, 0));
        reader.Complete();
    }

    [Fact]
    public async Task AConsumerThatTakesTheLastRunWholeLeavesTheQueueWhole()
    {
        // Runs of one segment, three at once; their work items start only when the test runs them.
        string path = this.files.WriteRandom("consumer-last-run.bin", 8 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 3, ParallelReads = 3 }, out FilePipeReader.Probe probe);
        var workers = new HeldWorkers(probe);
        var queued = new ConcurrentQueue<IThreadPoolWorkItem>();
        bool started = false;
        probe.QueueRun = item =>
        {
            if (Volatile.Read(ref started))
            {
                ThreadPool.UnsafeQueueUserWorkItem(item, preferLocal: false);
            }
            else
            {
                queued.Enqueue(item);
            }
        };

        // The consumer takes the first run (segment 0) whole. Then the second run's work item starts and is held at its
        // read, and the consumer, with nothing ready, takes the third run (segment 2), the last one queued, whole.
        var output = new MemoryStream();
        await TakeAsync(reader, ReadAsConsumer(reader), output);
        Assert.True(queued.TryDequeue(out IThreadPoolWorkItem? first));
        Assert.True(queued.TryDequeue(out IThreadPoolWorkItem? second));
        Assert.True(queued.TryDequeue(out IThreadPoolWorkItem? third));
        Task held = Task.Run(second.Execute, TestTimeout.Token());
        await workers.ReachedAsync(Segment);
        ValueTask<ReadResult> pending = ReadAsConsumer(reader);
        Assert.False(pending.IsCompleted);
        Assert.Equal(Segments(0, 2), workers.ConsumerOffsets);

        // The first run's emptied work item finishes and claims the next run (segment 3), which must be queued after the
        // consumer's, or its bytes never reach the consumer.
        first.Execute();
        workers.Release();
        await held.WaitAsync(TestTimeout.Token());
        await TakeAsync(reader, pending, output);
        while (output.Length < 3 * Segment)
        {
            await TakeAsync(reader, ReadAsConsumer(reader), output);
        }

        // The third run's emptied work item has still not run, and holds nothing back: the consumer takes segment 3 (its
        // run unstarted) and has it at once.
        ValueTask<ReadResult> next = ReadAsConsumer(reader);
        Assert.True(next.IsCompleted);
        await TakeAsync(reader, next, output);
        Assert.Equal(Segments(0, 2, 3), workers.ConsumerOffsets);

        Volatile.Write(ref started, true);
        third.Execute();
        while (queued.TryDequeue(out IThreadPoolWorkItem? later))
        {
            later.Execute();
        }

        await DrainAsync(reader, ReadAsConsumer(reader), output);

        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
        await WaitUntilAsync(() => probe.RunCounts == (0, 0));

        // A run the consumer emptied is a spare again once its work item finishes: at most the three in flight, the
        // consumer's own and one finishing were ever taken (4 here; 9 if each emptied run were lost).
        Assert.InRange(probe.RunsTaken, 1, 5);
        reader.Complete();
    }

    [Fact]
    public async Task AnErrorInTheConsumersOwnReadComesOnceAfterTheBytesBeforeIt()
    {
        string path = this.files.WriteRandom("consumer-error.bin", 12 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfFour with { Pool = pool }, out FilePipeReader.Probe probe);
        var failure = new IOException("the consumer's read failed");
        var workers = new HeldWorkers(probe, offset =>
        {
            if (offset == 3 * Segment)
            {
                throw failure;
            }
        });

        // The consumer reads 0, then (the workers held at 1 and 4) 3, which fails, and 2; the error ends the data at 3.
        var output = new MemoryStream();
        await TakeAsync(reader, ReadAsConsumer(reader), output);
        await workers.ReachedAsync(Segment);
        await workers.ReachedAsync(4 * Segment);
        ValueTask<ReadResult> pending = ReadAsConsumer(reader);
        Assert.Equal(Segments(0, 3, 2), workers.ConsumerOffsets);
        workers.Release();
        for (bool ended = await TakeAsync(reader, pending, output); !ended && output.Length < 3 * Segment;)
        {
            ended = await TakeAsync(reader, ReadAsConsumer(reader), output);
        }

        Assert.Same(failure, await Assert.ThrowsAsync<IOException>(() => TakeAsync(reader, ReadAsConsumer(reader), output)));
        Assert.Equal(File.ReadAllBytes(path)[..(3 * Segment)], output.ToArray());
        reader.Complete();
        await WaitUntilAsync(() => pool.Outstanding == 0);
        Assert.Equal(0, pool.DoubleReleases);
    }

    [Fact]
    public async Task CompleteDuringTheConsumersOwnReadGivesEveryBlockBack()
    {
        string path = this.files.WriteRandom("consumer-complete.bin", 12 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfFour with { Pool = pool }, out FilePipeReader.Probe probe);

        // Complete from inside the consumer's own read (as another thread's Complete would land): the read ends, the
        // call throws as any read after Complete does, and the blocks of every run come back.
        probe.BeforeParallelRead = offset =>
        {
            if (onConsumer)
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
        string path = this.files.WriteRandom("consumer-truncated.bin", 12 * Segment);
        byte[] original = File.ReadAllBytes(path);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfFour, out FilePipeReader.Probe probe);
        var workers = new HeldWorkers(probe, offset =>
        {
            if (offset == 3 * Segment)
            {
                using var truncate = File.OpenHandle(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
                RandomAccess.SetLength(truncate, (3 * Segment) + 100);
            }
        });

        // The consumer's read of segment 3 comes back short: the data ends there, after the workers' segment 1.
        var output = new MemoryStream();
        await TakeAsync(reader, ReadAsConsumer(reader), output);
        await workers.ReachedAsync(Segment);
        await workers.ReachedAsync(4 * Segment);
        ValueTask<ReadResult> pending = ReadAsConsumer(reader);
        workers.Release();
        await DrainAsync(reader, pending, output);

        await WaitUntilAsync(() => probe.RunCounts == (0, 0));
        reader.Complete();
        Assert.Equal(original[..((3 * Segment) + 100)], output.ToArray());
    }

    [Theory]
    [InlineData(Segment, 8, 1, false)]
    [InlineData(Segment, 8, 2, true)]
    [InlineData(4096, 8, 2, false)]
    [InlineData(Segment, 2, 2, true)]
    [InlineData(Segment, 3, 3, true)]
    public async Task OnlyAParallelReaderOfLargeSegmentsHasItsConsumerRead(int bufferSize, int readAhead, int parallelReads, bool consumerReads)
    {
        // Read-ahead alone keeps its one background read; smaller segments come in batches, whose wake-ups are few.
        // Runs of one segment: the consumer takes whole runs, which leave the queue (and the last run's place) to it.
        string path = this.files.WriteRandom("consumer-parallel-only.bin", (40 * Segment) + 7);
        FilePipeReader reader = Probes.OpenReader(
            path, new FilePipeOptions { BufferSize = bufferSize, ReadAhead = readAhead, ParallelReads = parallelReads }, out FilePipeReader.Probe probe);

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        await WaitUntilAsync(() => probe.RunCounts == (0, 0));
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal(consumerReads, probe.ConsumerRuns > 0);
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

    /// <summary>Takes a result's bytes into <paramref name="output"/> and consumes them.</summary>
    /// <returns>Whether the data ended.</returns>
    private static async Task<bool> TakeAsync(PipeReader reader, ValueTask<ReadResult> read, MemoryStream output)
    {
        ReadResult result = await read;
        output.Write(result.Buffer.ToArray());
        reader.AdvanceTo(result.Buffer.End);
        return result.IsCompleted;
    }

    /// <summary>Takes <paramref name="read"/>'s bytes and every later read's, as the consumer, to the end of the data.</summary>
    private static async Task DrainAsync(PipeReader reader, ValueTask<ReadResult> read, MemoryStream output)
    {
        for (bool ended = await TakeAsync(reader, read, output); !ended;)
        {
            ended = await TakeAsync(reader, ReadAsConsumer(reader), output);
        }
    }

    private static long[] Segments(params int[] indexes) => indexes.Select(i => (long)i * Segment).ToArray();

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        using var deadline = new CancellationTokenSource(TestTimeout.Limit);
        while (!condition())
        {
            await Task.Delay(1, deadline.Token);
        }
    }

    /// <summary>Holds every worker's read until released (all, or one offset), and records (and acts on) the reads the
    /// consumer makes itself.</summary>
    private sealed class HeldWorkers
    {
        private readonly ManualResetEventSlim released = new();
        private readonly ConcurrentDictionary<long, ManualResetEventSlim> releasedAlone = new();
        private readonly ConcurrentDictionary<long, TaskCompletionSource> reached = new();
        private readonly ConcurrentQueue<long> consumerOffsets = new();
        private readonly Action<long>? onConsumerRead;

        public HeldWorkers(FilePipeReader.Probe probe, Action<long>? onConsumerRead = null)
        {
            this.onConsumerRead = onConsumerRead;
            probe.BeforeParallelRead = this.BeforeRead;
        }

        public long[] ConsumerOffsets => this.consumerOffsets.ToArray();

        public void Release() => this.released.Set();

        public void Release(long offset) => this.ReleasedAlone(offset).Set();

        public Task ReachedAsync(long offset) => this.Reached(offset).Task.WaitAsync(TestTimeout.Limit);

        private ManualResetEventSlim ReleasedAlone(long offset) => this.releasedAlone.GetOrAdd(offset, _ => new ManualResetEventSlim());

        private TaskCompletionSource Reached(long offset) =>
            this.reached.GetOrAdd(offset, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));

        private void BeforeRead(long offset)
        {
            if (onConsumer)
            {
                this.consumerOffsets.Enqueue(offset);
                this.onConsumerRead?.Invoke(offset);
                return;
            }

            this.Reached(offset).TrySetResult();
            if (WaitHandle.WaitAny([this.released.WaitHandle, this.ReleasedAlone(offset).WaitHandle], TestTimeout.Limit) == WaitHandle.WaitTimeout)
            {
                throw new TimeoutException($"the worker's read at {offset} was never released");
            }
        }
    }
}
