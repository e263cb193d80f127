using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A copy stopped by <c>CancelPendingRead</c>, or by a destination whose flush reports canceled, fails as
/// <see cref="Pipe"/>'s copy does: with the same exception, type and message, on the ordinary read path (read-ahead,
/// or a cancel pending before the copy) and on the inline fast path (a cancel between two chunks, a flush of a chunk).
/// </summary>
public sealed class FilePipeReaderCopyCancelTests : IDisposable
{
    private const int Chunk = 4096;
    private readonly ScratchFiles files = new();

    public static TheoryData<int, bool> Modes => new()
    {
        { 0, false },
        { 0, true },
        { 2, false },
        { 2, true },
    };

    public void Dispose() => this.files.Dispose();

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task ACopyAfterCancelPendingReadFailsAsPipesCopyDoes(int readAhead, bool toStream)
    {
        FilePipeReader reader = this.OpenReader(readAhead);
        reader.CancelPendingRead();
        Exception? actual = await Record.ExceptionAsync(() => Copy(reader, toStream, new Pipe().Writer));
        reader.Complete();

        AssertAsPipe(await PipeCopyAfterCancelPendingReadAsync(toStream), actual);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task CancelPendingReadBetweenTwoInlineChunksFailsTheCopyAsPipesCopyDoes(bool toStream)
    {
        FilePipeReader reader = this.OpenReader(readAhead: 0);
        var pipe = new Pipe();
        var destination = new AfterFlushWriter(pipe.Writer, reader.CancelPendingRead);
        Exception? actual = await Record.ExceptionAsync(() => toStream
            ? reader.CopyToAsync(new CancelingStream(reader), TestTimeout.Token())
            : reader.CopyToAsync(destination, TestTimeout.Token()));
        reader.Complete();
        pipe.Writer.Complete();

        AssertAsPipe(await PipeCopyAfterCancelPendingReadAsync(toStream), actual);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2)]
    public async Task AFlushReportedCanceledFailsTheCopyAsPipesCopyDoes(int readAhead)
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[3 * Chunk], TestTimeout.Token());
        pipe.Writer.Complete();
        using var pipeToken = new CancellationTokenSource();
        Exception? expected = await Record.ExceptionAsync(
            () => pipe.Reader.CopyToAsync(new FailingPipeWriter(1, DestinationFailure.FlushCanceled, pipeToken), TestTimeout.Token()));

        FilePipeReader reader = this.OpenReader(readAhead);
        using var fileToken = new CancellationTokenSource();
        Exception? actual = await Record.ExceptionAsync(
            () => reader.CopyToAsync(new FailingPipeWriter(1, DestinationFailure.FlushCanceled, fileToken), TestTimeout.Token()));
        reader.Complete();

        AssertAsPipe(expected, actual);
    }

    private static void AssertAsPipe(Exception? expected, Exception? actual)
    {
        OperationCanceledException canceled = Assert.IsAssignableFrom<OperationCanceledException>(actual);
        if (ReferencePipe.CopiesLikeTheFileReader)
        {
            Assert.NotNull(expected);
            Assert.Equal(expected.GetType(), canceled.GetType());
            Assert.Equal(expected.Message, canceled.Message);
        }
    }

    private static async Task<Exception?> PipeCopyAfterCancelPendingReadAsync(bool toStream)
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[3 * Chunk], TestTimeout.Token());
        pipe.Writer.Complete();
        pipe.Reader.CancelPendingRead();
        Exception? error = await Record.ExceptionAsync(() => Copy(pipe.Reader, toStream, new Pipe().Writer));
        pipe.Reader.Complete();
        return error;
    }

    private static Task Copy(PipeReader reader, bool toStream, PipeWriter writer) =>
        toStream ? reader.CopyToAsync(new MemoryStream(), TestTimeout.Token()) : reader.CopyToAsync(writer, TestTimeout.Token());

    private FilePipeReader OpenReader(int readAhead) =>
        FilePipe.OpenReader(this.files.WriteRandom("cancel.bin", 3 * Chunk), new FilePipeOptions { BufferSize = Chunk, ReadAhead = readAhead });

    /// <summary>A stream that takes every write and cancels the reader's pending read after the first.</summary>
    private sealed class CancelingStream(PipeReader reader) : MemoryStream
    {
        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            reader.CancelPendingRead();
            return base.WriteAsync(buffer, cancellationToken);
        }
    }
}
