using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed class FilePipeWriterTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Theory]
    [InlineData(4096, 0)]
    [InlineData(4096, 1 << 20)]
    [InlineData(65536, 10 << 20)]
    public async Task WritesThroughGetSpanAdvanceAndFlushRoundTrip(int bufferSize, long preallocation)
    {
        byte[] data = RandomBytes(1_000_003);
        string path = this.files.PathOf("memory.bin");
        PipeWriter writer = FilePipe.OpenWriter(path, new FilePipeOptions { BufferSize = bufferSize, PreallocationSize = preallocation });

        // Uneven chunks, some larger than a segment, with flushes in between.
        var random = new Random(5);
        int written = 0;
        while (written < data.Length)
        {
            int chunk = Math.Min(random.Next(1, 3 * bufferSize), data.Length - written);
            Span<byte> span = writer.GetSpan(chunk);
            data.AsSpan(written, chunk).CopyTo(span);
            writer.Advance(chunk);
            written += chunk;
            if (random.Next(4) == 0)
            {
                FlushResult flushed = await writer.FlushAsync(TestTimeout.Token());
                Assert.False(flushed.IsCanceled);
            }
        }

        writer.Complete();

        // Preallocation reserves space without growing the file: its length is what was written.
        Assert.Equal(data, File.ReadAllBytes(path));
    }

    [Theory]
    [InlineData(4096, 0)]
    [InlineData(65536, 4 << 20)]
    public async Task WritesAStreamThroughCopyFromAsyncRoundTrip(int bufferSize, long preallocation)
    {
        byte[] data = RandomBytes(3_000_017);
        string path = this.files.PathOf("copy.bin");
        PipeWriter writer = FilePipe.OpenWriter(path, new FilePipeOptions { BufferSize = bufferSize, PreallocationSize = preallocation });

        // Stream.CopyToAsync(PipeWriter) calls the writer's CopyFromAsync override.
        writer.Write("head"u8);
        await new MemoryStream(data).CopyToAsync(writer, TestTimeout.Token());
        writer.Write("tail"u8);
        writer.Complete();

        Assert.Equal([.. "head"u8, .. data, .. "tail"u8], File.ReadAllBytes(path));
    }

    [Fact]
    public async Task WritesAtTheOffsetOfACallersHandle()
    {
        string path = this.files.WriteRandom("offset.bin", 100);
        byte[] expected = File.ReadAllBytes(path);
        "patched"u8.CopyTo(expected.AsSpan(40));
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Write);
        PipeWriter writer = FilePipe.CreateWriter(handle, new FilePipeOptions { Offset = 40, LeaveOpen = true });

        writer.Write("patched"u8);
        await writer.FlushAsync(TestTimeout.Token());
        writer.Complete();

        Assert.False(handle.IsClosed);
        Assert.Equal(expected, File.ReadAllBytes(path));
    }

    [Fact]
    public async Task CompleteWithAnExceptionDiscardsUnflushedBytes()
    {
        string path = this.files.PathOf("failed.bin");
        PipeWriter writer = FilePipe.OpenWriter(path);
        writer.Write("flushed"u8);
        await writer.FlushAsync(TestTimeout.Token());
        writer.Write("never written"u8);

        writer.Complete(new InvalidDataException("producer failed"));

        Assert.Equal("flushed"u8.ToArray(), File.ReadAllBytes(path));
    }

    [Fact]
    public void FlushToDiskOnCompleteKeepsTheData()
    {
        string path = this.files.PathOf("durable.bin");
        PipeWriter writer = FilePipe.OpenWriter(path, new FilePipeOptions { FlushToDisk = true });

        writer.Write("durable"u8);
        writer.Complete();

        Assert.Equal("durable"u8.ToArray(), File.ReadAllBytes(path));
    }

    [Fact]
    public async Task UnflushedBytesCountsWhatFlushWillWrite()
    {
        PipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("unflushed.bin"));
        writer.Write(new byte[123]);

        Assert.True(writer.CanGetUnflushedBytes);
        Assert.Equal(123, writer.UnflushedBytes);
        await writer.FlushAsync(TestTimeout.Token());
        Assert.Equal(0, writer.UnflushedBytes);
        writer.Complete();
    }

    [Fact]
    public async Task CancelPendingFlushMakesTheNextFlushCanceledWithoutLosingData()
    {
        string path = this.files.PathOf("cancel-flush.bin");
        PipeWriter writer = FilePipe.OpenWriter(path);
        writer.Write("abc"u8);

        writer.CancelPendingFlush();
        FlushResult canceled = await writer.FlushAsync(TestTimeout.Token());
        FlushResult next = await writer.FlushAsync(TestTimeout.Token());
        writer.Complete();

        Assert.True(canceled.IsCanceled);
        Assert.False(next.IsCanceled);
        Assert.Equal("abc"u8.ToArray(), File.ReadAllBytes(path));
    }

    public static TheoryData<string> MisuseCases() => new(Misuses.Keys);

    private static readonly Dictionary<string, Action<PipeWriter>> Misuses = new()
    {
        ["GetMemory after Complete"] = writer =>
        {
            writer.Complete();
            writer.GetMemory();
        },
        ["GetSpan after Complete"] = writer =>
        {
            writer.Complete();
            writer.GetSpan();
        },
        ["Advance past the memory"] = writer => writer.Advance(writer.GetMemory(10).Length + 1),
        ["Advance by a negative count"] = writer =>
        {
            writer.GetMemory(10);
            writer.Advance(-1);
        },
        ["GetMemory with a negative hint"] = writer => writer.GetMemory(-1),
        ["Complete twice"] = writer =>
        {
            writer.Complete();
            writer.Complete();
        },
        ["Advance within the last memory after Complete"] = writer =>
        {
            writer.GetMemory(10);
            writer.Complete();
            writer.Advance(1);
        },
        ["Advance after Complete with no memory taken"] = writer =>
        {
            writer.Complete();
            writer.Advance(1);
        },
        ["Advance beyond the last memory after Complete"] = writer =>
        {
            writer.GetMemory(10);
            writer.Complete();
            writer.Advance(1 << 20);
        },
    };

    [Theory]
    [MemberData(nameof(MisuseCases))]
    public void MisuseThrowsWhatPipeThrows(string misuse)
    {
        Exception? expected = Record.Exception(() => Misuses[misuse](new Pipe().Writer));

        PipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("misuse.bin"));
        Exception? actual = Record.Exception(() => Misuses[misuse](writer));
        writer.Complete();

        Assert.Equal(expected?.GetType(), actual?.GetType());
        if (expected is InvalidOperationException)
        {
            // The state errors carry Pipe's own message; argument errors and casts name their own types and values.
            Assert.Equal(expected.Message, actual!.Message);
        }
    }

    [Fact]
    public async Task FlushAfterCompleteReportsWhatPipeReports()
    {
        var pipe = new Pipe();
        (FlushResult, FlushResult, Type?) expected = await FlushAfterCompleteAsync(pipe.Writer);

        PipeWriter writer = FilePipe.OpenWriter(this.files.PathOf("flush-after-complete.bin"));
        (FlushResult, FlushResult, Type?) actual = await FlushAfterCompleteAsync(writer);

        Assert.Equal(expected, actual);
        Assert.False(expected.Item1.IsCompleted);
        Assert.True(expected.Item2.IsCanceled);
    }

    [Fact]
    public void AMissingDirectoryGivesDirectoryNotFoundWithThePath()
    {
        string path = Path.Combine(this.files.Directory, "missing", "out.bin");

        var error = Assert.Throws<DirectoryNotFoundException>(() => FilePipe.OpenWriter(path));

        Assert.Contains(path, error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => this.files.Dispose();

private static async Task<(FlushResult Plain, FlushResult AfterCancel, Type? WithCanceledToken)> FlushAfterCompleteAsync(PipeWriter writer)
    {
        writer.Write("abc"u8);
        writer.Complete();
        FlushResult plain = await writer.FlushAsync(TestTimeout.Token());
        writer.CancelPendingFlush();
        FlushResult afterCancel = await writer.FlushAsync(TestTimeout.Token());
        Exception? withCanceledToken = await Record.ExceptionAsync(async () => await writer.FlushAsync(new CancellationToken(canceled: true)));
        return (plain, afterCancel, withCanceledToken?.GetType());
    }

        private static byte[] RandomBytes(int length)
    {
        var bytes = new byte[length];
        new Random(length).NextBytes(bytes);
        return bytes;
    }
}
