using System.Text;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks.LineSearch;

/// <summary>
/// The everyday way: <see cref="StreamReader.ReadLineAsync()"/> and <see cref="string.Contains(string, StringComparison)"/>.
/// BufferSize mapping: unbuffered FileStream under a StreamReader whose buffer is BufferSize bytes.
/// </summary>
public static class StreamReaderLineSearch
{
    /// <summary>Finds the first line holding <paramref name="needle"/>.</summary>
    /// <param name="path">The file.</param>
    /// <param name="bufferSize">BufferSize.</param>
    /// <param name="needle">The text to find.</param>
    /// <returns>The 1-based line number, or 0 when no line holds it.</returns>
    public static async Task<int> FindAsync(string path, int bufferSize, string needle)
    {
        using var reader = new StreamReader(
            FileStreamSum.OpenUnbuffered(path, FileOptions.SequentialScan), Encoding.UTF8, detectEncodingFromByteOrderMarks: false, bufferSize);
        int number = 0;
        while (await reader.ReadLineAsync().ConfigureAwait(false) is { } line)
        {
            number++;
            if (line.Contains(needle, StringComparison.Ordinal))
            {
                return number;
            }
        }

        return 0;
    }
}
