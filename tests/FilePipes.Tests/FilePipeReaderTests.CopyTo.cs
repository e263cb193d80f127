using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    public static TheoryData<int, int> CopyCases()
    {
        var data = new TheoryData<int, int>();
        foreach (int readAhead in ReadAheads)
        {
            // 0: copy from the start; 1000: a read first leaves data buffered, which the copy must hand over first.
            data.Add(readAhead, 0);
            data.Add(readAhead, 1000);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CopyCases))]
    public async Task CopyToAStreamCopiesEveryByteOnce(int readAhead, int consumedFirst)
    {
        string path = this.files.WriteRandom("copy-stream.bin", 300_001);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead, Offset = 7 });
        var destination = new MemoryStream();
        await ConsumeAsync(reader, consumedFirst, destination);

        await reader.CopyToAsync(destination, TestTimeout.Token());
        ReadResult after = await reader.ReadAsync(TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path)[7..], destination.ToArray());
        Assert.True(after.IsCompleted);
        Assert.True(after.Buffer.IsEmpty);
    }

    [Theory]
    [MemberData(nameof(CopyCases))]
    public async Task CopyToAPipeWriterCopiesEveryByteOnce(int readAhead, int consumedFirst)
    {
        string path = this.files.WriteRandom("copy-pipe.bin", 300_001);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead, Length = 250_000 });
        var firstPart = new MemoryStream();
        await ConsumeAsync(reader, consumedFirst, firstPart);

        // A small pause threshold makes the copy wait for the consumer, as a real pipeline would.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 20_000, resumeWriterThreshold: 10_000));
        Task copy = reader.CopyToAsync(pipe.Writer, TestTimeout.Token()).ContinueWith(t => pipe.Writer.Complete(t.Exception), TaskScheduler.Default);
        byte[] rest = await PipeDrain.ReadAllAsync(pipe.Reader, TestTimeout.Token());
        await copy;
        reader.Complete();

        byte[] copied = [.. firstPart.ToArray(), .. rest];
        Assert.Equal(File.ReadAllBytes(path)[..250_000], copied);
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task CancelPendingReadBeforeACopyCancelsIt(int readAhead)
    {
        string path = this.files.WriteRandom("copy-cancel.bin", 10_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = readAhead });

        reader.CancelPendingRead();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reader.CopyToAsync(Stream.Null, TestTimeout.Token()));
        reader.Complete();
    }

    public static TheoryData<int, int, DestinationFailure> FailedStreamCopyCases() =>
        FailedCopyCases(DestinationFailure.Throws, DestinationFailure.TokenCanceled);

    public static TheoryData<int, int, DestinationFailure> FailedWriterCopyCases() =>
        FailedCopyCases(DestinationFailure.Throws, DestinationFailure.TokenCanceled, DestinationFailure.FlushCanceled, DestinationFailure.WriterCompleted);

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AFailedCopyOfBufferedBytesEndsItsReadAsWithPipe(int readAhead)
    {
        string path = this.files.WriteRandom("copy-disposed.bin", 10_000);
        byte[] all = File.ReadAllBytes(path);
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(all, TestTimeout.Token());
        pipe.Writer.Complete();
        (Type? expectedError, byte[] expectedRest) = await CopyToADisposedStreamThenReadAsync(pipe.Reader);

        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        (Type? actualError, byte[] actualRest) = await CopyToADisposedStreamThenReadAsync(reader);
        reader.Complete();

        Assert.Equal(typeof(ObjectDisposedException), expectedError);
        Assert.Equal(expectedError, actualError);
        Assert.Equal(all[100..], expectedRest);
        Assert.Equal(expectedRest, actualRest);
    }

    [Theory]
    [MemberData(nameof(FailedStreamCopyCases))]
    public async Task AFailedCopyToAStreamLosesNothingAsWithPipe(int readAhead, int consumedFirst, DestinationFailure failure)
    {
        string path = this.files.WriteRandom("copy-fail-stream.bin", 50_000);
        byte[] all = File.ReadAllBytes(path);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        (Type? actualError, byte[] actual) = await CopyFailingOnTheThirdCallThenReadAsync(
            reader, consumedFirst, token => new FailingStream(failAt: 3, failure, token));
        reader.Complete();
        Assert.NotNull(actualError);
        Assert.Equal(all, actual);
        if (!ReferencePipe.CopiesLikeTheFileReader)
        {
            return;
        }

        var pipe = new Pipe();
        for (int at = 0; at < all.Length; at += 4096)
        {
            await pipe.Writer.WriteAsync(all.AsMemory(at, Math.Min(4096, all.Length - at)), TestTimeout.Token());
        }

        pipe.Writer.Complete();
        (Type? expectedError, byte[] expected) = await CopyFailingOnTheThirdCallThenReadAsync(
            pipe.Reader, consumedFirst, token => new FailingStream(failAt: 3, failure, token));

        Assert.Equal(expectedError, actualError);
        Assert.Equal(all, expected);
    }

    [Theory]
    [MemberData(nameof(FailedWriterCopyCases))]
    public async Task AFailedCopyToAPipeWriterNeitherLosesNorRepeatsAByte(int readAhead, int consumedFirst, DestinationFailure failure)
    {
        // Not compared with Pipe: its reader also keeps the bytes of a failed flush, which the writer holds too, so a
        // resumed copy would send them twice. This reader counts them as delivered (see FilePipeReader.CopyToAsync).
        string path = this.files.WriteRandom("copy-fail-writer.bin", 50_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        (Type? error, byte[] delivered) = await CopyFailingOnTheThirdCallThenReadAsync(
            reader, consumedFirst, token => new FailingPipeWriter(failAt: 3, failure, token));
        reader.Complete();

        Assert.NotNull(error);
        Assert.Equal(File.ReadAllBytes(path), delivered);
    }

    private static TheoryData<int, int, DestinationFailure> FailedCopyCases(params DestinationFailure[] failures)
    {
        var data = new TheoryData<int, int, DestinationFailure>();
        foreach (int readAhead in ReadAheads)
        {
            foreach (DestinationFailure failure in failures)
            {
                // 0: the copy starts at the file's start; 1000: a read first leaves bytes buffered.
                data.Add(readAhead, 0, failure);
                data.Add(readAhead, 1000, failure);
            }
        }

        return data;
    }

    private static async Task<(Type? Error, byte[] Remaining)> CopyToADisposedStreamThenReadAsync(PipeReader reader)
    {
        // A partial AdvanceTo leaves bytes buffered, which the copy hands over through the ordinary read path.
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        reader.AdvanceTo(first.Buffer.GetPosition(100));
        var disposed = new MemoryStream();
        disposed.Dispose();

        Exception? error = await Record.ExceptionAsync(() => reader.CopyToAsync(disposed, TestTimeout.Token()));
        return (error?.GetType(), await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
    }

    /// <summary>Consumes a part, copies into a destination that fails, then reads the rest.</summary>
    /// <returns>The copy's error, and every byte: consumed first, taken by the destination, then read after.</returns>
    private static async Task<(Type? Error, byte[] Delivered)> CopyFailingOnTheThirdCallThenReadAsync(
        PipeReader reader, int consumedFirst, Func<CancellationTokenSource, IFailingDestination> createDestination)
    {
        var delivered = new MemoryStream();
        await ConsumeAsync(reader, consumedFirst, delivered);
        using var copyToken = CancellationTokenSource.CreateLinkedTokenSource(TestTimeout.Token());
        IFailingDestination destination = createDestination(copyToken);

        Exception? error = await Record.ExceptionAsync(() => destination.CopyFromAsync(reader, copyToken.Token));
        delivered.Write(destination.Taken);
        delivered.Write(await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        return (error?.GetType(), delivered.ToArray());
    }

    private static async Task ConsumeAsync(PipeReader reader, int count, Stream destination)
    {
        if (count == 0)
        {
            return;
        }

        ReadResult result = await reader.ReadAsync(TestTimeout.Token());
        ReadOnlySequence<byte> taken = result.Buffer.Slice(0, Math.Min(count, result.Buffer.Length));
        destination.Write(taken.ToArray());
        reader.AdvanceTo(taken.End, result.Buffer.End);
    }
}
