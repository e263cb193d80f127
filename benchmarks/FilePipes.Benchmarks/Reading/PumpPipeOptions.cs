using System.IO.Pipelines;

namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// The <see cref="PipeOptions"/> every pump adapter (naive, Nerdbank.Streams, Pipelines.Sockets.Unofficial) gets.
/// BufferSize mapping: the minimum segment size is BufferSize, and each pump asks for a segment and reads into it
/// whole, so every read is one system call for BufferSize bytes, as in every other method. Back-pressure stays at the
/// System.IO.Pipelines defaults (pause at 64 KiB, resume at 32 KiB): that is how these adapters are used, and how the
/// issue's orientation figures were taken.
/// </summary>
public static class PumpPipeOptions
{
    /// <summary>Creates the options for one buffer size.</summary>
    /// <param name="bufferSize">BufferSize.</param>
    /// <returns>The options.</returns>
    public static PipeOptions For(int bufferSize) =>
        new(minimumSegmentSize: bufferSize, useSynchronizationContext: false);
}
