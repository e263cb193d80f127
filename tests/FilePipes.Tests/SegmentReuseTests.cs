using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// Readers over the shared pool leave their segments, blocks and runs for the next reader (SegmentStore, RunStore),
/// within a bound. These tests count bytes allocated by the whole process and what the store holds, so they run
/// alone (<see cref="AllocationCountingCollection"/>): another test's readers would take from the store meanwhile.
/// </summary>
[Collection(AllocationCountingCollection.Name)]
public sealed class SegmentReuseTests : IDisposable
{
    private const int Segment = 4096;
    private readonly ScratchFiles files = new();

    /// <summary>Read-ahead and parallel reads at a depth and four times it (8 and 32 segments of 4 KiB).</summary>
    public static TheoryData<int, int> Modes => new()
    {
        { 8, 1 }, // one background read
        { 8, 2 }, // two runs of 4 segments in flight
        { 8, 4 }, // four runs of 2 segments
    };

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task AnInlineReaderThatReadsBuildsNothingMoreThanOneThatDoesNot()
    {
        // Inline reads run on this thread, so its count is exact. A reader that rents a segment from the store
        // allocates what a reader that never reads does; one that built its segment would add the segment, its twin
        // and its pool owner (about 230 B).
        string path = this.files.WriteRandom("inline.bin", 10 * Segment);
        var options = new FilePipeOptions { BufferSize = Segment, ReadAhead = 0 };
        CancellationToken timeout = TestTimeout.Token();
        await DrainAsync(path, options, timeout);
        await DrainAsync(path, options, timeout, read: false);

        long before = GC.GetAllocatedBytesForCurrentThread();
        await DrainAsync(path, options, timeout, read: false);
        long opened = GC.GetAllocatedBytesForCurrentThread() - before;
        before = GC.GetAllocatedBytesForCurrentThread();
        await DrainAsync(path, options, timeout);
        long read = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(opened, read);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task ABackgroundReaderBuildsNoSegmentsOnceAnotherHasRun(int readAhead, int parallelReads)
    {
        // Each reader fills its whole read-ahead: one that built its segments would allocate at least a segment, a twin
        // and a pool owner per segment more at four times the depth (24 segments: above 5 KB). With the stores, what a
        // reader allocates does not depend on its depth.
        string path = this.files.WriteRandom("background.bin", 256 * Segment);
        var shallow = new FilePipeOptions { BufferSize = Segment, ReadAhead = readAhead, ParallelReads = parallelReads };
        FilePipeOptions deep = shallow with { ReadAhead = 4 * readAhead };
        CancellationToken timeout = TestTimeout.Token();
        await DrainAsync(path, deep, timeout);

        long atDepth = await LeastAllocatedByReaderAsync(path, shallow, timeout);
        long atFourTimesDepth = await LeastAllocatedByReaderAsync(path, deep, timeout);

        Assert.InRange(atFourTimesDepth - atDepth, -512, 512);
    }

    [Fact]
    public async Task TheStoreKeepsAtMostOneMebibyteOfBlocksOfALength()
    {
        // A consumer that takes nothing holds every segment: 512 blocks of 4 KiB (2 MiB) come back at once.
        string path = this.files.WriteRandom("held.bin", 512 * Segment);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0 });
        CancellationToken timeout = TestTimeout.Token();
        for (bool ended = false; !ended;)
        {
            ReadResult result = await reader.ReadAsync(timeout);
            ended = result.IsCompleted;
            reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }

        reader.Complete();

