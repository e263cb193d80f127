using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>Positions the reader cannot prove to be in its buffer, refused every time.</summary>
public sealed partial class FilePipeReaderTests
{
    [Fact]
    public async Task APositionOfAPlainSequenceIsRefusedAsAnotherReadersIs()
    {
        // Pipe casts every position to its own segment type (InvalidCastException for an array's); the reader refuses
        // every position not in its buffer with one error.
        PipeReader sequence = PipeReader.Create(new ReadOnlySequence<byte>(new byte[100]));
        ReadResult foreign = await sequence.ReadAsync(TestTimeout.Token());
        string path = this.files.WriteRandom("array-position.bin", 100);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = 0 });
        PipeReader other = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = 0 });
        ReadResult read = await reader.ReadAsync(TestTimeout.Token());
        ReadResult otherRead = await other.ReadAsync(TestTimeout.Token());

        var fromArray = Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(foreign.Buffer.GetPosition(10)));
        var fromReader = Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(otherRead.Buffer.GetPosition(10)));

        Assert.Equal(fromReader.Message, fromArray.Message);
        reader.AdvanceTo(read.Buffer.End);
        reader.Complete();
        other.Complete();
        sequence.Complete();
    }

    [Fact]
    public async Task APositionFromBeforeACanceledCopyIsRefusedAfterIt()
    {
        // The copy's segment is the other twin of the block the first read handed out, and the consumer never sees it:
        // the read after the copy must not get the first read's segment back, or the stale position would be taken
        // as one in the new buffer and skip 10 bytes.
        const int Segment = 4096;
        string path = this.files.WriteRandom("copy-stale.bin", 4 * Segment);
        byte[] all = File.ReadAllBytes(path);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0 });
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        SequencePosition stale = first.Buffer.GetPosition(10);
        reader.AdvanceTo(first.Buffer.End);
        var destination = new CancelingStream(reader.CancelPendingRead);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reader.CopyToAsync(destination, TestTimeout.Token()));
        Assert.Equal(all[Segment..(2 * Segment)], destination.Taken);

        ReadResult after = await reader.ReadAsync(TestTimeout.Token());

        Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(stale));
        Assert.Equal(all[(2 * Segment)..(3 * Segment)], after.Buffer.ToArray());
        reader.AdvanceTo(after.Buffer.Start);
        Assert.Equal(all[(2 * Segment)..], await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        reader.Complete();
    }
}
