using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    private const int RunBytes = ReadSchedule.AutomaticRunBytes;

    [Theory]
    [InlineData(4096, 0, -1)]
    [InlineData(65536, 0, -1)]
    [InlineData(65536, 1000, (4 * AutomaticThreshold) + 333)]
    public async Task ByDefaultReadsInFlightThatDoNotPayStopAndTheRestIsReadInline(int bufferSize, long offset, long length)
    {
        string path = this.files.WriteRandom("stops.bin", (5 * AutomaticThreshold) + 4321);
        FilePipeReader reader = Probes.OpenReader(
            path, new FilePipeOptions { BufferSize = bufferSize, Offset = offset, Length = length }, CheckClock.ReadsInFlightDoNotPay(), out FilePipeReader.Probe probe);
        int queued = 0;
        probe.QueueRun = run =>
        {
            Interlocked.Increment(ref queued);
            ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
        };
        CancellationToken timeout = TestTimeout.Token();

        // Once the reader is inline again, every read completes on the consumer's thread.
        var output = new MemoryStream();
        bool wentInParallel = false;
        int inlineReadsAfter = 0;
        for (int reads = 0; ; reads++)
        {
            Assert.True(reads < PipeDrain.MaxReads, "the reader did not complete");
            bool inlineAgain = wentInParallel && probe.Schedule.ReadAhead == 0;
            ValueTask<ReadResult> pending = reader.ReadAsync(timeout);
            if (inlineAgain)
            {
                Assert.True(pending.IsCompleted);
                inlineReadsAfter++;
            }

            ReadResult result = await pending;
            wentInParallel |= probe.Schedule.ReadAhead > 0;
            foreach (ReadOnlyMemory<byte> memory in result.Buffer)
            {
                output.Write(memory.Span);
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);
        reader.Complete();

        byte[] file = await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken);
        Assert.Equal(file.AsSpan((int)offset, length < 0 ? file.Length - (int)offset : (int)length).ToArray(), output.ToArray());
        Assert.True(wentInParallel);
        Assert.Equal(0, probe.Schedule.ReadAhead);
        Assert.True(inlineReadsAfter > 0);

        // The runs read about the window of reads in flight (four runs) and what was in flight then, not the rest of
        // the file: 16 runs and more.
        Assert.InRange(queued, 1, 8);
        Assert.Equal((0, 0), probe.RunCounts);
    }

    [Theory]
    [InlineData(4096)]
    [InlineData(65536)]
    public async Task ByDefaultReadsInFlightThatPayReadTheRestOfTheFile(int bufferSize)
    {
        string path = this.files.WriteRandom("pays.bin", (5 * AutomaticThreshold) + 4321);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = bufferSize }, CheckClock.ReadsInFlightPay(), out FilePipeReader.Probe probe);
        int queued = 0;
        probe.QueueRun = run =>
        {
            Interlocked.Increment(ref queued);
            ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
        };

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);
        reader.Complete();

        Assert.Equal(await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken), read);
        Assert.Equal(ReadSchedule.AutomaticParallelReads, probe.Schedule.ParallelReads);

        // Everything after the inline window (the first read and 256 KiB), in runs of 256 KiB at most: the consumer
        // may split runs at 64 KiB, which only adds runs.
        Assert.True(queued >= ((5 * AutomaticThreshold) - RunBytes - bufferSize) / RunBytes, $"{queued} runs");
    }

    [Fact]
    public async Task ByDefaultTheFirstReadsAfterTheChoiceStayInlineWhileTheyAreTimed()
    {
        string path = this.files.WriteRandom("timed.bin", 2 * AutomaticThreshold);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 65536 }, out FilePipeReader.Probe probe);
        CancellationToken timeout = TestTimeout.Token();

        // The first read, then 256 KiB: five reads of 64 KiB, each on the consumer's thread.
        for (int i = 0; i < 5; i++)
        {
            Assert.Equal(0, probe.Schedule.ReadAhead);
            ValueTask<ReadResult> pending = reader.ReadAsync(timeout);
            Assert.True(pending.IsCompleted);
            ReadResult result = await pending;
            Assert.Equal(65536, result.Buffer.Length);
            reader.AdvanceTo(result.Buffer.End);
        }

        Assert.Equal(new ReadSchedule(8, ReadSchedule.AutomaticParallelReads), probe.Schedule);
        byte[] rest = await PipeDrain.ReadAllAsync(reader, timeout);
        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path)[(5 * 65536)..], rest);
    }

    [Fact]
    public async Task ByDefaultAReaderThatStoppedItsReadsInFlightGoesInlineWhileRunsItsConsumerEmptiedAreStillQueued()
    {
        // 64 KiB segments: a consumer that finds nothing ready reads segments of runs no worker has started. The runs
        // claimed after the first four are held back from the pool, so the consumer empties them itself.
        string path = this.files.WriteRandom("emptied.bin", (5 * AutomaticThreshold) + 4321);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 65536 }, CheckClock.ReadsInFlightDoNotPay(), out FilePipeReader.Probe probe);
        var held = new List<IThreadPoolWorkItem>();
        int queued = 0;
        probe.QueueRun = run =>
        {
            lock (held)
            {
                if (++queued <= 4 || probe.Schedule.ParallelReads == 0)
                {
                    ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
                    return;
                }

                held.Add(run);
            }
        };

        // Once reads in flight have stopped, the held runs, emptied or not, are let go.
        Task releaser = Task.Run(async () =>
        {
            await BackgroundReads.WaitUntilAsync(() => probe.Schedule.ParallelReads == 0);
            lock (held)
            {
                foreach (IThreadPoolWorkItem run in held)
                {
                    ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
                }

                held.Clear();
            }
        }, TestContext.Current.CancellationToken);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);
        await releaser.WaitAsync(TestTimeout.Token());
        reader.Complete();

        Assert.Equal(await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken), read);
        Assert.Equal(new ReadSchedule(0, 0), probe.Schedule);
        Assert.True(probe.ConsumerRuns > 0);
        Assert.Equal((0, 0), probe.RunCounts);
    }
}
