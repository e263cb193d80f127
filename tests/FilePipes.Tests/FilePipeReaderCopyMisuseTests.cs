using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A consumer call made while a copy to a <see cref="PipeWriter"/> is under way, its flush held by a destination that
/// has not read: <see cref="Pipe"/>'s reader refuses it as a second read, and so must the file reader, without losing
/// a byte of the copy (the direct phase holds the inline reader's gate across its awaits).
/// </summary>
public sealed class FilePipeReaderCopyMisuseTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task AReadDuringACopyIsRefusedAsOnAPipeAndTheCopyLosesNothing(bool tryRead)
    {
        const int length = 32 * 1024;
        string path = this.files.WriteRandom("copying.bin", length);
        byte[] file = File.ReadAllBytes(path);

        var source = new Pipe();
        await source.Writer.WriteAsync(file, TestTimeout.Token());
        source.Writer.Complete();
        (Exception? expected, byte[] pipeCopy) = await MisuseDuringCopyAsync(source.Reader, tryRead);

        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 });
        (Exception? actual, byte[] copied) = await MisuseDuringCopyAsync(reader, tryRead);
        reader.Complete();

        Assert.IsType<InvalidOperationException>(actual);
        Assert.Equal(expected?.GetType(), actual.GetType());
        Assert.Equal(expected!.Message, actual.Message);
        Assert.Equal(file, pipeCopy);
        Assert.Equal(file, copied);
    }

    public static TheoryData<bool, int> CopiesAfterComplete() => new()
    {
        { false, 0 }, { true, 0 }, { false, -1 }, { true, -1 }, { false, 1 }, { true, 1 },
    };

    /// <summary>A copy after Complete is refused as a read after Complete, as <see cref="Pipe"/>'s is: inline, with no
    /// buffer left, it would start its direct phase, and the gate (which Complete closed) must not answer first.</summary>
    /// <param name="toStream">Whether the destination is a stream (else a <see cref="PipeWriter"/>).</param>
    /// <param name="readAhead">The option; -1 leaves it unset, so the reader chooses by the file's length.</param>
    [Theory]
    [MemberData(nameof(CopiesAfterComplete))]
    public async Task ACopyAfterCompleteIsRefusedAsOnAPipe(bool toStream, int readAhead)
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[100], TestTimeout.Token());
        pipe.Writer.Complete();
        pipe.Reader.Complete();
        Exception? expected = await Record.ExceptionAsync(() => CopyAsync(pipe.Reader, toStream));

        string path = this.files.WriteRandom("copy-after-complete.bin", 100);
        FilePipeReader reader = FilePipe.OpenReader(
            path, readAhead < 0 ? new FilePipeOptions { BufferSize = 4096 } : new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        reader.Complete();
        Exception? actual = await Record.ExceptionAsync(() => CopyAsync(reader, toStream));

        Assert.IsType<InvalidOperationException>(expected);
        Assert.Equal(expected.GetType(), actual?.GetType());
        Assert.Equal(expected.Message, actual!.Message);
    }

    private static Task CopyAsync(PipeReader reader, bool toStream) => toStream
        ? reader.CopyToAsync(new MemoryStream(), TestTimeout.Token())
        : reader.CopyToAsync(PipeWriter.Create(new MemoryStream()), TestTimeout.Token());

    /// <summary>Starts a copy into a pipe that pauses its writer at once, makes the misuse while the copy's first flush
    /// waits, then drains the destination.</summary>
    private static async Task<(Exception? Misuse, byte[] Copied)> MisuseDuringCopyAsync(PipeReader reader, bool tryRead)
    {
        var destination = new Pipe(new PipeOptions(pauseWriterThreshold: 1024, resumeWriterThreshold: 512, useSynchronizationContext: false));
        Task copy = Task.Run(async () =>
        {
            await reader.CopyToAsync(destination.Writer, TestTimeout.Token());
            destination.Writer.Complete();
        });

        // Data in the destination, not yet read: the copy waits in its flush until the destination is read.
        ReadResult first = await destination.Reader.ReadAsync(TestTimeout.Token());
        Exception? misuse = await Record.ExceptionAsync(async () =>
        {
            if (tryRead)
            {
                reader.TryRead(out _);
            }
            else
            {
                await reader.ReadAsync(TestTimeout.Token());
            }
        });

        destination.Reader.AdvanceTo(first.Buffer.Start);
        byte[] copied = await PipeDrain.ReadAllAsync(destination.Reader, TestTimeout.Token());
        await copy.WaitAsync(TestTimeout.Limit);
        destination.Reader.Complete();
        return (misuse, copied);
    }

    public void Dispose() => this.files.Dispose();
}
