using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A range that ends exactly where a read ends: the read that delivers its last byte already says the data has ended,
/// as a <see cref="Pipe"/>'s read does once its writer wrote the last byte and completed; no extra empty read.
/// </summary>
public sealed class FilePipeReaderRangeEndTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Theory]
    [InlineData(4096)]
    [InlineData(2 * 4096)]
    [InlineData(1000)]
    public async Task TheReadThatReachesTheEndOfARangeSaysCompleted(int length)
    {
        string path = this.files.WriteRandom("range.bin", 3 * 4096 + 100);
        byte[] expected = File.ReadAllBytes(path)[100..(100 + length)];
        var options = new FilePipeOptions { BufferSize = 4096, ReadAhead = 0, Offset = 100, Length = length };
        PipeReader reader = FilePipe.OpenReader(path, options);

        var delivered = new List<byte>();
        ReadResult result;
        do
        {
            result = await reader.ReadAsync(TestTimeout.Token());
            delivered.AddRange(result.Buffer.ToArray());

            // Every read before the last one delivers bytes; the one that delivers the range's last byte ends it.
            Assert.True(result.Buffer.Length > 0, $"an empty read after {delivered.Count} bytes");
            Assert.Equal(delivered.Count == length, result.IsCompleted);
            reader.AdvanceTo(result.Buffer.End);
        }
        while (!result.IsCompleted);

        reader.Complete();
        Assert.Equal(expected, delivered.ToArray());
    }

    [Fact]
    public async Task AnEmptyRangeEndsOnTheFirstRead()
    {
        string path = this.files.WriteRandom("empty-range.bin", 4096);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0, Offset = 10, Length = 0 });

        ReadResult result = await reader.ReadAsync(TestTimeout.Token());

        Assert.True(result.IsCompleted);
        Assert.True(result.Buffer.IsEmpty);
        reader.AdvanceTo(result.Buffer.End);
        reader.Complete();
    }

    public void Dispose() => this.files.Dispose();
}
