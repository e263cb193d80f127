using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    [Theory]
    [InlineData(4096)]
    [InlineData(65536)]
    public async Task AnInlineReadAllocatesNothingOnceItsBlockIsReused(int bufferSize)
    {
        // Each read reuses the block the previous read released; the block's second segment (see PipeSegment) is made
        // on its first reuse, during the warm-up. Inline reads complete synchronously, so all of it runs on this thread,
        // and 100 reads more must allocate nothing more (what a run of reads allocates once is not a read's cost).
        string path = this.files.WriteRandom("steady.bin", 1000 * bufferSize);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = bufferSize, ReadAhead = 0 });
        CancellationToken timeout = TestTimeout.Token();
        await ReadAndConsumeAsync(reader, 10, timeout);

        long fewer = await LeastAllocatedByReadsAsync(reader, 100, timeout);
        long more = await LeastAllocatedByReadsAsync(reader, 200, timeout);
        reader.Complete();

        Assert.Equal(fewer, more);
    }

    [Fact]
    public async Task CompletingAReaderWithNoReadWaitingAllocatesNothing()
    {
        // Complete fails a waiting read with an exception; with none waiting it has nothing to build (it built the
        // exception anyway, 120 B per reader). The least of three readers, for the reason given below.
        string path = this.files.WriteRandom("complete.bin", 3 * 4096);
        CancellationToken timeout = TestTimeout.Token();
        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 });
            await ReadAndConsumeAsync(reader, 1, timeout);
            long before = GC.GetAllocatedBytesForCurrentThread();
            reader.Complete();
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.Equal(0, least);
    }

    // The least of three tries: a count can only be inflated (once, under load, 6,912 B instead of 168 B: the runtime's
    // own work on this thread), never deflated, and a real per-read allocation shows in every try.
    private static async Task<long> LeastAllocatedByReadsAsync(PipeReader reader, int reads, CancellationToken timeout)
    {
        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            await ReadAndConsumeAsync(reader, reads, timeout);
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return least;
    }

    private static async Task ReadAndConsumeAsync(PipeReader reader, int reads, CancellationToken timeout)
    {
        for (int i = 0; i < reads; i++)
        {
            ReadResult result = await reader.ReadAsync(timeout);
            reader.AdvanceTo(result.Buffer.End);
        }
    }
}
