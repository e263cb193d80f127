using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task ATokenCancelledBeforeTheReadCancelsItAndReadingContinues(int readAhead)
    {
        string path = this.files.WriteRandom("cancel-before.bin", 10_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await reader.ReadAsync(new CancellationToken(canceled: true)));
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), read);
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task CancelPendingReadMakesTheNextReadCanceledAndTheOneAfterContinue(int readAhead)
    {
        string path = this.files.WriteRandom("cancel-pending.bin", 10_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        reader.CancelPendingRead();
        ReadResult canceled = await reader.ReadAsync(TestTimeout.Token());
        reader.AdvanceTo(canceled.Buffer.Start);
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.True(canceled.IsCanceled);
        Assert.Equal(File.ReadAllBytes(path), read);
    }

    [LinuxFact("A read that waits needs a FIFO with no data yet; mkfifo is Linux-only here.")]
    public async Task ATokenCancelledDuringAReadCancelsItAndReadingContinues()
    {
        string fifo = Fifo.Make(this.files, "cancel-during.fifo");
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo));
        using var cts = new CancellationTokenSource();

        ValueTask<ReadResult> pending = reader.ReadAsync(cts.Token);
        await Task.Delay(50);
        Assert.False(pending.IsCompleted);
        cts.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await pending.AsTask().WaitAsync(Fifo.Timeout));

        Fifo.WriteAndClose(writer, "abc"u8.ToArray());
        byte[] read = await PipeDrain.ReadAllAsync(reader).WaitAsync(Fifo.Timeout);
        reader.Complete();

        Assert.Equal("abc"u8.ToArray(), read);
    }

    [LinuxFact("A read that waits needs a FIFO with no data yet; mkfifo is Linux-only here.")]
    public async Task CancelPendingReadDuringAReadReturnsCanceledAndReadingContinues()
    {
        string fifo = Fifo.Make(this.files, "cancel-pending-during.fifo");
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo));

        ValueTask<ReadResult> pending = reader.ReadAsync();
        await Task.Delay(50);
        Assert.False(pending.IsCompleted);
        reader.CancelPendingRead();
        ReadResult canceled = await pending.AsTask().WaitAsync(Fifo.Timeout);
        reader.AdvanceTo(canceled.Buffer.End);

        Fifo.WriteAndClose(writer, "xyz"u8.ToArray());
        byte[] read = await PipeDrain.ReadAllAsync(reader).WaitAsync(Fifo.Timeout);
        reader.Complete();

        Assert.True(canceled.IsCanceled);
        Assert.Equal("xyz"u8.ToArray(), read);
    }
}
