namespace FilePipes.Tests;

/// <summary>
/// A short read ends the data where it stopped, so the runs after it are discarded: whether still reading or already
/// read, a discarded run stops, gives its segments back (to the read-ahead bound and to the pool) and its run object
/// back for reuse. Reads are ordered with <see cref="ReadGate"/>; these tests look for the reader's runs in
/// <see cref="ParallelReadRun.Stored"/>, so they run alone (<see cref="AllocationCountingCollection"/>).
/// </summary>
[Collection(AllocationCountingCollection.Name)]
public sealed class ParallelRunDiscardTests : IDisposable
{
    private const int Segment = 4096;
    private const int NewLength = Segment + 100;

    /// <summary>Runs of two segments, two at once: run A at 0 and 1, run B at 2 and 3.</summary>
    private static readonly FilePipeOptions TwoRunsOfTwo = new() { BufferSize = Segment, ReadAhead = 4, ParallelReads = 2 };

    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    /// <remarks>At 64 KiB each read is a batch of its own, so run B has a second batch to stop before.</remarks>
    [Theory]
    [InlineData(Segment)]
    [InlineData(64 * 1024)]
    public async Task ARunDiscardedWhileItReadsStopsAndGivesBackItsSegmentsAndItself(int segment)
    {
        int newLength = segment + 100;
        string path = this.files.WriteRandom("discard-in-flight.bin", 20 * segment);
        byte[] original = File.ReadAllBytes(path);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo with { BufferSize = segment, Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();

        // Run B is held at its first read while run A's second read meets the file truncated inside it.
        gate.Hold(2 * segment);
        gate.Attach(probe);
        Action<long> gated = probe.BeforeParallelRead!;
        probe.BeforeParallelRead = offset =>
        {
            if (offset == segment)
            {
                Truncate(path, newLength);
            }

            gated(offset);
        };

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        gate.Release(2 * segment);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        Assert.Equal(original[..newLength], read);
        Assert.Equal((0, 0), probe.RunCounts);
        Assert.Equal(0, probe.SegmentsAwaitingOrder);

        // A's two reads, B's held one and nothing after it (a discarded run does not go on to its next segment), and
        // the read at the new end that ends the data.
        Assert.Equal([0, segment, newLength, 2 * segment], gate.Offsets.Order());
        reader.Complete();

        // Two runs served every claim (the run claimed at the short read's end is A's again), and both are stored.
        Assert.Equal(2, probe.RunsTaken);
        Assert.Equal(2, StoredRunsOf(reader));
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task ARunDiscardedAfterItReadRecyclesTheSegmentsThatWaitedForTheirTurn()
    {
        string path = this.files.WriteRandom("discard-read.bin", 20 * Segment);
        byte[] original = File.ReadAllBytes(path);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo with { Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();

        // Run A's second read is held until run B has read both its segments; then it meets the file truncated.
        gate.Hold(Segment);
        gate.Attach(probe);
        Action<long> gated = probe.BeforeParallelRead!;
        probe.BeforeParallelRead = offset =>
        {
            gated(offset);
            if (offset == Segment)
            {
                Truncate(path, NewLength);
            }
        };

        Assert.False(reader.TryRead(out _));
        await BackgroundReads.WaitUntilAsync(() => probe.SegmentsAwaitingOrder == 2);
        gate.Release(Segment);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        Assert.Equal(original[..NewLength], read);
        Assert.Equal((0, 0), probe.RunCounts);
        Assert.Equal(0, probe.SegmentsAwaitingOrder);
        // Every segment up to the short read once, and past it only the one or two runs claimed there, which read
        // nothing: the first of them ends the claims.
        Assert.Equal([0, Segment, 2 * Segment, 3 * Segment], gate.Offsets.Where(offset => offset % Segment == 0).Order());
        Assert.InRange(gate.Offsets.Count(offset => offset % Segment != 0), 1, 2);
        reader.Complete();

        // The discarded run was a spare again at once: the claims after the short read needed no third run.
        Assert.Equal(2, probe.RunsTaken);
        Assert.Equal(2, StoredRunsOf(reader));
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task ACompletedReaderStoresItsRunsWhetherDoneOrStillReading()
    {
        string path = this.files.WriteRandom("complete-runs.bin", 20 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(0);
        gate.Attach(probe);

        // Run B has read and waits for run A, which is held: Complete stores B now, and A once its read returns.
        Assert.False(reader.TryRead(out _));
        await BackgroundReads.WaitUntilAsync(() => probe.SegmentsAwaitingOrder == 2);
        reader.Complete();
        gate.Release(0);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        Assert.Equal(2, probe.RunsTaken);
        Assert.Equal(2, StoredRunsOf(reader));
    }

    [Fact]
    public async Task AReaderThatReadItsFileWholeStoresTheRunsItBuilt()
    {
        string path = this.files.WriteRandom("whole-runs.bin", 20 * Segment);

        // The store emptied first, so the reader builds every run it takes.
        var others = new List<ParallelReadRun>();
        for (ParallelReadRun? run = ParallelReadRun.Stored.Take(); run is not null; run = ParallelReadRun.Stored.Take())
        {
            others.Add(run);
        }

        try
        {
            FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfTwo, out FilePipeReader.Probe probe);
            byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);
            Assert.Equal((0, 0), probe.RunCounts);
            reader.Complete();

            // Every run ended before Complete, so all are spares then, and all are stored; at least two were in flight.
            Assert.Equal(File.ReadAllBytes(path), read);
            Assert.InRange(probe.RunsTaken, 2, 4);
            Assert.Equal(probe.RunsTaken, StoredRunsOf(reader));
        }
        finally
        {
            foreach (ParallelReadRun run in others)
            {
                ParallelReadRun.Stored.Return(run);
            }
        }
    }

    private static void Truncate(string path, long length)
    {
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
        RandomAccess.SetLength(handle, length);
    }

    /// <summary>Counts the runs of <paramref name="reader"/> the store holds (another test's reader may take from it
    /// or return to it meanwhile, but not runs of this reader).</summary>
    private static int StoredRunsOf(FilePipeReader reader)
    {
        var stored = new List<ParallelReadRun>();
        for (ParallelReadRun? run = ParallelReadRun.Stored.Take(); run is not null; run = ParallelReadRun.Stored.Take())
        {
            stored.Add(run);
        }

        foreach (ParallelReadRun run in stored)
        {
            ParallelReadRun.Stored.Return(run);
        }

        return stored.Count(run => run.Reader == reader);
    }
}
