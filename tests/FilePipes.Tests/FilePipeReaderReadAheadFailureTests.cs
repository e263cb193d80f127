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

        (byte[] received, InsufficientMemoryException failure) =
            await PipeDrain.ReadUntilFailureAsync<InsufficientMemoryException>(reader, TestTimeout.Token());

        Exception again = await Assert.ThrowsAsync<InsufficientMemoryException>(async () => await reader.ReadAsync(TestTimeout.Token()));
        reader.Complete();

        Assert.Same(pool.Refusal, failure);
        Assert.Same(failure, again);
        Assert.Equal(File.ReadAllBytes(path)[..received.Length], received);
    }

    public void Dispose() => this.files.Dispose();
}
