using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// Two inline reads the round trips do not reach: one after a short read of a file that grew meanwhile (it fills the
/// room the short read left in its segment, one segment, one read), and <c>TryRead</c> after a read that failed (it
/// throws the same exception, as a <see cref="Pipe"/> whose writer failed does).
/// </summary>
public sealed class FilePipeReaderShortReadTests : IDisposable
{
    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task BytesAppendedAfterAShortReadAreDeliveredOnceWhenConsumedInParts()
    {
        // The room filled after the short read counts as buffered: a position inside it is accepted, and what lies after
        // it comes next, once.
        string path = this.files.WriteRandom("growing-parts.bin", 100, seed: 3);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 });
        CancellationToken timeout = TestTimeout.Token();

        ReadResult first = await reader.ReadAsync(timeout);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        byte[] appended = new byte[200];
        new Random(4).NextBytes(appended);
        using (FileStream stream = new(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite))
        {
            stream.Write(appended);
        }

        ReadResult second = await reader.ReadAsync(timeout);
        Assert.Equal(300, second.Buffer.Length);
        reader.AdvanceTo(second.Buffer.GetPosition(150));
        byte[] rest = await PipeDrain.ReadAllAsync(reader, timeout);
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path)[150..], rest);
    }

    [Fact]
    public async Task BytesAppendedAfterAShortReadFillTheRoomItLeftInItsSegment()
    {
        string path = this.files.WriteRandom("growing.bin", 100, seed: 1);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 });
        CancellationToken timeout = TestTimeout.Token();

        ReadResult first = await reader.ReadAsync(timeout);
        Assert.Equal(100, first.Buffer.Length);
        Assert.False(first.IsCompleted);
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);

        byte[] appended = new byte[200];
        new Random(2).NextBytes(appended);
        using (FileStream stream = new(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite))
        {
            stream.Write(appended);
        }

        ReadResult second = await reader.ReadAsync(timeout);
        byte[] expected = File.ReadAllBytes(path);
        Assert.Equal(300, expected.Length);
        Assert.Equal(expected, second.Buffer.ToArray());
        Assert.True(second.Buffer.IsSingleSegment);
        reader.AdvanceTo(second.Buffer.End);

        ReadResult end = await reader.ReadAsync(timeout);
        Assert.True(end.IsCompleted);
        Assert.Equal(0, end.Buffer.Length);
        reader.AdvanceTo(end.Buffer.End);
        reader.Complete();
    }

    [Fact]
    public async Task TryReadAfterAFailedReadThrowsTheSameExceptionAsOnAPipe()
    {
        var failure = new IOException("the writer failed");
        var pipe = new Pipe();
        await pipe.Writer.CompleteAsync(failure);
        (Exception? Read, Exception? TryRead) expected = await ReadThenTryReadAsync(pipe.Reader);
        pipe.Reader.Complete();

        // A write-only handle: the read fails in the operating system.
        string path = this.files.WriteRandom("write-only.bin", 100);
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Write);
        FilePipeReader reader = FilePipe.CreateReader(handle, new FilePipeOptions { ReadAhead = 0, LeaveOpen = true });
        (Exception? Read, Exception? TryRead) actual = await ReadThenTryReadAsync(reader);
        reader.Complete();

        Assert.Same(failure, expected.Read);
        Assert.Same(expected.Read, expected.TryRead);
        Assert.NotNull(actual.Read);
        Assert.IsNotType<InvalidOperationException>(actual.Read);
        Assert.Same(actual.Read, actual.TryRead);
    }

    private static async Task<(Exception? Read, Exception? TryRead)> ReadThenTryReadAsync(PipeReader reader)
    {
        Exception? read = await Record.ExceptionAsync(async () => await reader.ReadAsync(TestTimeout.Token()));
        Exception? tryRead = Record.Exception(() => reader.TryRead(out _));
        return (read, tryRead);
    }
}
