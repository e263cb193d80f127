using System.Buffers;

namespace FilePipes.Tests;

/// <summary>What the writer promises about its block and its position, which a round trip of the bytes cannot see.</summary>
public sealed class FilePipeWriterBlockTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Fact]
    public void TheBlockIsBufferSizeBytesThoughThePoolRoundsUp()
    {
        // MemoryPool<byte>.Shared rents 128 bytes for 100: one write must still be the 100 the option says.
        using (IMemoryOwner<byte> probe = MemoryPool<byte>.Shared.Rent(100))
        {
            Assert.True(probe.Memory.Length > 100, "the premise: the shared pool rounds up");
        }

        FilePipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("block.bin"), new FilePipeOptions { BufferSize = 100 });

        Assert.Equal(100, writer.GetMemory().Length);
        Assert.Equal(100, writer.GetSpan(1).Length);

        // A hint larger than the block gets a block of exactly the hint.
        writer.Advance(100);
        Assert.Equal(300, writer.GetMemory(300).Length);
        writer.Complete();
    }

    [Fact]
    public async Task PositionIsTheOffsetPlusEveryByteWrittenFlushedOrNot()
    {
        string path = this.files.WriteRandom("position.bin", 50);
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Write);
        FilePipeWriter writer = FilePipe.CreateWriter(handle, new FilePipeOptions { Offset = 40, BufferSize = 16, LeaveOpen = true });
        Assert.Equal(40, writer.Position);

        writer.Write("0123456789"u8);
        Assert.Equal(50, writer.Position);
        await writer.FlushAsync(TestTimeout.Token());
        Assert.Equal(50, writer.Position);

        // 20 more bytes: the first block is written when the next is asked for.
        writer.Write("abcdefghijklmnopqrst"u8);
        Assert.Equal(70, writer.Position);
        writer.Complete();

        Assert.Equal(70, RandomAccess.GetLength(handle));
    }

    [Fact]
    public async Task BytesWrittenBeforeAFullBlockAreWrittenFirstWhenTheNextHintDoesNotFit()
    {
        string path = this.files.PathOf("order.bin");
        FilePipeWriter writer = FilePipe.OpenWriter(path, new FilePipeOptions { BufferSize = 8 });

        writer.Write("abcde"u8);

        // 5 bytes buffered, 4 asked for: the 5 go to the file before the new block is handed out.
        Memory<byte> next = writer.GetMemory(4);
        Assert.True(next.Length >= 4);
        Assert.Equal("abcde"u8.ToArray(), File.ReadAllBytes(path));
        Assert.Equal(0, writer.UnflushedBytes);
        "wxyz"u8.CopyTo(next.Span);
        writer.Advance(4);
        await writer.FlushAsync(TestTimeout.Token());
        writer.Complete();

        Assert.Equal("abcdewxyz"u8.ToArray(), File.ReadAllBytes(path));
    }

    [LinuxFact("FIFOs are made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AFifoWriterWithFlushToDiskCompletesAndDeliversEverything()
    {
        // fsync has no meaning for a pipe (it fails there), so the sequential fallback skips it.
        string fifo = Fifo.Make(this.files, "durable.fifo");
        (FilePipeReader reader, var handle) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo));
        FilePipeWriter writer = FilePipe.CreateWriter(handle, new FilePipeOptions { FlushToDisk = true, Offset = 7 });
        Task<byte[]> reading = PipeDrain.ReadAllAsync(reader, TestTimeout.Token());

        writer.Write("through the fifo"u8);
        writer.Complete();

        Assert.Equal("through the fifo"u8.ToArray(), await reading.WaitAsync(Fifo.Timeout));
        reader.Complete();
    }

    public void Dispose() => this.files.Dispose();
}
