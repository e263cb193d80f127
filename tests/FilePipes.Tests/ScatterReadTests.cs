namespace FilePipes.Tests;

/// <summary>
/// Background reads of small segments fill a batch with one <c>preadv</c> (ScatterRead) on 64-bit Linux and macOS, and
/// block by block elsewhere; either way the consumer gets the file's bytes in order. A failed scatter call reads the
/// batch one segment at a time, which raises a read's failure as before.
/// </summary>
public sealed class ScatterReadTests : IDisposable
{
    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    public static TheoryData<int, int, int, int> Shapes => new()
    {
        // segment, read-ahead, parallel reads, file length: 4 KiB in batches of 16; 1 KiB in batches of 64 (four calls
        // per batch); read-ahead alone; a file that ends inside a segment.
        { 4096, 32, 2, (256 * 4096) + 123 },
        { 1024, 64, 2, (300 * 1024) + 7 },
        { 4096, 32, 1, 100 * 4096 },
        { 8192, 16, 2, (40 * 8192) - 1 },
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task ABatchOfSmallSegmentsIsReadWithOneCallWhereTheOsHasIt(int segment, int readAhead, int parallel, int length)
    {
        string path = this.files.WriteRandom("scatter.bin", length);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = segment, ReadAhead = readAhead, ParallelReads = parallel }, out FilePipeReader.Probe probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        int segments = (length + segment - 1) / segment;
        if (ScatterExpected)
        {
            // Each call fills a batch (64 KiB of segments, at most 16 of them), so fewer calls than half the segments;
            // and every batch of two or more is scattered, so at least one call per 32 segments.
            Assert.InRange(probe.ScatterReads, segments / 32, segments / 2);
        }
        else
        {
            Assert.Equal(0, probe.ScatterReads);
        }

        reader.Complete();
    }

    [Fact]
    public async Task ARangeEndingInsideASegmentIsReadToItsLastByte()
    {
        string path = this.files.WriteRandom("scatter-range.bin", 200 * 4096);
        var options = new FilePipeOptions { BufferSize = 4096, ReadAhead = 32, ParallelReads = 2, Offset = 1000, Length = (100 * 4096) + 5 };
        FilePipeReader reader = Probes.OpenReader(path, options, out FilePipeReader.Probe probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path).AsSpan(1000, (100 * 4096) + 5).ToArray(), read);
        Assert.Equal(ScatterExpected, probe.ScatterReads > 0);
        reader.Complete();
    }

    [Fact]
    public async Task AFileCutShortAfterOpeningEndsWhereItNowEnds()
    {
        string path = this.files.WriteRandom("scatter-cut.bin", 200 * 4096);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 32, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        using (var file = new FileStream(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
        {
            file.SetLength((150 * 4096) + 77);
        }

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        reader.Complete();
    }

    [LinuxFact("scatter reads are made on Linux and macOS only")]
    public async Task AFailedScatterCallReadsTheBatchOneSegmentAtATime()
    {
        string path = this.files.WriteRandom("scatter-failing.bin", (256 * 4096) + 9);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 32, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        int calls = 0;
        probe.ScatterReadCall = (_, _) =>
        {
            Interlocked.Increment(ref calls);
            return -1;
        };

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.True(calls > 0, "the scatter call was never tried");
        Assert.Equal(0, probe.ScatterReads);
        reader.Complete();
    }

    [LinuxFact("scatter reads are made on Linux and macOS only")]
    public async Task ACallThatFailsPartWayThroughABatchLeavesOnlyTheRestToSingleReads()
    {
        // 1 KiB segments: a batch of 64 takes four calls; every second call fails, so batches mix both ways of reading.
        string path = this.files.WriteRandom("scatter-mixed.bin", (400 * 1024) + 3);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 1024, ReadAhead = 64, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        int calls = 0;
        probe.ScatterReadCall = (blocks, offset) =>
            Interlocked.Increment(ref calls) % 2 == 0 ? -1 : ReadInto(path, blocks, offset);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.InRange(probe.ScatterReads, 1, calls - 1);
        reader.Complete();
    }

    [Fact]
    public async Task BlocksThatCannotBePinnedAreReadOneByOneAfterTheFirstRefusal()
    {
        string path = this.files.WriteRandom("scatter-unpinnable.bin", (128 * 4096) + 5);
        var pool = new UnpinnablePool();
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 32, ParallelReads = 2, Pool = pool }, out FilePipeReader.Probe probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal(0, probe.ScatterReads);
        // One refused pin turns scatter off for the reader; two workers may each meet one before either says so.
        Assert.InRange(pool.Pins, ScatterExpected ? 1 : 0, ScatterExpected ? 2 : 0);
        reader.Complete();
    }

    [Fact]
    public async Task WithTheReadSeamEachSegmentIsReadAlone()
    {
        string path = this.files.WriteRandom("scatter-gated.bin", 64 * 4096);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 32, ParallelReads = 2 }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Attach(probe);

        byte[] read = await BackgroundReads.ReadAllAndSettleAsync(reader, probe);

        Assert.Equal(File.ReadAllBytes(path), read);
        Assert.Equal(0, probe.ScatterReads);
        reader.Complete();
    }

    private static bool ScatterExpected => (OperatingSystem.IsLinux() || OperatingSystem.IsMacOS()) && Environment.Is64BitProcess;

    // What a scatter call reads, the long way: the blocks filled in order from the offset, up to the file's end.
    private static long ReadInto(string path, ReadOnlySpan<Memory<byte>> blocks, long offset)
    {
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
        file.Position = offset;
        long total = 0;
        foreach (Memory<byte> block in blocks)
        {
            int got = file.ReadAtLeast(block.Span, block.Length, throwOnEndOfStream: false);
            total += got;
            if (got < block.Length)
            {
                break;
            }
        }

        return total;
    }
}
