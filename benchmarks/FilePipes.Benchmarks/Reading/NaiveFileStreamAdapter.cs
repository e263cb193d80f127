using System.IO.Pipelines;

namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// The seed report's own adapter: a pump of <c>GetMemory</c>/<c>ReadAsync</c>/<c>Advance</c>/<c>FlushAsync</c> from a
/// <see cref="FileStream"/> into a <see cref="Pipe"/>. BufferSize mapping: unbuffered FileStream, and
/// <c>GetMemory(BufferSize)</c> on a pipe whose segments are BufferSize (see <see cref="PumpPipeOptions"/>).
/// </summary>
public sealed class NaiveFileStreamAdapter : IAsyncDisposable
{
    private readonly FileStream stream;
    private readonly Pipe pipe;
    private readonly Task pump;

    private NaiveFileStreamAdapter(string path, int bufferSize, FileOptions options, PipeOptions pipeOptions)
    {
        this.stream = FileStreamSum.OpenUnbuffered(path, options);
        this.pipe = new Pipe(pipeOptions);

        // Started inline, not on Task.Run, as the seed did: it runs until the pipe pushes back.
        this.pump = this.PumpAsync(bufferSize);
    }

    /// <summary>Gets the reading end.</summary>
    public PipeReader Reader => this.pipe.Reader;

    /// <summary>Opens the file and starts the pump.</summary>
    /// <param name="path">The file.</param>
    /// <param name="bufferSize">BufferSize.</param>
    /// <param name="options">The open options.</param>
    /// <param name="pipeOptions">From <see cref="PumpPipeOptions.For"/>.</param>
    /// <returns>The running adapter.</returns>
    public static NaiveFileStreamAdapter Start(string path, int bufferSize, FileOptions options, PipeOptions pipeOptions) =>
        new(path, bufferSize, options, pipeOptions);

    /// <summary>Waits for the pump and closes the file.</summary>
    /// <returns>A task.</returns>
    public async ValueTask DisposeAsync()
    {
        try
        {
            await this.pump.ConfigureAwait(false);
        }
        finally
        {
            await this.stream.DisposeAsync().ConfigureAwait(false);
        }
    }

    private async Task PumpAsync(int bufferSize)
    {
        PipeWriter writer = this.pipe.Writer;
        Exception? failure = null;
        try
        {
            while (true)
            {
                int read = await this.stream.ReadAsync(writer.GetMemory(bufferSize)).ConfigureAwait(false);
                if (read == 0)
                {
                    break;
                }

                writer.Advance(read);
                FlushResult flushed = await writer.FlushAsync().ConfigureAwait(false);
                if (flushed.IsCompleted)
                {
                    break;
                }
            }
        }
        catch (Exception ex)
        {
            failure = ex;
        }

        await writer.CompleteAsync(failure).ConfigureAwait(false);
    }
}
