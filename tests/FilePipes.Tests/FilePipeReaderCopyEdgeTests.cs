using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// The edges of <c>CopyToAsync</c> that the round trips and the failing destinations do not reach: arguments checked
/// up front, a canceled token that wins as it does on a <see cref="Pipe"/>, a destination whose reader stopped, a
/// destination that hands out less memory than asked for, the inline fast path's promise (no block of the reader's),
/// and the end a copy leaves behind.
/// </summary>
public sealed class FilePipeReaderCopyEdgeTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Fact]
    public void ANullDestinationIsRefusedBeforeTheCopyStarts()
    {
        FilePipeReader reader = FilePipe.OpenReader(this.files.WriteRandom("null.bin", 10));

        // Thrown by the call itself, not by the task it would return.
        Assert.Equal("destination", Assert.Throws<ArgumentNullException>(() => { _ = reader.CopyToAsync((PipeWriter)null!, TestTimeout.Token()); }).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentNullException>(() => { _ = reader.CopyToAsync((Stream)null!, TestTimeout.Token()); }).ParamName);
        reader.Complete();
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ATokenCanceledUpFrontWinsOverACompletedReaderAsOnAPipe(bool toStream)
    {
        var pipe = new Pipe();
        Type? expected = await CanceledCopyOfCompletedAsync(pipe.Reader, toStream);
        FilePipeReader reader = FilePipe.OpenReader(this.files.WriteRandom("canceled.bin", 10));
        Type? actual = await CanceledCopyOfCompletedAsync(reader, toStream);

        Assert.True(typeof(OperationCanceledException).IsAssignableFrom(actual), $"{actual}");
        if (ReferencePipe.CopiesLikeTheFileReader)
        {
            Assert.Equal(expected, actual);
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2)]
    public async Task ACopyStopsWhenTheDestinationsReaderHasCompletedAndTheReaderKeepsTheRest(int readAhead)
    {
        string path = this.files.WriteRandom("stopped.bin", 10_000);
        byte[] file = File.ReadAllBytes(path);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 1024, ReadAhead = readAhead });
        var pipe = new Pipe();
        pipe.Reader.Complete();

        await reader.CopyToAsync(pipe.Writer, TestTimeout.Token());
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        // The first flush said nobody reads any more: the copy took one chunk and left the reader the rest.
        Assert.InRange(rest.Length, 1, file.Length - 1);
        Assert.Equal(file[^rest.Length..], rest);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(0, 1000)]
    [InlineData(2, 0)]
    [InlineData(2, 1000)]
    public async Task ADestinationThatHandsOutSmallSpansGetsEveryByteOnce(int readAhead, int consumedFirst)
    {
        string path = this.files.WriteRandom("stingy.bin", 20_001);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        var first = new MemoryStream();
        while (first.Length < consumedFirst)
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            ReadOnlySequence<byte> taken = result.Buffer.Slice(0, Math.Min(consumedFirst - first.Length, result.Buffer.Length));
            first.Write(taken.ToArray());
            reader.AdvanceTo(taken.End);
        }

        var pipe = new Pipe();
        await reader.CopyToAsync(new StingyWriter(pipe.Writer, 7), TestTimeout.Token());
        pipe.Writer.Complete();
        byte[] rest = await PipeDrain.ReadAllAsync(pipe.Reader, TestTimeout.Token());
        reader.Complete();

        byte[] copied = [.. first.ToArray(), .. rest];
        Assert.Equal(File.ReadAllBytes(path), copied);
    }

    [Fact]
    public async Task AnInlineCopyIntoAPipeWriterReadsStraightIntoItsMemory()
    {
        // The fast path the copy promises: the file is read into the writer's memory, through no block of the reader's.
        string path = this.files.WriteRandom("direct.bin", 10_000);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 1024, ReadAhead = 0, Pool = pool });
        var pipe = new Pipe();

        await reader.CopyToAsync(pipe.Writer, TestTimeout.Token());
        pipe.Writer.Complete();
        byte[] copied = await PipeDrain.ReadAllAsync(pipe.Reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), copied);
        Assert.Equal(0, pool.Rented);
    }

    [Theory]
    [InlineData(false, -1)]
    [InlineData(true, -1)]
    [InlineData(false, 4096)]    // a range of whole segments: the last chunk ends exactly at the range's end
    [InlineData(true, 4096)]
    [InlineData(true, 4000)]
    public async Task AfterACopyToTheEndTryReadReportsTheEndAsOnAPipe(bool toStream, long length)
    {
        string path = this.files.WriteRandom("copied.bin", 10_000);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 1024, ReadAhead = 0, Offset = 100, Length = length });
        (bool Read, bool Completed, long Length) actual = await CopyThenTryReadAsync(reader, toStream);
        reader.Complete();

        var pipe = new Pipe();
        byte[] file = File.ReadAllBytes(path);
        await pipe.Writer.WriteAsync(length < 0 ? file.AsMemory(100) : file.AsMemory(100, (int)length), TestTimeout.Token());
        pipe.Writer.Complete();
        (bool Read, bool Completed, long Length) expected = await CopyThenTryReadAsync(pipe.Reader, toStream);
        pipe.Reader.Complete();

        Assert.Equal((true, true, 0L), expected);
        Assert.Equal(expected, actual);
    }

    public void Dispose() => this.files.Dispose();

    private static async Task<(bool Read, bool Completed, long Length)> CopyThenTryReadAsync(PipeReader reader, bool toStream)
    {
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));
        await (toStream ? reader.CopyToAsync(new MemoryStream(), TestTimeout.Token()) : reader.CopyToAsync(pipe.Writer, TestTimeout.Token()));
        bool read = reader.TryRead(out ReadResult result);
        if (read)
        {
            reader.AdvanceTo(result.Buffer.End);
        }

        return (read, result.IsCompleted, result.Buffer.Length);
    }

    private static async Task<Type?> CanceledCopyOfCompletedAsync(PipeReader reader, bool toStream)
    {
        reader.Complete();
        var canceled = new CancellationToken(canceled: true);
        Task copy = toStream ? reader.CopyToAsync(new MemoryStream(), canceled) : reader.CopyToAsync(new Pipe().Writer, canceled);
        return (await Record.ExceptionAsync(() => copy))?.GetType();
    }

    /// <summary>A writer over a pipe's that hands out at most <c>limit</c> bytes of memory at a time.</summary>
    private sealed class StingyWriter(PipeWriter inner, int limit) : PipeWriter
    {
        public override void Advance(int bytes) => inner.Advance(bytes);

        public override Memory<byte> GetMemory(int sizeHint = 0)
        {
            Memory<byte> memory = inner.GetMemory(sizeHint);
            return memory[..Math.Min(limit, memory.Length)];
        }

        public override Span<byte> GetSpan(int sizeHint = 0) => this.GetMemory(sizeHint).Span;

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => inner.FlushAsync(cancellationToken);

        public override void CancelPendingFlush() => inner.CancelPendingFlush();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);
    }
}
