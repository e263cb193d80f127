using System.IO.Pipelines;

namespace FilePipes.Tests;

[Collection(HandleCountingCollection.Name)]
public sealed class FilePipeTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [LinuxFact("Open handles are counted in /proc/self/fd, which only Linux has.")]
    public async Task TenThousandOpenReadCompleteCyclesLeakNoHandles()
    {
        string path = this.files.WriteRandom("cycles.bin", 10_000);
        var inline = new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 };
        var readAhead = new FilePipeOptions { BufferSize = 4096, ReadAhead = 2 };
        var parallel = new FilePipeOptions { BufferSize = 1024, ReadAhead = 4, ParallelReads = 2 };
        FilePipeOptions[] modes = [inline, readAhead, parallel];

        // One deadline for all the cycles, generous for a loaded machine, so a hung read fails instead of hanging.
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        await CycleAsync(path, inline, 10, timeout.Token);
        int before = OpenHandleCount();

        for (int i = 0; i < 10_000; i++)
        {
            // Alternate modes, and stop half the readers before the end of the file, when background reads are in flight.
            await CycleAsync(path, modes[i % 3], i % 4 < 2 ? int.MaxValue : 1, timeout.Token);
        }

        // A read-ahead read still in flight holds its handle until that read returns; give those a moment.
        int after = OpenHandleCount();
        for (int wait = 0; wait < 50 && after > before; wait++)
        {
            await Task.Delay(100);
            after = OpenHandleCount();
        }

        Assert.Equal(before, after);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task LeaveOpenDecidesWhetherCompleteClosesACallersHandle(bool leaveOpen)
    {
        string path = this.files.WriteRandom("leave-open.bin", 100);
        using var handle = File.OpenHandle(path);
        PipeReader reader = FilePipe.CreateReader(handle, new FilePipeOptions { LeaveOpen = leaveOpen });

        await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(!leaveOpen, handle.IsClosed);
    }

    [LinuxFact("FIFOs are made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AFifoIsReadThroughTheSequentialFallback()
    {
        string fifo = Fifo.Make(this.files, "data.fifo");

        // More than a pipe's 64 KiB kernel buffer, so the writer blocks until the reader drains it.
        byte[] payload = new byte[300_001];
        new Random(3).NextBytes(payload);
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo, new FilePipeOptions { BufferSize = 4096 }));
        Task writing = Task.Run(() => Fifo.WriteAndClose(writer, payload));

        byte[] read = await PipeDrain.ReadAllAsync(reader).WaitAsync(Fifo.Timeout);
        await writing.WaitAsync(Fifo.Timeout);
        reader.Complete();

        Assert.True(reader.IsSequentialFallback);
        Assert.Equal(payload, read);
    }

    [LinuxFact("FIFOs are made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AFifoRefusesAnOffsetWithAClearError()
    {
        string fifo = Fifo.Make(this.files, "offset.fifo");
        (SafeFileHandleBox reader, var writer) = await Fifo.OpenBothAsync(fifo, () => new SafeFileHandleBox(File.OpenHandle(fifo)));

        var error = Assert.Throws<ArgumentException>(() => FilePipe.CreateReader(reader.Handle, new FilePipeOptions { Offset = 10 }));

        Assert.Contains("seek", error.Message, StringComparison.Ordinal);
        Assert.False(reader.Handle.IsClosed);
        reader.Handle.Dispose();
        writer.Dispose();
    }

    [LinuxFact("FIFOs are made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AFifoHonoursALengthLimit()
    {
        string fifo = Fifo.Make(this.files, "length.fifo");
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo, new FilePipeOptions { Length = 5 }));
        Fifo.WriteAndClose(writer, "0123456789"u8.ToArray());

        byte[] read = await PipeDrain.ReadAllAsync(reader).WaitAsync(Fifo.Timeout);
        reader.Complete();

        Assert.Equal("01234"u8.ToArray(), read);
    }

    public void Dispose() => this.files.Dispose();

    private static async Task CycleAsync(string path, FilePipeOptions options, int reads, CancellationToken timeout)
    {
        FilePipeReader reader = FilePipe.OpenReader(path, options);
        for (int i = 0; i < reads; i++)
        {
            ReadResult result = await reader.ReadAsync(timeout);
            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        reader.Complete();
    }

    private static int OpenHandleCount() => Directory.GetFiles("/proc/self/fd").Length;

    /// <summary>Carries a handle through <see cref="Fifo.OpenBothAsync{T}"/>.</summary>
    private sealed record SafeFileHandleBox(Microsoft.Win32.SafeHandles.SafeFileHandle Handle);
}
