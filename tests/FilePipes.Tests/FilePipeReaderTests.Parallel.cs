using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>Parallel reads: the order reads complete in is chosen through <see cref="ReadGate"/>, never by timing.</summary>
public sealed partial class FilePipeReaderTests
{
    private const int Segment = 4096;

    /// <summary>Runs of two segments, two at once: the second run reads while the first is held.</summary>
    private static readonly FilePipeOptions TwoRunsOfTwo = new() { BufferSize = Segment, ReadAhead = 4, ParallelReads = 2 };

    [Fact]
    public async Task ReadsCompletingOutOfOrderReachTheConsumerInFileOrder()
    {
        string path = this.files.WriteRandom("out-of-order.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(0);
        gate.Attach(probe);

        Assert.False(reader.TryRead(out _));
        await gate.ReachedAsync(0);
        await BackgroundReads.WaitUntilAsync(() => probe.SegmentsAwaitingOrder == 2);

        // The second run is read; the first is not, so nothing may reach the consumer yet.
        Assert.False(reader.TryRead(out _));
        long[] readBeforeRelease = [.. gate.Offsets.Order()];
        gate.Release(0);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal([0, 2 * Segment, 3 * Segment], readBeforeRelease);
    }

    [Fact]
    public async Task AFailedReadReachesTheConsumerAfterTheBytesBeforeItWhileOtherReadsAreInFlight()
    {
        string path = this.files.WriteRandom("fail-in-flight.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        var failure = new IOException("injected");
        gate.Hold(0);
        gate.Fail(2 * Segment, failure);
        gate.Attach(probe);

        Assert.False(reader.TryRead(out _));
        await gate.ReachedAsync(2 * Segment);
        gate.Release(0);

        var output = new MemoryStream();
        Exception error = await Assert.ThrowsAsync<IOException>(async () =>
        {
            while (true)
            {
                ReadResult result = await reader.ReadAsync(TestTimeout.Token());
                output.Write(result.Buffer.ToArray());
                reader.AdvanceTo(result.Buffer.End);
                Assert.False(result.IsCompleted, "the data ended without the error");
            }
        });
        Exception again = await Assert.ThrowsAsync<IOException>(async () => await reader.ReadAsync(TestTimeout.Token()));
        reader.Complete();

        Assert.Same(failure, error);
        Assert.Same(failure, again);
        Assert.Equal(2 * Segment, output.Length);
        Assert.Equal(File.ReadAllBytes(path)[..(2 * Segment)], output.ToArray());
    }

    [Fact]
    public async Task CancellationAndCompleteWithReadsInFlightReturnEveryBlock()
    {
        string path = this.files.WriteRandom("cancel-in-flight.bin", 20 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo with { Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(0);
        gate.Attach(probe);

        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(TestTimeout.Token());
        ValueTask<ReadResult> pending = reader.ReadAsync(cancel.Token);
        await gate.ReachedAsync(0);
        await cancel.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await pending);

        ValueTask<ReadResult> second = reader.ReadAsync(TestTimeout.Token());
        reader.CancelPendingRead();
        ReadResult canceled = await second;
        Assert.True(canceled.IsCanceled);
        Assert.Equal(0, canceled.Buffer.Length);
        reader.AdvanceTo(canceled.Buffer.End);

        // Complete while the first read is still held: its block must come back once it returns.
        reader.Complete();
        gate.Release(0);
        await BackgroundReads.WaitUntilAsync(() => pool.Outstanding == 0);
    }

    [Fact]
    public async Task AFileTruncatedDuringParallelReadsCompletesAtItsNewEnd()
    {
        string path = this.files.WriteRandom("parallel-truncated.bin", 1_000_000);
        byte[] original = File.ReadAllBytes(path);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 8, ParallelReads = 2 }, out FilePipeReader.Probe probe);

        // Truncated before the first read, while the second run (within the new length) may already be read.
        probe.BeforeParallelRead = offset =>
        {
            if (offset == 0)
            {
                using var truncate = File.OpenHandle(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
                RandomAccess.SetLength(truncate, 100_000);
            }
        };

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(original[..100_000], read);
    }

    [Fact]
    public async Task AFileGrownDuringParallelReadsIsReadToItsNewEnd()
    {
        string path = this.files.WriteRandom("parallel-grown.bin", 50_000);
        byte[] tail = new byte[30_000];
        Random.Shared.NextBytes(tail);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 8, ParallelReads = 2 }, out FilePipeReader.Probe probe);

        // Grown before the first read; no run past the old end can be claimed until the first run is read.
        probe.BeforeParallelRead = offset =>
        {
            if (offset == 0)
            {
                using var grow = File.OpenHandle(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite);
                RandomAccess.Write(grow, tail, 50_000);
            }
        };

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal(80_000, read.Length);
    }

