using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A failure of the background read loop that is not a read error (here, a pool that refuses a block) reaches the
/// consumer after the bytes read before it, and again on every read after; it never leaves the consumer waiting.
/// </summary>
public sealed class FilePipeReaderReadAheadFailureTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Fact]
    public async Task APoolThatRefusesABlockFailsTheReadsAfterTheBytesBeforeIt()
    {
        string path = this.files.WriteRandom("refused.bin", 5 * 4096);
        var pool = new RefusingPool(blocksGiven: 1);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 2, Pool = pool });

        var received = new MemoryStream();
        Exception? failure = null;
        while (failure is null)
        {
            try
            {
                ReadResult result = await reader.ReadAsync(TestTimeout.Token());
                received.Write(result.Buffer.ToArray());
                reader.AdvanceTo(result.Buffer.End);
                Assert.False(result.IsCompleted, "the file ended without the pool's failure");
            }
            catch (InsufficientMemoryException e)
            {
                failure = e;
            }
        }

        Exception again = await Assert.ThrowsAsync<InsufficientMemoryException>(async () => await reader.ReadAsync(TestTimeout.Token()));
        reader.Complete();

        Assert.Same(pool.Refusal, failure);
        Assert.Same(failure, again);
        Assert.Equal(File.ReadAllBytes(path)[..(int)received.Length], received.ToArray());
    }

    public void Dispose() => this.files.Dispose();

    /// <summary>A pool that gives <c>blocksGiven</c> blocks and then refuses with one exception.</summary>
    private sealed class RefusingPool(int blocksGiven) : MemoryPool<byte>
    {
        private int given;

        public InsufficientMemoryException Refusal { get; } = new("the pool refused a block");

        public override int MaxBufferSize => Shared.MaxBufferSize;

        public override IMemoryOwner<byte> Rent(int minBufferSize = -1) =>
            Interlocked.Increment(ref this.given) <= blocksGiven ? Shared.Rent(minBufferSize) : throw this.Refusal;

        protected override void Dispose(bool disposing)
        {
        }
    }
}
