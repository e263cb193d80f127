namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    [LinuxFact("Short reads need a FIFO fed in small writes; mkfifo is Linux-only here.")]
    public async Task ReadAheadHoldsAtMostItsDepthInSegmentsWhenReadsComeBackShort()
    {
        const int Chunks = 40;
        string fifo = Fifo.Make(this.files, "short-reads.fifo");
        var pool = new OutstandingBlockPool();
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(
            fifo, () => FilePipe.OpenReader(fifo, new FilePipeOptions { BufferSize = 4096, ReadAhead = 1, Pool = pool }));

        // Start the background read, then feed it one byte at a time while the consumer takes nothing.
        Assert.False(reader.TryRead(out _));
        using (var stream = new FileStream(writer, FileAccess.Write, bufferSize: 0))
        {
            for (int i = 0; i < Chunks; i++)
            {
                stream.WriteByte((byte)i);
                await Task.Delay(5);
            }
        }

        // A bound on memory, not on time: the pauses only give a reader without the bound the chance to take
        // each byte into a fresh 4 KiB block (without the bound it held 41). One read-ahead segment may be held.
        await Task.Delay(200);
        Assert.InRange(pool.Outstanding, 1, 2);

        byte[] read = await PipeDrain.ReadAllAsync(reader).WaitAsync(Fifo.Timeout);
        reader.Complete();
        Assert.Equal(Enumerable.Range(0, Chunks).Select(i => (byte)i), read);
    }
}
