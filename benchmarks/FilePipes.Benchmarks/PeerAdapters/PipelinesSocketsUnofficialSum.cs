#if PEER_ADAPTERS
using System.IO.Pipelines;
using FilePipes.Benchmarks.Reading;
using Pipelines.Sockets.Unofficial;

namespace FilePipes.Benchmarks.PeerAdapters;

/// <summary>
/// Read + sum through Pipelines.Sockets.Unofficial's <c>StreamConnection.GetReader</c>, a background pump into a
/// <see cref="Pipe"/>. BufferSize mapping: unbuffered FileStream; the pump calls <c>GetMemory(1)</c> and reads into
/// the whole segment, so segments of BufferSize (<see cref="PumpPipeOptions"/>) make each read one system call for
/// BufferSize bytes.
/// </summary>
public static class PipelinesSocketsUnofficialSum
{
    /// <summary>Reads the whole file.</summary>
    /// <param name="path">The file.</param>
    /// <param name="options">The open options.</param>
    /// <param name="pipeOptions">From <see cref="PumpPipeOptions.For"/>.</param>
    /// <returns>The sum of the file's ulongs.</returns>
    public static async Task<ulong> SumAsync(string path, FileOptions options, PipeOptions pipeOptions)
    {
        // GetReader leaves the stream to its caller.
        await using FileStream stream = FileStreamSum.OpenUnbuffered(path, options);
        return await PipeSum.DrainAsync(StreamConnection.GetReader(stream, pipeOptions)).ConfigureAwait(false);
    }
}
#endif
