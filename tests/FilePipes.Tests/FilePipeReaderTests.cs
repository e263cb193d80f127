using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests : IDisposable
{
    private static readonly int[] BufferSizes = [512, 4096, 65536];
    private static readonly int[] ReadAheads = [0, 1, 3];

    private readonly ScratchFiles files = new();

    /// <summary>Sizes 0, 1, segment−1, segment, segment+1 for every buffer size and read-ahead depth.</summary>
    public static TheoryData<int, int, int> EdgeSizes()
    {
        var data = new TheoryData<int, int, int>();
        foreach (int bufferSize in BufferSizes)
        {
            foreach (int readAhead in ReadAheads)
            {
                foreach (int size in new[] { 0, 1, bufferSize - 1, bufferSize, bufferSize + 1 })
                {
                    data.Add(size, bufferSize, readAhead);
                }
            }
        }

        return data;
    }

    public static TheoryData<int, int> EveryMode()
    {
        var data = new TheoryData<int, int>();
        foreach (int bufferSize in BufferSizes)
        {
            foreach (int readAhead in ReadAheads)
            {
                data.Add(bufferSize, readAhead);
            }
        }

        return data;
    }

    public static TheoryData<int> ReadAheadDepths() => new(ReadAheads);

    [Theory]
    [MemberData(nameof(EdgeSizes))]
    public async Task ReadsEdgeSizesByteForByte(int size, int bufferSize, int readAhead)
    {
        string path = this.files.WriteRandom("edge.bin", size);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = bufferSize, ReadAhead = readAhead });

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
    }

    [Theory]
    [MemberData(nameof(EveryMode))]
    public async Task Reads4MiBOfRandomDataByteForByte(int bufferSize, int readAhead)
    {
        string path = this.files.WriteRandom("random.bin", 4 * 1024 * 1024);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = bufferSize, ReadAhead = readAhead });

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
    }

    [Theory]
    [InlineData(0, -1, 0)]
    [InlineData(1000, -1, 0)]
    [InlineData(1000, 5000, 0)]
    [InlineData(4096, 4096, 0)]
    [InlineData(100, 0, 0)]
    [InlineData(9000, 50_000, 0)]
    [InlineData(1000, 5000, 2)]
    [InlineData(4095, 8193, 2)]
    [InlineData(20_000, 1, 1)]
    public async Task ReadsTheRangeGivenByOffsetAndLength(long offset, long length, int readAhead)
    {
        string path = this.files.WriteRandom("range.bin", 20_000);
        var options = new FilePipeOptions { BufferSize = 4096, Offset = offset, Length = length, ReadAhead = readAhead };
        PipeReader reader = FilePipe.OpenReader(path, options);

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        byte[] all = File.ReadAllBytes(path);
        long end = length < 0 ? all.Length : Math.Min(all.Length, offset + length);
        Assert.Equal(all[(int)offset..(int)end], read);
    }

    [Fact]
    public async Task ReadsAnOffsetBeyond4GiBInASparseFile()
    {
        string path = this.files.PathOf("sparse.bin");
        long offset = (5L << 30) + 123;
        byte[] tail = new byte[10_000];
        new Random(7).NextBytes(tail);
        using (var handle = File.OpenHandle(path, FileMode.Create, FileAccess.Write))
        {
            // Writing only past 5 GiB leaves a hole, so the file takes 10 KB of disk, not 5 GiB.
            RandomAccess.Write(handle, tail, offset);
        }

        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { Offset = offset - 100, BufferSize = 4096 });
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(10_100, read.Length);
        Assert.All(read[..100], b => Assert.Equal(0, b));
        Assert.Equal(tail, read[100..]);
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task PartialConsumeDeliversEveryByteOnce(int readAhead)
    {
        string path = this.files.WriteRandom("partial.bin", 50_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        byte[] read = await PipeDrain.ReadInStepsAsync(reader, step: 777, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
    }

    public static TheoryData<int, bool> ReadAheadDepthsWithTryReadFirst()
    {
        var data = new TheoryData<int, bool>();
        foreach (int readAhead in ReadAheads)
        {
            data.Add(readAhead, false);
            data.Add(readAhead, true);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepthsWithTryReadFirst))]
    public async Task ExaminingEverythingMakesTheNextReadBringMoreDataOrCompletion(int readAhead, bool tryReadFirst)
    {
        string path = this.files.WriteRandom("examine.bin", 20_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        // Consume nothing, examine everything: each read must grow the buffer until the file is complete. A parser
        // that tries TryRead before ReadAsync must progress too, so TryRead must not return data already examined.
        long previous = -1;
        ReadResult result;
        int rounds = 0;
        do
        {
            // Bounded, so a reader that keeps returning the same data fails the test instead of hanging it.
            Assert.True(++rounds < 100, "the reader returned no new data 100 times in a row");
            if (!tryReadFirst || !reader.TryRead(out result))
            {
                result = await reader.ReadAsync(TestTimeout.Token());
            }

            Assert.True(result.Buffer.Length > previous || result.IsCompleted, "a read after examining everything returned no new data");
            previous = result.Buffer.Length;
            reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }
        while (!result.IsCompleted);

        result = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(File.ReadAllBytes(path), result.Buffer.ToArray());
        reader.AdvanceTo(result.Buffer.End);
        reader.Complete();
    }

    [Fact]
    public async Task TryReadAfterExaminingEverythingReturnsFalseAsPipeDoes()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[100], TestTimeout.Token());
        bool expected = await TryReadAfterExaminingEverythingAsync(pipe.Reader);

        // Inline, so that nothing reads behind the consumer's back and the answer does not depend on timing.
        string path = this.files.WriteRandom("tryread-pipe.bin", 10_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 });
        bool actual = await TryReadAfterExaminingEverythingAsync(reader);
        reader.Complete();

        Assert.False(expected);
        Assert.Equal(expected, actual);
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task ExaminingPartOfTheBufferMakesTheNextReadReturnAtOnce(int readAhead)
    {
        // Three segments, so a read that wrongly went back to the file would find more data instead of the end.
        string path = this.files.WriteRandom("examine-part.bin", 3 * 4096);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        long firstLength = first.Buffer.Length;
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.GetPosition(10));
        ValueTask<ReadResult> pending = reader.ReadAsync(TestTimeout.Token());
        Assert.True(pending.IsCompleted, "unexamined bytes are buffered: the read must not wait");
        ReadResult second = await pending;

        if (readAhead == 0)
        {
            // Inline: the bytes not yet examined are returned as they are; nothing new is read.
            Assert.Equal(firstLength, second.Buffer.Length);
        }

        Assert.True(second.Buffer.Length >= firstLength);
        Assert.Equal(File.ReadAllBytes(path)[..(int)second.Buffer.Length], second.Buffer.ToArray());
        reader.AdvanceTo(second.Buffer.End);
        reader.Complete();
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task TryReadInterleavedWithReadAsyncDeliversEveryByteOnce(int readAhead)
    {
        string path = this.files.WriteRandom("tryread.bin", 100_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        var output = new MemoryStream();
        bool useTryRead = false;
        for (int reads = 0; ; reads++)
        {
            Assert.True(reads < PipeDrain.MaxReads, "the reader did not complete");
            useTryRead = !useTryRead;
            ReadResult result;
            if (!useTryRead || !reader.TryRead(out result))
            {
                result = await reader.ReadAsync(TestTimeout.Token());
            }

            // Take half of what is there, so TryRead usually finds data left over.
            ReadOnlySequence<byte> taken = result.Buffer.Slice(0, (result.Buffer.Length + 1) / 2);
            output.Write(taken.ToArray());
            reader.AdvanceTo(taken.End);
            if (result.IsCompleted && taken.Length == result.Buffer.Length)
            {
                break;
            }
        }

        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), output.ToArray());
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task IsCompletedIsSetAtEndOfFileAndStaysSet(int readAhead)
    {
        string path = this.files.WriteRandom("eof.bin", 10);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = readAhead });

        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        for (int reads = 0; !first.IsCompleted; reads++)
        {
            Assert.True(reads < 100, "the reader returned no new data 100 times in a row");
            reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
            first = await reader.ReadAsync(TestTimeout.Token());
        }

        reader.AdvanceTo(first.Buffer.End);
        ReadResult after = await reader.ReadAsync(TestTimeout.Token());

        Assert.Equal(10, first.Buffer.Length);
        Assert.True(after.IsCompleted);
        Assert.True(after.Buffer.IsEmpty);
        reader.AdvanceTo(after.Buffer.End);
        reader.Complete();
    }

    public void Dispose() => this.files.Dispose();

    private static async Task<bool> TryReadAfterExaminingEverythingAsync(PipeReader reader)
    {
        ReadResult result = await reader.ReadAsync(TestTimeout.Token());
        reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        return reader.TryRead(out _);
    }
}
