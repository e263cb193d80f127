using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Benchmarks.LineSearch;

/// <summary>
/// The same scan as <see cref="ByteBufferLineSearch"/>, over any <see cref="PipeReader"/>: a vectorized search of each
/// segment, and <see cref="SequenceReader{T}.IsNext(ReadOnlySpan{T}, bool)"/> for a match split across segments. So the
/// pipe methods differ from each other, and from the byte buffer, only in how the bytes arrive.
/// </summary>
public static class SequenceLineSearch
{
    /// <summary>Finds the line holding the first occurrence of <paramref name="needle"/>, then completes the reader.</summary>
    /// <param name="reader">The reader.</param>
    /// <param name="needle">The bytes to find; contains no newline.</param>
    /// <returns>The 1-based line number, or 0 when the input does not hold it.</returns>
    public static async ValueTask<int> FindAsync(PipeReader reader, ReadOnlyMemory<byte> needle)
    {
        int newlines = 0;
        try
        {
            while (true)
            {
                ReadResult result = await reader.ReadAsync().ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = result.Buffer;
                if (Scan(buffer, result.IsCompleted, needle.Span, ref newlines, out SequencePosition consumed))
                {
                    return newlines + 1;
                }

                if (result.IsCompleted)
                {
                    return 0;
                }

                reader.AdvanceTo(consumed, buffer.End);
            }
        }
        finally
        {
            await reader.CompleteAsync().ConfigureAwait(false);
        }
    }

    /// <summary>Searches one read's buffer.</summary>
    /// <param name="buffer">The unconsumed bytes.</param>
    /// <param name="isFinal">Whether no more bytes will come.</param>
    /// <param name="needle">The bytes to find.</param>
    /// <param name="newlines">Newlines before <paramref name="buffer"/>; on a match, before the match.</param>
    /// <param name="consumed">How far the bytes were dealt with, when there was no match.</param>
    /// <returns>Whether the needle was found.</returns>
    internal static bool Scan(in ReadOnlySequence<byte> buffer, bool isFinal, ReadOnlySpan<byte> needle, ref int newlines, out SequencePosition consumed)
    {
        // Unless this is the end, a match may start in the last needle.Length - 1 bytes and end in the next read.
        long searchable = isFinal ? buffer.Length : Math.Max(0, buffer.Length - (needle.Length - 1));
        var reader = new SequenceReader<byte>(buffer);
        while (reader.Consumed < searchable)
        {
            ReadOnlySpan<byte> span = reader.UnreadSpan;
            int limit = (int)Math.Min(span.Length, searchable - reader.Consumed);
            int at = span.IndexOf(needle);
            if (at >= 0 && at < limit)
            {
                newlines += span[..at].Count((byte)'\n');
                consumed = default;
                return true;
            }

            // A match that starts near the end of this segment and continues in the next one.
            for (int start = Math.Max(0, span.Length - needle.Length + 1); start < limit; start++)
            {
                if (span[start] == needle[0])
                {
                    SequenceReader<byte> probe = reader;
                    probe.Advance(start);
                    if (probe.IsNext(needle))
                    {
                        newlines += span[..start].Count((byte)'\n');
                        consumed = default;
                        return true;
                    }
                }
            }

            newlines += span[..limit].Count((byte)'\n');
            reader.Advance(limit);
        }

        consumed = reader.Position;
        return false;
    }
}
