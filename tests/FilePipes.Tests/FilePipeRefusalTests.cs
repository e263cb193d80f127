namespace FilePipes.Tests;

/// <summary>What a refused <see cref="FilePipe"/> call leaves behind: nothing opened, nothing truncated.</summary>
public sealed class FilePipeRefusalTests : IDisposable
{
    private static readonly FilePipeOptions Invalid = new() { BufferSize = 0 };
    private readonly ScratchFiles files = new();

    [Fact]
    public void AWriterRefusedForItsOptionsLeavesAnExistingFileUntouched()
    {
        // Opening for writing truncates: the options are checked before the file is opened.
        string path = this.files.WriteRandom("kept.bin", 100);
        byte[] before = File.ReadAllBytes(path);

        Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenWriter(path, Invalid));

        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void BadOptionsAreReportedBeforeAMissingFile()
    {
        string missing = this.files.PathOf("missing.bin");

        Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenReader(missing, Invalid));
        Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenWriter(Path.Combine(missing, "nested.bin"), Invalid));
        Assert.False(File.Exists(missing));
    }

    [LinuxFact("FIFOs are made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AFifoReaderRefusedForItsOffsetClosesTheHandleItOpened()
    {
        string fifo = Fifo.Make(this.files, "refused.fifo");
        Task<Exception?> opening = Task.Run(() => Record.Exception(() => FilePipe.OpenReader(fifo, new FilePipeOptions { Offset = 10 })));
        using var writer = File.OpenHandle(fifo, FileMode.Open, FileAccess.Write);

        Assert.IsType<ArgumentException>(await opening.WaitAsync(Fifo.Timeout));

        // With no reading end left open, a write to the FIFO fails (EPIPE) instead of waiting in the pipe's buffer.
        Assert.Throws<IOException>(() => WriteOnce(writer));
    }

    public void Dispose() => this.files.Dispose();

    private static void WriteOnce(Microsoft.Win32.SafeHandles.SafeFileHandle handle)
    {
        using var stream = new FileStream(handle, FileAccess.Write, bufferSize: 0);
        stream.Write("lost"u8);
    }
}