    [Theory]
    [InlineData(0, -1)]
    [InlineData(5000, 100_000)]
    [InlineData(Segment, 3 * Segment)]
    [InlineData(123, 1)]
    [InlineData(300_000, 50)]
    public async Task AParallelReaderReadsExactlyItsRange(long offset, long length)
    {
        string path = this.files.WriteRandom("parallel-range.bin", 200_003);
        byte[] all = File.ReadAllBytes(path);
        FilePipeReader reader = FilePipe.OpenReader(
            path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 6, ParallelReads = 3, Offset = offset, Length = length });

        byte[] read = await PipeDrain.ReadInStepsAsync(reader, 1000, TestTimeout.Token());
        reader.Complete();

        int start = (int)Math.Min(offset, all.Length);
        int end = length < 0 ? all.Length : (int)Math.Min(all.Length, offset + length);
        Assert.Equal(all[start..end], read);
    }

    [LinuxFact("FIFOs are made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AFifoIsReadSequentiallyEvenWhenParallelReadsAreAskedFor()
    {
        string fifo = Fifo.Make(this.files, "parallel.fifo");
        byte[] payload = new byte[200_000];
        Random.Shared.NextBytes(payload);
        var gate = new ReadGate();
        var probe = new FilePipeReader.Probe();
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo, TwoRunsOfTwo with { Probe = probe }));
        gate.Attach(probe);

        Task writing = Task.Run(() => Fifo.WriteAndClose(writer, payload));
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        await writing.WaitAsync(Fifo.Timeout);
        reader.Complete();

        Assert.True(reader.IsSequentialFallback);
        Assert.Equal(payload, read);
        Assert.Empty(gate.Offsets);
    }

    [Fact]
    public async Task ParallelReadsHoldNoMoreThanReadAheadBeyondWhatTheConsumerHolds()
    {
        const int ReadAhead = 6;
        string path = this.files.WriteRandom("parallel-bound.bin", 400 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(
            path, new FilePipeOptions { BufferSize = Segment, ReadAhead = ReadAhead, ParallelReads = 3, Pool = pool });

        // A consumer that examines everything and consumes nothing holds all it was given; the reads may add at most
        // ReadAhead segments to that. A bound on memory, not on time: the pause gives an unbounded reader room to grow.
        long held = 0;
        for (int i = 0; i < 5; i++)
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            held = result.Buffer.Length / Segment;
            await Task.Delay(50, TestTimeout.Token());
            Assert.InRange(pool.Outstanding, 1, held + ReadAhead);
            reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }

        // A consumer that takes everything each time: the reads and the recycled spares stay within twice the depth.
        int peak = 0;
        for (bool ended = false; !ended;)
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            ended = result.IsCompleted;
            reader.AdvanceTo(result.Buffer.End);
            peak = Math.Max(peak, pool.Outstanding);
        }

        reader.Complete();
        Assert.InRange(peak, 1, held + (2 * ReadAhead));

        // A run discarded past the end may still be reading when Complete returns: its block comes back when it ends.
        await BackgroundReads.WaitUntilAsync(() => pool.Outstanding == 0);
    }

    [Fact]
    public async Task NoMoreRunsThanParallelReadsAreInFlightEvenWithRoomForAnother()
    {
        // Three segments of read-ahead over two reads make runs of one, with room for a third run that must wait.
        string path = this.files.WriteRandom("run-limit.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 3, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(0);
        gate.Hold(Segment);
        gate.Hold(2 * Segment);
        gate.Attach(probe);

        // Runs are claimed inside the call, and none can end while its read is held.
        Assert.False(reader.TryRead(out _));
        Assert.Equal((2, 2), probe.RunCounts);
        await gate.ReachedAsync(0);
        await gate.ReachedAsync(Segment);

        gate.Release(0);
        gate.Release(Segment);
        gate.Release(2 * Segment);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);
        Assert.Equal((0, 0), probe.RunCounts);
        Assert.Equal(0, probe.SegmentsAwaitingOrder);
        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), read);
    }

    [Fact]
    public async Task ParallelReadsOfARangeEndingAtARunsEndReadNothingPastIt()
    {
        // Two runs of two cover the range exactly: no run is claimed at its end, where a read could only return nothing.
        string path = this.files.WriteRandom("range-end.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo with { Length = 4 * Segment }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(2 * Segment);
        gate.Attach(probe);

        // Run A ends first, while B is held: the claims meet the range's end before the data does.
        Task<byte[]> reading = PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        await gate.ReachedAsync(2 * Segment);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 1);
        gate.Release(2 * Segment);
        byte[] read = await reading;
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path)[..(4 * Segment)], read);
        Assert.Equal([0, Segment, 2 * Segment, 3 * Segment], gate.Offsets.Order());
    }

    [Fact]
    public async Task ARunThatEndsClaimsTheNextOneWithoutWaitingForTheConsumer()
    {
        string path = this.files.WriteRandom("claim-on-finish.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(Segment);
        gate.Hold(3 * Segment);
        gate.Attach(probe);

        // The consumer takes the first segment and then makes no call: both runs are still in flight meanwhile.
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(Segment, first.Buffer.Length);
        reader.AdvanceTo(first.Buffer.End);

        // Run B ends while A reads, with no room for a run of two; then A ends, and the room left (one segment) is
        // claimed by A's reader as it finishes: the read at 4 × Segment starts with the consumer idle.
        gate.Release(3 * Segment);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 1);
        gate.Release(Segment);
        await gate.ReachedAsync(4 * Segment);

        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path)[Segment..], rest);
    }

    [Fact]
    public async Task TakingAResultMakesRoomForTheReadsBeforeTheConsumerAdvances()
    {
        // Reading overlaps parsing: the room a result frees (the segments read since the one before) is claimed when the
        // consumer takes it, while it parses, not when it advances.
        string path = this.files.WriteRandom("room-on-take.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 2, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Attach(probe);
        CancellationToken timeout = TestTimeout.Token();

        // Examined and kept: the reads fill the read-ahead beyond it, and stop.
        ReadResult first = await reader.ReadAsync(timeout);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts == (0, 0));
        int segmentsRead = gate.Offsets.Count;

        ReadResult second = await reader.ReadAsync(timeout);
        Assert.True(second.Buffer.Length > first.Buffer.Length);
        await gate.ReachedAsync(segmentsRead * Segment);
        byte[] taken = second.Buffer.ToArray();
        reader.AdvanceTo(second.Buffer.End);
        byte[] rest = await PipeDrain.ReadAllAsync(reader, timeout);
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), taken.Concat(rest).ToArray());
    }

    [Fact]
    public async Task CompleteWhileAReadWaitsFailsThatReadAsAReadAfterComplete()
    {
        var pipe = new Pipe();
        pipe.Reader.Complete();
        Exception? afterComplete = await Record.ExceptionAsync(async () => await pipe.Reader.ReadAsync(TestTimeout.Token()));

        string path = this.files.WriteRandom("complete-while-waiting.bin", 8 * Segment);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo with { Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(0);
        gate.Attach(probe);

        // The first read waits for the first segment, whose read is held.
        ValueTask<ReadResult> waiting = reader.ReadAsync(TestTimeout.Token());
        await gate.ReachedAsync(0);
        Assert.False(waiting.IsCompleted);
        reader.Complete();
        Exception? actual = await Record.ExceptionAsync(async () => await waiting.AsTask().WaitAsync(TestTimeout.Token()));

        // The held read's block goes back once the read returns.
        gate.Release(0);
        await BackgroundReads.WaitUntilAsync(() => pool.Outstanding == 0);

        Assert.IsType<InvalidOperationException>(afterComplete);
        Assert.Equal(afterComplete.GetType(), actual?.GetType());
        Assert.Equal(afterComplete.Message, actual!.Message);
    }
}
