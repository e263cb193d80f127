using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>Misuse must throw what <see cref="Pipe"/>'s reader throws, type and message (code written against a
/// <c>Pipe</c> may log or match either): each case runs against both.</summary>
public sealed partial class FilePipeReaderTests
{
    public static TheoryData<string, int> MisuseCases()
    {
        var data = new TheoryData<string, int>();
        foreach (string name in Misuses.Keys)
        {
            foreach (int readAhead in ReadAheads)
            {
                data.Add(name, readAhead);
            }
        }

        return data;
    }

    private static readonly Dictionary<string, Func<PipeReader, Task>> Misuses = new()
    {
        ["ReadAsync after Complete"] = async reader =>
        {
            reader.Complete();
            await reader.ReadAsync(TestTimeout.Token());
        },
        ["TryRead after Complete"] = reader =>
        {
            reader.Complete();
            reader.TryRead(out _);
            return Task.CompletedTask;
        },
        ["AdvanceTo after Complete"] = async reader =>
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            reader.Complete();
            reader.AdvanceTo(result.Buffer.End);
        },
        ["second ReadAsync before AdvanceTo"] = async reader =>
        {
            await reader.ReadAsync(TestTimeout.Token());
            await reader.ReadAsync(TestTimeout.Token());
        },
        ["TryRead before AdvanceTo"] = async reader =>
        {
            await reader.ReadAsync(TestTimeout.Token());
            reader.TryRead(out _);
        },
        ["ReadAsync again after a canceled result"] = async reader =>
        {
            reader.CancelPendingRead();
            await reader.ReadAsync(TestTimeout.Token());
            await reader.ReadAsync(TestTimeout.Token());
        },
        ["TryRead again after a canceled result"] = async reader =>
        {
            reader.CancelPendingRead();
            await reader.ReadAsync(TestTimeout.Token());
            reader.TryRead(out _);
        },
        ["ReadAsync with a canceled token while a result is outstanding"] = async reader =>
        {
            await reader.ReadAsync(TestTimeout.Token());
            await reader.ReadAsync(new CancellationToken(canceled: true));
        },
        ["AdvanceTo without a read"] = async reader =>
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            reader.AdvanceTo(result.Buffer.Start);
            reader.AdvanceTo(result.Buffer.Start);
        },
        ["examined before consumed"] = async reader =>
        {
            ReadResult result = await reader.ReadAsync(TestTimeout.Token());
            reader.AdvanceTo(result.Buffer.End, result.Buffer.Start);
        },
        ["Complete twice"] = reader =>
        {
            reader.Complete();
            reader.Complete();
            return Task.CompletedTask;
        },
    };

    [Theory]
    [MemberData(nameof(MisuseCases))]
    public async Task MisuseThrowsWhatPipeThrows(string misuse, int readAhead)
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[100], TestTimeout.Token());
        Exception? expected = await Record.ExceptionAsync(() => Misuses[misuse](pipe.Reader));

        string path = this.files.WriteRandom("misuse.bin", 100);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = readAhead });
        Exception? actual = await Record.ExceptionAsync(() => Misuses[misuse](reader));
        reader.Complete();

        Assert.Equal(expected?.GetType(), actual?.GetType());
        if (expected is InvalidOperationException)
        {
            // The state errors carry Pipe's own message; argument errors and casts name their own types and values.
            Assert.Equal(expected.Message, actual!.Message);
        }
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AdvancingToAPositionAlreadyConsumedThrows(int readAhead)
    {
        // Pipe does not check this (it corrupts its state); a file reader can, and does.
        string path = this.files.WriteRandom("stale.bin", 100);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = readAhead });
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        reader.AdvanceTo(first.Buffer.GetPosition(50));
        await reader.ReadAsync(TestTimeout.Token());

        Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(first.Buffer.Start));
        reader.Complete();
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AdvancingToAPositionOfAFullyConsumedBufferThrowsAfterItsSegmentIsReused(int readAhead)
    {
        // One segment per read, each reused by a later read: the old position's block is back in the buffer.
        // Pipe checks no position, and here moves on silently; the reader refuses it and keeps the read outstanding.
        string path = this.files.WriteRandom("reused.bin", 10 * 4096);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        SequencePosition stale = first.Buffer.GetPosition(10);
        long consumed = first.Buffer.Length;
        reader.AdvanceTo(first.Buffer.End);
        ReadResult second = await reader.ReadAsync(TestTimeout.Token());
        consumed += second.Buffer.Length;

        Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(stale));
        reader.AdvanceTo(second.Buffer.End);
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path)[(int)consumed..], rest);
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AdvancingToAPositionOfAnotherReaderThrows(int readAhead)
    {
        string path = this.files.WriteRandom("foreign.bin", 100);
        var options = new FilePipeOptions { ReadAhead = readAhead };
        PipeReader reader = FilePipe.OpenReader(path, options);
        PipeReader other = FilePipe.OpenReader(path, options);
        await reader.ReadAsync(TestTimeout.Token());
        ReadResult foreign = await other.ReadAsync(TestTimeout.Token());

        Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(foreign.Buffer.End));
        reader.Complete();
        other.Complete();
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AdvancingToAPositionOfAPipesBufferThrowsAsForAnotherReader(int readAhead)
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[100], TestTimeout.Token());
        ReadResult foreign = await pipe.Reader.ReadAsync(TestTimeout.Token());
        string path = this.files.WriteRandom("pipe-position.bin", 100);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = readAhead });
        PipeReader other = FilePipe.OpenReader(path, new FilePipeOptions { ReadAhead = readAhead });
        ReadResult read = await reader.ReadAsync(TestTimeout.Token());
        ReadResult otherRead = await other.ReadAsync(TestTimeout.Token());

        var fromPipe = Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(foreign.Buffer.GetPosition(10)));
        var fromReader = Assert.Throws<InvalidOperationException>(() => reader.AdvanceTo(otherRead.Buffer.GetPosition(10)));
        Assert.Equal(fromReader.Message, fromPipe.Message);

        // Refused, it changed nothing: the read is still outstanding and whole.
        reader.AdvanceTo(read.Buffer.End);
        reader.Complete();
        other.Complete();
        pipe.Reader.Complete();
        pipe.Writer.Complete();
    }
}
