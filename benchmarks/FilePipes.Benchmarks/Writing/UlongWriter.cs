using System.IO.Pipelines;
using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Writing;

/// <summary>
/// Writes the ulong sequence of a <see cref="UlongFile"/>, producing each chunk of BufferSize bytes just before it is
/// written, in the caller's buffer for streams and in the pipe's own memory for pipe writers. BufferSize mapping: each
/// chunk is one write of BufferSize bytes (FileStream unbuffered; pipe writers flushed after every chunk).
/// </summary>
public static class UlongWriter
{
    /// <summary>Writes synchronously through a stream.</summary>
    /// <param name="stream">The destination.</param>
    /// <param name="length">Bytes to write; a multiple of 8.</param>
    /// <param name="buffer">The caller's buffer; its length is BufferSize, a multiple of 8.</param>
    /// <returns>The bytes written.</returns>
    public static long Write(Stream stream, long length, byte[] buffer)
    {
        ulong next = 0;
        for (long remaining = length; remaining > 0;)
        {
            int size = (int)Math.Min(buffer.Length, remaining);
            next = UlongSequence.Fill(buffer.AsSpan(0, size), next);
            stream.Write(buffer, 0, size);
            remaining -= size;
        }

        return length;
    }

    /// <summary>Writes asynchronously through a stream.</summary>
    /// <param name="stream">The destination.</param>
    /// <param name="length">Bytes to write; a multiple of 8.</param>
    /// <param name="buffer">The caller's buffer; its length is BufferSize, a multiple of 8.</param>
    /// <returns>The bytes written.</returns>
    public static async Task<long> WriteAsync(Stream stream, long length, byte[] buffer)
    {
        ulong next = 0;
        for (long remaining = length; remaining > 0;)
        {
            int size = (int)Math.Min(buffer.Length, remaining);
            next = UlongSequence.Fill(buffer.AsSpan(0, size), next);
            await stream.WriteAsync(buffer.AsMemory(0, size)).ConfigureAwait(false);
            remaining -= size;
        }

        return length;
    }

    /// <summary>Writes through a pipe writer, then completes it.</summary>
    /// <param name="writer">The destination; completed on return.</param>
    /// <param name="length">Bytes to write; a multiple of 8.</param>
    /// <param name="bufferSize">BufferSize, a multiple of 8.</param>
    /// <returns>The bytes written.</returns>
    public static async Task<long> WriteAsync(PipeWriter writer, long length, int bufferSize)
    {
        Exception? failure = null;
        try
        {
            ulong next = 0;
            for (long remaining = length; remaining > 0;)
            {
                int size = (int)Math.Min(bufferSize, remaining);
                next = UlongSequence.Fill(writer.GetSpan(size)[..size], next);
                writer.Advance(size);
                await writer.FlushAsync().ConfigureAwait(false);
                remaining -= size;
            }
        }
        catch (Exception ex)
        {
            failure = ex;
            throw;
        }
        finally
        {
            await writer.CompleteAsync(failure).ConfigureAwait(false);
        }

        return length;
    }
}