        Assert.Equal(SegmentStore.MaxBytesPerLength / Segment, SegmentStore.Stored(Segment));
    }

    [Fact]
    public async Task AStoredBlockServesAReaderOfASmallerSegmentSizeWithSegmentsOfItsSize()
    {
        // 100 and 128 bytes rent the same 128-byte blocks from the shared pool.
        string path = this.files.WriteRandom("resliced.bin", 1_050);
        await DrainAsync(path, new FilePipeOptions { BufferSize = 128, ReadAhead = 0 }, TestTimeout.Token());
        Assert.NotEqual(0, SegmentStore.Stored(128));

        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 100, ReadAhead = 0 });
        var output = new MemoryStream();
        CancellationToken timeout = TestTimeout.Token();
        for (bool ended = false; !ended;)
        {
            ReadResult result = await reader.ReadAsync(timeout);
            foreach (ReadOnlyMemory<byte> memory in result.Buffer)
            {
                Assert.InRange(memory.Length, 1, 100);
                output.Write(memory.Span);
            }

            ended = result.IsCompleted;
            reader.AdvanceTo(result.Buffer.End);
        }

        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
    }

    [Fact]
    public async Task APositionFromACompletedReaderIsRefusedByTheReaderThatTookItsSegment()
    {
        // The store hands out the other twin of a block, so the first reader's segment is in no buffer.
        string path = this.files.WriteRandom("positions.bin", 3 * Segment);
        var options = new FilePipeOptions { BufferSize = Segment, ReadAhead = 0 };
        CancellationToken timeout = TestTimeout.Token();
        PipeReader first = FilePipe.OpenReader(path, options);
        SequencePosition stale = (await first.ReadAsync(timeout)).Buffer.GetPosition(10);
        first.Complete();

        PipeReader second = FilePipe.OpenReader(path, options);
        ReadResult result = await second.ReadAsync(timeout);

        Assert.Throws<InvalidOperationException>(() => second.AdvanceTo(stale));
        second.AdvanceTo(result.Buffer.End);
        second.Complete();
    }

    [Fact]
    public async Task APositionFromACompletedReaderIsRefusedAfterTheNextReaderCopied()
    {
        // The second reader takes the first one's block as its other twin and uses it for a copy the consumer never
        // sees: its next read must not get the first reader's segment back, or the first reader's position would be
        // taken as one in the new buffer and skip 10 bytes.
        string path = this.files.WriteRandom("positions-copy.bin", 4 * Segment);
        byte[] all = File.ReadAllBytes(path);
        var options = new FilePipeOptions { BufferSize = Segment, ReadAhead = 0 };
        CancellationToken timeout = TestTimeout.Token();
        PipeReader first = FilePipe.OpenReader(path, options);
        SequencePosition stale = (await first.ReadAsync(timeout)).Buffer.GetPosition(10);
        first.Complete();

        PipeReader second = FilePipe.OpenReader(path, options);
        var destination = new CancelingStream(second.CancelPendingRead);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => second.CopyToAsync(destination, timeout));
        ReadResult result = await second.ReadAsync(timeout);

        Assert.Throws<InvalidOperationException>(() => second.AdvanceTo(stale));
        Assert.Equal(all[Segment..(2 * Segment)], result.Buffer.ToArray());
        second.AdvanceTo(result.Buffer.Start);
        Assert.Equal(all[Segment..], await PipeDrain.ReadAllAsync(second, timeout));
        second.Complete();
    }

    // The token comes from the caller, so a measured reader does not count the token's timer. Without read, the reader
    // is opened and completed by the same code (a Debug build allocates this method's state machine either way).
    private static async Task DrainAsync(string path, FilePipeOptions options, CancellationToken timeout, bool read = true)
    {
        PipeReader reader = FilePipe.OpenReader(path, options);
        for (bool ended = !read; !ended;)
        {
            ReadResult result = await reader.ReadAsync(timeout);
            ended = result.IsCompleted;
            reader.AdvanceTo(result.Buffer.End);
        }

        await reader.CompleteAsync();
    }

    // Every thread's allocations (background reads run on the pool), the least of three readers: a count can only be
    // inflated by the runtime's own work (a new pool thread), never deflated.
    private static async Task<long> LeastAllocatedByReaderAsync(string path, FilePipeOptions options, CancellationToken timeout)
    {
        // The least of five: the count is the whole process's, and the pool starting a worker (a Thread object and
        // its context) during an attempt adds to it. Three attempts all caught one once, on a loaded machine.
        long least = long.MaxValue;
        for (int attempt = 0; attempt < 5; attempt++)
        {
            long before = GC.GetTotalAllocatedBytes(precise: true);
            await DrainAsync(path, options, timeout);
            least = Math.Min(least, GC.GetTotalAllocatedBytes(precise: true) - before);
        }

        return least;
    }
}
