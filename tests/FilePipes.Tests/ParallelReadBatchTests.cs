using System.IO.Pipelines;
using Microsoft.Win32.SafeHandles;

namespace FilePipes.Tests;

/// <summary>
/// A run rents its segments and hands them over in batches (64 KiB of reads, 16 at 4 KiB) under one lock each, not one
/// lock per read; a short read or an error inside a batch ends the run there, after the bytes before it, and gives the
/// batch's unread segments back. Reads are ordered with <see cref="ReadGate"/>, never by timing.
/// </summary>
public sealed class ParallelReadBatchTests : IDisposable
{
    private const int Segment = 4096;
    private const int Batch = 16;
    private const int Large = 64 * 1024;

    /// <summary>Runs of 16 segments (one batch at 4 KiB), two at once.</summary>
    private static readonly FilePipeOptions TwoRunsOfSixteen = new() { BufferSize = Segment, ReadAhead = 32, ParallelReads = 2 };

    /// <summary>Runs of 64 segments (four batches at 4 KiB), two at once.</summary>
    private static readonly FilePipeOptions TwoRunsOfSixtyFour = new() { BufferSize = Segment, ReadAhead = 128, ParallelReads = 2 };

    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task ARunTakesTheLockOncePerBatchOfReadsNotOncePerRead()
    {
        string path = this.files.WriteRandom("batched-locks.bin", 256 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfSixteen, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Attach(probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal((0, 0), probe.RunCounts);

        // 256 reads in 16 runs (and one or two past the end): a lock to rent and one to hand over and finish, per run.
        // One lock per read would be more than 256.
        int reads = gate.Offsets.Count;
        Assert.InRange(reads, 256, 258);
        Assert.InRange(probe.RunLocks, 1, reads / 4);
        reader.Complete();
    }

    [Fact]
    public async Task At64KiBEachReadIsHandedOverAlone()
    {
        string path = this.files.WriteRandom("batched-64k.bin", 32 * Large);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Large, ReadAhead = 8, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Attach(probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);

        // A batch is one 64 KiB read: a lock per read to hand it over (and take the next), as before batching.
        Assert.True(probe.RunLocks > gate.Offsets.Count, $"{probe.RunLocks} locks for {gate.Offsets.Count} reads");
        reader.Complete();
    }

    [Fact]
    public async Task OnlyTheFirstRunsFirstReadComesAloneTheOtherRunReadsWholeBatchesMeanwhile()
    {
        // Two runs of 64 segments. The first data is held; the second run, which starts with nothing read, still
        // reads in batches of 16: by the time its last read starts it has taken the lock a handful of times, not 64.
        string path = this.files.WriteRandom("batched-second-run.bin", 128 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfSixtyFour, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(0);
        gate.Attach(probe);

        Assert.False(reader.TryRead(out _));
        await gate.ReachedAsync(127 * Segment);
        Assert.InRange(probe.RunLocks, 1, 8);

        gate.Release(0);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), read);
    }

    [Fact]
    public async Task ARunLongerThanABatchHandsOverEachBatchBeforeReadingTheNext()
    {
        // One run of 64 segments: the first alone, then batches of 16. While the read at 20 is held, the batch before
        // it (1 to 16) is the consumer's already; a run read as one batch would hold it back too.
        string path = this.files.WriteRandom("batched-long-run.bin", 64 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfSixtyFour, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(20 * Segment);
        gate.Attach(probe);

        Assert.False(reader.TryRead(out _));
        await gate.ReachedAsync(20 * Segment);
        Assert.True(reader.TryRead(out ReadResult ready));
        Assert.Equal(17 * Segment, ready.Buffer.Length);
        reader.AdvanceTo(ready.Buffer.End);

        gate.Release(20 * Segment);
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path)[(17 * Segment)..], rest);
    }

