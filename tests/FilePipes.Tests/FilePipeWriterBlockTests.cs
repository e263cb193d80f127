using System.Buffers;
using System.IO.Pipelines;

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

    public static TheoryData<int> RoomOffsets() => new(0, 1);

    [Theory]
    [MemberData(nameof(RoomOffsets))]
    public void AnAdvanceAfterCompleteIsJudgedAgainstTheRoomLeftAsOnAPipe(int pastTheRoom)
    {
        // Bytes advanced before Complete shrink the room an Advance after it may use without an error.
        Type? expected = Record.Exception(() => AdvanceAfterComplete(new Pipe().Writer, pastTheRoom))?.GetType();
        FilePipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("after-complete.bin"));
        Type? actual = Record.Exception(() => AdvanceAfterComplete(writer, pastTheRoom))?.GetType();

        Assert.Equal(expected, actual);
        Assert.Equal(pastTheRoom > 0, actual is not null);
    }

    [Fact]
    public void MemoryThatFitsTheRoomLeftIsHandedOutWithoutAWrite()
    {
        string path = this.files.PathOf("room.bin");
        FilePipeWriter writer = FilePipe.OpenWriter(path, new FilePipeOptions { BufferSize = 8 });
        writer.Write("abcde"u8);

        Assert.Equal(3, writer.GetMemory(3).Length);
        Assert.Equal(5, writer.UnflushedBytes);
        Assert.Empty(File.ReadAllBytes(path));
        writer.Complete();
    }

    [Fact]
    public void WritingManyBlocksRentsOneBlock()
    {
        // Steady state rents nothing: the block is written and reused, not returned and rented again.
        var pool = new RentCountingPool();
        string path = this.files.PathOf("rents.bin");
        FilePipeWriter writer = FilePipe.OpenWriter(path, new FilePipeOptions { BufferSize = 64, Pool = pool });

        for (int i = 0; i < 10; i++)
        {
            writer.Write(new byte[64]);
        }

        // Asking for exactly a block's worth takes the same block again once it is written.
        for (int i = 0; i < 3; i++)
        {
            writer.GetMemory(64);
            writer.Advance(64);
        }

        writer.Complete();
        Assert.Equal(1, pool.Rents);
        Assert.Equal(832, new FileInfo(path).Length);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void LeaveOpenDecidesWhetherCompleteClosesACallersHandle(bool leaveOpen)
    {
        using var handle = File.OpenHandle(this.files.PathOf("owned.bin"), FileMode.Create, FileAccess.Write);
        FilePipeWriter writer = FilePipe.CreateWriter(handle, new FilePipeOptions { LeaveOpen = leaveOpen });
        writer.Write("x"u8);

        writer.Complete();

        Assert.Equal(!leaveOpen, handle.IsClosed);
        Assert.Equal(0, writer.UnflushedBytes);
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

    public static TheoryData<string> MoreMisuses() => new(MoreMisuseCases.Keys);

    private static readonly Dictionary<string, Action<PipeWriter>> MoreMisuseCases = new()
    {
        ["Advance past the room left after some bytes"] = writer =>
        {
            int room = writer.GetMemory(10).Length;
            writer.Advance(5);
            writer.Advance(room - 5 + 1);
        },
        ["Advance within the last memory after Complete twice"] = writer =>
        {
            writer.GetMemory(10);
            writer.Complete();
            writer.Complete();
            writer.Advance(1);
        },
    };

    [Theory]
    [MemberData(nameof(MoreMisuses))]
    public void MoreMisuseThrowsWhatPipeThrows(string misuse)
    {
        Exception? expected = Record.Exception(() => MoreMisuseCases[misuse](new Pipe().Writer));
        FilePipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("more-misuse.bin"));
        Exception? actual = Record.Exception(() => MoreMisuseCases[misuse](writer));
        writer.Complete();

        Assert.Equal(expected?.GetType(), actual?.GetType());
        if (expected is InvalidOperationException)
        {
            // The state errors carry Pipe's own message; argument errors and casts name their own types and values.
            Assert.Equal(expected.Message, actual!.Message);
        }
    }

    [Fact]
    public async Task AFailedWriteFaultsTheFlushInsteadOfThrowingFromIt()
    {
        // A handle without write access: the write fails, and the flush reports it as its task's error.
        string path = this.files.WriteRandom("read-only.bin", 10);
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read);
        FilePipeWriter writer = FilePipe.CreateWriter(handle, new FilePipeOptions { LeaveOpen = true });
        writer.Write("x"u8);

        ValueTask<FlushResult> flush = writer.FlushAsync(TestTimeout.Token());

        Assert.True(flush.IsFaulted);
        Assert.NotNull(await Record.ExceptionAsync(async () => await flush));
        writer.Complete(new IOException("the producer gives up"));
    }

    [Fact]
    public void TheWriterReturnsItsBlocksToThePool()
    {
        var pool = new OutstandingBlockPool();
        FilePipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("returned.bin"), new FilePipeOptions { BufferSize = 64, Pool = pool });
        writer.Write(new byte[10]);

        // A hint larger than the block takes a larger one and gives the old one back.
        writer.GetMemory(200);
        Assert.Equal(1, pool.Outstanding);
        writer.Complete();

        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void ABadOptionIsRefusedForACallersHandleToo()
    {
        using var handle = File.OpenHandle(this.files.PathOf("refused.bin"), FileMode.Create, FileAccess.Write);
        Assert.Equal("BufferSize", Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.CreateWriter(handle, new FilePipeOptions { BufferSize = 0 })).ParamName);
    }

    [LinuxFact("Open handles are read from /proc/self/fd, which only Linux has.")]
    public void AWriterOpenedByPathClosesItsFileOnComplete()
    {
        string path = this.files.PathOf("closed.bin");
        FilePipeWriter writer = FilePipe.OpenWriter(path);
        Assert.Contains(path, OpenFiles());

        writer.Complete();

        Assert.DoesNotContain(path, OpenFiles());
    }

    private static List<string> OpenFiles() =>
        Directory.GetFiles("/proc/self/fd").Select(fd => new FileInfo(fd).LinkTarget).OfType<string>().ToList();

    private static void AdvanceAfterComplete(PipeWriter writer, int pastTheRoom)
    {
        writer.GetMemory(10);
        writer.Advance(5);
        int room = writer.GetMemory(1).Length;
        writer.Complete();
        writer.Advance(room + pastTheRoom);
    }

    /// <summary>The shared pool, counting rents.</summary>
    private sealed class RentCountingPool : MemoryPool<byte>
    {
        public int Rents { get; private set; }

        public override int MaxBufferSize => Shared.MaxBufferSize;

        public override IMemoryOwner<byte> Rent(int minBufferSize = -1)
        {
            this.Rents++;
            return Shared.Rent(minBufferSize);
        }

        protected override void Dispose(bool disposing)
        {
        }
    }
}
