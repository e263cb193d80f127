using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// The reader's segments are BufferSize bytes, as the option promises (one segment, one read), even when the pool
/// hands out larger blocks: <see cref="System.Buffers.MemoryPool{T}.Shared"/> rents 128 bytes for 100.
/// </summary>
public sealed class FilePipeReaderSegmentTests : IDisposable
{
    private const int Segment = 100;
    private readonly ScratchFiles files = new();

    public static TheoryData<int, int> Modes => new()
    {
        { 0, 1 }, // inline
        { 3, 1 }, // one background read
        { 4, 2 }, // parallel reads
    };

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task NoSegmentHoldsMoreThanBufferSizeBytes(int readAhead, int parallelReads)
    {
        string path = this.files.WriteRandom("segments.bin", 1_050);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = readAhead, ParallelReads = parallelReads });
        var output = new MemoryStream();
        int segments = 0;

        for (int reads = 0; reads < PipeDrain.MaxReads; reads++)
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            foreach (ReadOnlyMemory<byte> memory in result.Buffer)
            {
                Assert.InRange(memory.Length, 1, Segment);
                output.Write(memory.Span);
                segments++;
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
        Assert.Equal(11, segments);
    }

    [Fact]
    public async Task AnInlineReadReturnsOneSegmentOfBufferSizeBytes()
    {
        string path = this.files.WriteRandom("inline.bin", 1_050);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment });

        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(Segment, first.Buffer.Length);
        Assert.False(first.IsCompleted);

        // Nothing consumed, everything examined: the next read appends one more segment.
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        ReadResult second = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(2 * Segment, second.Buffer.Length);
        Assert.False(second.Buffer.IsSingleSegment);
        reader.AdvanceTo(second.Buffer.End);
        reader.Complete();
    }

    [Fact]
    public async Task ACopyToAPipeWriterTakesAtMostBufferSizeBytesPerRead()
    {
        // A Pipe hands out 4 KiB of memory; the copy still reads one segment's worth into it at a time.
        string path = this.files.WriteRandom("copy-writer.bin", 1_050);
        var pipe = new Pipe();
        var destination = new RecordingWriter(pipe.Writer);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment });

        await reader.CopyToAsync(destination, TestTimeout.Token());
        reader.Complete();
        pipe.Writer.Complete();

        Assert.Equal(File.ReadAllBytes(path), await PipeDrain.ReadAllAsync(pipe.Reader, TestTimeout.Token()));
        Assert.All(destination.Advances, count => Assert.InRange(count, 0, Segment));
        Assert.Equal(10, destination.Advances.Count(count => count == Segment));
    }

    [Fact]
    public async Task ACopyToAStreamWritesAtMostBufferSizeBytesAtATime()
    {
        string path = this.files.WriteRandom("copy-stream.bin", 1_050);
        var destination = new RecordingStream();
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Segment });

        await reader.CopyToAsync(destination, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), destination.ToArray());
        Assert.Equal(Enumerable.Repeat(Segment, 10).Append(50), destination.Writes);
    }

    public void Dispose() => this.files.Dispose();

    /// <summary>Passes everything to a pipe's writer, recording each <see cref="PipeWriter.Advance"/>.</summary>
    private sealed class RecordingWriter(PipeWriter inner) : PipeWriter
    {
        public List<int> Advances { get; } = [];

        public override void Advance(int bytes)
        {
            this.Advances.Add(bytes);
            inner.Advance(bytes);
        }

        public override Memory<byte> GetMemory(int sizeHint = 0) => inner.GetMemory(sizeHint);

        public override Span<byte> GetSpan(int sizeHint = 0) => inner.GetSpan(sizeHint);

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => inner.FlushAsync(cancellationToken);

        public override void CancelPendingFlush() => inner.CancelPendingFlush();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);
    }

    /// <summary>Keeps what it is given, recording the size of each write.</summary>
    private sealed class RecordingStream : MemoryStream
    {
        public List<int> Writes { get; } = [];

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            this.Writes.Add(buffer.Length);
            return base.WriteAsync(buffer, cancellationToken);
        }
    }
}