    [Fact]
    public async Task TheReadsBeforeAHeldReadOfTheSameBatchWaitForIt()
    {
        (string path, FilePipeReader reader, ReadGate gate) = this.OpenWithTheFourthReadHeld("batched-held.bin");

        // The reader's first data comes in a batch of its own, as soon as it is read.
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(Segment, first.Buffer.Length);
        reader.AdvanceTo(first.Buffer.End);
        await gate.ReachedAsync(3 * Segment);

        // The reads at Segment and 2 × Segment are done, but they are handed over with the rest of their batch, under
        // one lock, after the held read.
        Assert.False(reader.TryRead(out _));
        gate.Release(3 * Segment);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path)[Segment..], read);
    }

    [Fact]
    public async Task TheReadsAfterTheFirstDataComeInABatchThoughTheConsumerHasNotTakenIt()
    {
        (string path, FilePipeReader reader, ReadGate gate) = this.OpenWithTheFourthReadHeld("batched-untaken.bin");

        // TryRead starts the reads and takes nothing: the first data comes alone, and the reads after it are one batch
        // again (not more batches of one while nothing was taken), so the two done ones wait for the held third.
        Assert.False(reader.TryRead(out _));
        await gate.ReachedAsync(3 * Segment);
        Assert.True(reader.TryRead(out ReadResult first));
        Assert.Equal(Segment, first.Buffer.Length);
        reader.AdvanceTo(first.Buffer.End);

        gate.Release(3 * Segment);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path)[Segment..], read);
    }

    /// <remarks>At 64 KiB a batch is one read: the run's later batches are not read either.</remarks>
    [Theory]
    [InlineData(Segment)]
    [InlineData(Large)]
    public async Task AShortReadInTheMiddleOfABatchEndsTheDataThereAndGivesBackTheRestOfTheBatch(int segment)
    {
        int length = (5 * segment) + 100;
        string path = this.files.WriteRandom("batched-short.bin", length);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfSixteen with { BufferSize = segment, Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Attach(probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal((0, 0), probe.RunCounts);
        Assert.Equal(0, probe.SegmentsAwaitingOrder);

        // The first run's batch stopped at the short read: none of its later segments was read (the read at the new
        // end, which ends the data, belongs to the run claimed there).
        Assert.DoesNotContain(gate.Offsets, offset => offset > 5 * segment && offset < Batch * segment && offset % segment == 0);
        AssertEndsOnce(reader);
        reader.Complete();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task AnErrorInTheMiddleOfABatchReachesTheConsumerAfterTheBytesBeforeIt()
    {
        string path = this.files.WriteRandom("batched-error.bin", 40 * Segment);
        byte[] original = File.ReadAllBytes(path);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfSixteen with { Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        var failure = new IOException("injected");
        gate.Fail(5 * Segment, failure);
        gate.Attach(probe);

        (byte[] received, IOException error) = await PipeDrain.ReadUntilFailureAsync<IOException>(reader, TestTimeout.Token());
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        Assert.Same(failure, error);
        Assert.Equal(original[..(5 * Segment)], received);
        Assert.Equal((0, 0), probe.RunCounts);
        Assert.Equal(0, probe.SegmentsAwaitingOrder);
        Assert.DoesNotContain(gate.Offsets, offset => offset > 5 * Segment && offset < Batch * Segment);
        reader.Complete();
        Assert.Equal(0, pool.Outstanding);
    }

    /// <remarks>With the caller's handle left open, the reads after Complete would still succeed: only the run's own
    /// check stops them.</remarks>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task CompleteWhileABatchReadsStopsItAtTheReadInFlight(bool leaveOpen)
    {
        string path = this.files.WriteRandom("batched-complete.bin", 64 * Segment);
        var pool = new OutstandingBlockPool();
        using SafeFileHandle handle = File.OpenHandle(path);
        var probe = new FilePipeReader.Probe();
        FilePipeReader reader = FilePipe.CreateReader(handle, TwoRunsOfSixteen with { Pool = pool, LeaveOpen = leaveOpen, Probe = probe });
        var gate = new ReadGate();
        gate.Hold(3 * Segment);
        gate.Attach(probe);

        Assert.False(reader.TryRead(out _));
        await gate.ReachedAsync(3 * Segment);
        reader.Complete();
        gate.Release(3 * Segment);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        // The held read finishes, and the rest of its batch is not read: the run sees Complete between two reads.
        Assert.DoesNotContain(gate.Offsets, offset => offset > 3 * Segment && offset < Batch * Segment);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(leaveOpen, !handle.IsClosed);
    }

    [Fact]
    public async Task APoolThatRefusesABlockPartWayThroughABatchFailsTheReadsAfterTheBytesBeforeIt()
    {
        string path = this.files.WriteRandom("batched-refused.bin", 64 * Segment);
        byte[] original = File.ReadAllBytes(path);

        // One run at a time, so the blocks go in file order: the first data alone, then three of the next batch of 16.
        var pool = new RefusingPool(blocksGiven: 4);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 16, ParallelReads = 1, Pool = pool }, out FilePipeReader.Probe probe);

        (byte[] received, InsufficientMemoryException failure) =
            await PipeDrain.ReadUntilFailureAsync<InsufficientMemoryException>(reader, TestTimeout.Token());
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        Assert.Same(pool.Refusal, failure);
        Assert.Equal(original[..Segment], received);
        Assert.Equal((0, 0), probe.RunCounts);

        // The three blocks rented before the refusal were recycled, not lost: Complete gives every block back.
        reader.Complete();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task APoolThatRefusesALaterRunsBlockEndsTheDataThereAndNoReadGoesPastIt()
    {
        // 64 KiB: a batch is one read, so each read rents its own block. Runs of four, two at once: A at 0 to 3, B at 4 to 7.
        string path = this.files.WriteRandom("later-run-refused.bin", 16 * Large);
        byte[] original = File.ReadAllBytes(path);
        var pool = new RefusingPool(blocksGiven: 3, refusals: 1);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Large, ReadAhead = 8, ParallelReads = 2, Pool = pool }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(Large);
        gate.Hold(4 * Large);
        gate.Attach(probe);

        // Examined, not consumed, so no block is reused: three rented (A's two, B's first) while both runs are held.
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        await gate.ReachedAsync(Large);
        await gate.ReachedAsync(4 * Large);

        // B's second block is refused while A, before it, still reads: B ends there, and nothing is claimed after it.
        gate.Release(4 * Large);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 1);
        gate.Release(Large);
        (byte[] received, InsufficientMemoryException failure) =
            await PipeDrain.ReadUntilFailureAsync<InsufficientMemoryException>(reader, TestTimeout.Token());
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);

        Assert.Same(pool.Refusal, failure);
        Assert.Equal(original[..(5 * Large)], received);
        Assert.Equal([0, Large, 2 * Large, 3 * Large, 4 * Large], gate.Offsets.Order());
        reader.Complete();
        Assert.Equal(0, pool.Outstanding);
    }

    /// <summary>Two runs of sixteen over 64 segments, the read at 3 × Segment (in the first batch after the first data)
    /// held.</summary>
    private (string Path, FilePipeReader Reader, ReadGate Gate) OpenWithTheFourthReadHeld(string name)
    {
        string path = this.files.WriteRandom(name, 64 * Segment);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfSixteen, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(3 * Segment);
        gate.Attach(probe);
        return (path, reader, gate);
    }

    /// <summary>After the end, a further read says completed again with nothing new: the end came once, with no bytes
    /// after it.</summary>
    private static void AssertEndsOnce(FilePipeReader reader)
    {
        Assert.True(reader.TryRead(out ReadResult result));
        Assert.True(result.IsCompleted);
        Assert.True(result.Buffer.IsEmpty);
        reader.AdvanceTo(result.Buffer.End);
    }
}
