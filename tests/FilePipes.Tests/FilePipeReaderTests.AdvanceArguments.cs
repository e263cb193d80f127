using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>AdvanceTo's arguments of every kind after every kind of result, against a real <see cref="Pipe"/> where it
/// defines the answer; and positions the reader cannot prove to be in its buffer, refused every time.</summary>
public sealed partial class FilePipeReaderTests
{
    [Fact]
    public async Task AdvancingAfterATryReadThatReturnedFalseEndsTheTentativeReadAsOnAPipe()
    {
        // Pipe counts a TryRead that returned false as a read, which an AdvanceTo within its last buffer may end.
        byte[] data = [.. Enumerable.Range(1, 10).Select(i => (byte)i)];
        string path = this.files.PathOf("tentative.bin");
        File.WriteAllBytes(path, data);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = 0 });
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(data, TestTimeout.Token());

        foreach (PipeReader subject in new[] { reader, pipe.Reader })
        {
            ReadResult read = await subject.ReadAsync(TestTimeout.Token());
            subject.AdvanceTo(read.Buffer.Start, read.Buffer.End);
            Assert.False(subject.TryRead(out _));

            subject.AdvanceTo(read.Buffer.GetPosition(4), read.Buffer.End);
            Assert.Throws<InvalidOperationException>(() => subject.AdvanceTo(read.Buffer.GetPosition(4), read.Buffer.End));
        }

        pipe.Writer.Complete();
        Assert.Equal(data[4..], await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        Assert.Equal(data[4..], await PipeDrain.ReadAllAsync(pipe.Reader, TestTimeout.Token()));
        reader.Complete();
        pipe.Reader.Complete();
    }

    [Fact]
    public async Task AdvancingWithADefaultExaminedPositionExaminesNothingAsOnAPipe()
    {
        // The bytes consumed were never examined: a TryRead returns at once, with nothing in it, on both.
        byte[] data = new byte[20];
        string path = this.files.PathOf("unexamined.bin");
        File.WriteAllBytes(path, data);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 10, ReadAhead = 0 });
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(data.AsMemory(0, 10), TestTimeout.Token());

        foreach (PipeReader subject in new[] { reader, pipe.Reader })
        {
            ReadResult read = await subject.ReadAsync(TestTimeout.Token());
            Assert.Equal(10, read.Buffer.Length);
            subject.AdvanceTo(read.Buffer.End, default);

            Assert.True(subject.TryRead(out ReadResult empty));
            Assert.True(empty.Buffer.IsEmpty);
            Assert.False(empty.IsCanceled || empty.IsCompleted);
            subject.AdvanceTo(empty.Buffer.Start);
        }

        reader.Complete();
        pipe.Reader.Complete();
        pipe.Writer.Complete();
    }

    [Fact]
    public async Task AnExaminedPositionBeforeTheLastOneExaminedTakesNothingBack()
    {
        // Pipe's contract is never less examined than before: 8.0's Pipe throws, 10.0's counts the bytes as new to its
        // TryRead (but not to its ReadAsync). The reader keeps the furthest: the bytes stay examined.
        string path = this.files.WriteRandom("examined-back.bin", 200);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 100, ReadAhead = 0 });
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        reader.CancelPendingRead();
        ReadResult canceled = await reader.ReadAsync(TestTimeout.Token());
        Assert.True(canceled.IsCanceled);

        reader.AdvanceTo(canceled.Buffer.Start, canceled.Buffer.GetPosition(50));

        Assert.False(reader.TryRead(out _));
        reader.AdvanceTo(default);
        Assert.Equal(File.ReadAllBytes(path), await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        reader.Complete();
    }

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

    [Fact]
    public async Task APositionIntoASegmentReadAheadPastTheBufferIsRefused()
    {
        // Read-ahead of one segment, whose reads run only when the test runs them: each block is handed out twice, and
        // the first block comes back as its first segment, read ahead past the buffer returned. A position from its
        // first use (three buffers back, which the reader does not promise to refuse) would otherwise be taken as the
        // buffer's end, and the whole buffer consumed unread.
        const int Segment = 100;
        string path = this.files.WriteRandom("read-ahead-stale.bin", 10 * Segment);
        byte[] all = File.ReadAllBytes(path);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 1, Pool = new OutstandingBlockPool() }, out FilePipeReader.Probe probe);
        var queued = new ConcurrentQueue<IThreadPoolWorkItem>();
        probe.QueueRun = queued.Enqueue;
        probe.ConsumerReads = false;

        ReadResult first = await ReadThenReadAheadAsync(reader, queued);
        SequencePosition stale = first.Buffer.Start;
        reader.AdvanceTo(first.Buffer.End);
        for (int i = 1; i < 3; i++)
        {
            ReadResult read = await ReadThenReadAheadAsync(reader, queued);
            Assert.Equal(all[(i * Segment)..((i + 1) * Segment)], read.Buffer.ToArray());
            reader.AdvanceTo(read.Buffer.End);
        }

        ReadResult last = await ReadThenReadAheadAsync(reader, queued);
        Assert.Same(stale.GetObject(), ((ReadOnlySequenceSegment<byte>)last.Buffer.Start.GetObject()!).Next);

        Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(stale));
        reader.AdvanceTo(last.Buffer.Start);
        probe.QueueRun = null;
        Assert.Equal(all[(3 * Segment)..], await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        reader.Complete();
    }

    // A read, with the background read it waits for run on this thread, then the read ahead its result starts.
    private static async Task<ReadResult> ReadThenReadAheadAsync(FilePipeReader reader, ConcurrentQueue<IThreadPoolWorkItem> queued)
    {
        ValueTask<ReadResult> read = reader.ReadAsync(TestTimeout.Token());
        RunQueued(queued);
        ReadResult result = await read;
        RunQueued(queued);
        return result;
    }

    private static void RunQueued(ConcurrentQueue<IThreadPoolWorkItem> queued)
    {
        while (queued.TryDequeue(out IThreadPoolWorkItem? run))
        {
            run.Execute();
        }
    }
}
