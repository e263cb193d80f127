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

        await reader.CopyToAsync(destination);
        ReadResult after = await reader.ReadAsync();
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
        Task copy = reader.CopyToAsync(pipe.Writer).ContinueWith(t => pipe.Writer.Complete(t.Exception), TaskScheduler.Default);
        byte[] rest = await PipeDrain.ReadAllAsync(pipe.Reader).WaitAsync(TimeSpan.FromSeconds(20));
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

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reader.CopyToAsync(Stream.Null));
        reader.Complete();
    }

    private static async Task ConsumeAsync(PipeReader reader, int count, Stream destination)
    {
        if (count == 0)
        {
            return;
        }

        ReadResult result = await reader.ReadAsync();
        ReadOnlySequence<byte> taken = result.Buffer.Slice(0, Math.Min(count, result.Buffer.Length));
        destination.Write(taken.ToArray());
        reader.AdvanceTo(taken.End, result.Buffer.End);
    }
}
