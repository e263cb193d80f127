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
