using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks.LineSearch;

/// <summary>
/// The fastest single-threaded synchronous scan: read into one byte buffer and search it with the vectorized
/// <see cref="MemoryExtensions.IndexOf{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>, counting newlines only in what was
/// passed over. BufferSize mapping: unbuffered FileStream, every read is BufferSize bytes.
/// </summary>
public static class ByteBufferLineSearch
{
    /// <summary>Allocates the buffer <see cref="Find"/> needs.</summary>
    /// <param name="bufferSize">BufferSize.</param>
    /// <param name="needle">The bytes to find.</param>
    /// <returns>A buffer of BufferSize plus room for the bytes kept from the previous read.</returns>
    public static byte[] CreateBuffer(int bufferSize, ReadOnlySpan<byte> needle) => new byte[bufferSize + needle.Length - 1];

    /// <summary>Finds the line holding the first occurrence of <paramref name="needle"/>.</summary>
    /// <param name="path">The file.</param>
    /// <param name="buffer">From <see cref="CreateBuffer"/>.</param>
    /// <param name="needle">The bytes to find; contains no newline.</param>
    /// <returns>The 1-based line number, or 0 when the file does not hold it.</returns>
    public static int Find(string path, byte[] buffer, ReadOnlySpan<byte> needle)
    {
        using FileStream stream = FileStreamSum.OpenUnbuffered(path, FileOptions.SequentialScan);
        int readSize = buffer.Length - (needle.Length - 1);
        int kept = 0;
        int newlines = 0;
        while (true)
        {
            int read = stream.Read(buffer, kept, readSize);
            int valid = kept + read;
            ReadOnlySpan<byte> window = buffer.AsSpan(0, valid);
            int at = window.IndexOf(needle);
            if (at >= 0)
            {
                return newlines + window[..at].Count((byte)'\n') + 1;
            }

            if (read == 0)
            {
                return 0;
            }

            // The last needle.Length - 1 bytes may start a match that the next read completes.
            kept = Math.Min(needle.Length - 1, valid);
            newlines += window[..(valid - kept)].Count((byte)'\n');
            window[(valid - kept)..].CopyTo(buffer);
        }
    }
}
