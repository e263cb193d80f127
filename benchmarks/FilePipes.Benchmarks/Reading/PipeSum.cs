using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Benchmarks.Reading;

/// <summary>Drains any <see cref="PipeReader"/>, summing its ulongs, then completes it.</summary>
public static class PipeSum
{
    /// <summary>Reads to the end. Everything is consumed at once; <see cref="UlongSum"/> carries a value split
    /// across two reads or two segments.</summary>
    /// <param name="reader">The reader; completed on return.</param>
    /// <returns>The sum of the ulongs read.</returns>
    public static async ValueTask<ulong> DrainAsync(PipeReader reader)
    {
        var sum = default(UlongSum);
        try
        {
            while (true)
            {
                ReadResult result = await reader.ReadAsync().ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = result.Buffer;
                sum.Add(buffer);
                reader.AdvanceTo(buffer.End);
                if (result.IsCompleted)
                {
                    break;
                }
            }
        }
        finally
        {
            await reader.CompleteAsync().ConfigureAwait(false);
        }

        return sum.Total;
    }
}
