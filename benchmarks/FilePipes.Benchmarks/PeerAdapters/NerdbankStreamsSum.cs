#if PEER_ADAPTERS
using System.IO.Pipelines;
using FilePipes.Benchmarks.Reading;
using Nerdbank.Streams;

namespace FilePipes.Benchmarks.PeerAdapters;

/// <summary>
/// Read + sum through Nerdbank.Streams' <c>UsePipeReader</c>, a background pump into a <see cref="Pipe"/>.
/// BufferSize mapping: unbuffered FileStream, <c>sizeHint</c> = BufferSize (the pump's <c>GetMemory</c> argument),
/// and segments of BufferSize (<see cref="PumpPipeOptions"/>): one system call for BufferSize bytes per read.
/// </summary>
public static class NerdbankStreamsSum
{
    /// <summary>Reads the whole file.</summary>
    /// <param name="path">The file.</param>
    /// <param name="bufferSize">BufferSize.</param>
    /// <param name="options">The open options.</param>
    /// <param name="pipeOptions">From <see cref="PumpPipeOptions.For"/>.</param>
    /// <returns>The sum of the file's ulongs.</returns>
    public static async Task<ulong> SumAsync(string path, int bufferSize, FileOptions options, PipeOptions pipeOptions)
    {
        // UsePipeReader never disposes the stream, so it is disposed here, after the pipe is drained.
        await using FileStream stream = FileStreamSum.OpenUnbuffered(path, options);
        return await PipeSum.DrainAsync(stream.UsePipeReader(bufferSize, pipeOptions)).ConfigureAwait(false);
    }
}
#endif
