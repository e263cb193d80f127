using Microsoft.Win32.SafeHandles;

namespace FilePipes.Tests;

/// <summary>A caller's handle that cannot be used is refused up front, by both pipes, before any read or write.</summary>
public sealed class CallerHandleTests : IDisposable
{
    private readonly ScratchFiles files = new();

    [Fact]
    public void ANullHandleIsRefused()
    {
        Assert.Equal("handle", Assert.Throws<ArgumentNullException>(() => FilePipe.CreateReader(null!)).ParamName);
        Assert.Equal("handle", Assert.Throws<ArgumentNullException>(() => FilePipe.CreateWriter(null!)).ParamName);
    }

    [Fact]
    public void AnInvalidHandleIsRefused()
    {
        using var invalid = new SafeFileHandle(new IntPtr(-1), ownsHandle: false);
        Assert.True(invalid.IsInvalid);

        Assert.Equal("handle", Assert.Throws<ArgumentException>(() => FilePipe.CreateReader(invalid)).ParamName);
        Assert.Equal("handle", Assert.Throws<ArgumentException>(() => FilePipe.CreateWriter(invalid)).ParamName);
    }

    [Fact]
    public void AClosedHandleIsRefused()
    {
        SafeFileHandle handle = File.OpenHandle(this.files.WriteRandom("closed.bin", 10), FileMode.Open, FileAccess.ReadWrite);
        handle.Dispose();

        Assert.Throws<ObjectDisposedException>(() => FilePipe.CreateReader(handle));
        Assert.Throws<ObjectDisposedException>(() => FilePipe.CreateWriter(handle));
    }

    [Fact]
    public void TheRuntimeTellsWhetherAHandleCanSeek()
    {
        // The pipes read it from the runtime's own (internal) SafeFileHandle.CanSeek, which File.OpenHandle sets from
        // its open-time fstat; on a runtime without it they would fall back to asking the file system, once per file.
        using SafeFileHandle handle = File.OpenHandle(this.files.WriteRandom("seekable.bin", 10));

        Assert.True(FileHandleAccess.SafeFileHandleCanSeek(handle));
    }

    [LinuxFact("FIFOs are made with mkfifo")]
    public async Task TheFallbackForARuntimeWithoutItAgreesWithTheRuntime()
    {
        // A runtime without SafeFileHandle.CanSeek would ask the file system: a file seeks, a FIFO does not.
        using SafeFileHandle file = File.OpenHandle(this.files.WriteRandom("file.bin", 10));
        string path = Fifo.Make(this.files, "fifo");
        (SafeFileHandle fifo, SafeFileHandle writer) = await Fifo.OpenBothAsync(path, () => File.OpenHandle(path));
        using (fifo)
        using (writer)
        {
            Assert.Equal(FileHandleAccess.SafeFileHandleCanSeek(file), FileHandleAccess.Seekable(file));
            Assert.Equal(FileHandleAccess.SafeFileHandleCanSeek(fifo), FileHandleAccess.Seekable(fifo));
            Assert.True(FileHandleAccess.Seekable(file));
            Assert.False(FileHandleAccess.Seekable(fifo));
        }
    }

    [Fact]
    public void ARefusedReaderLeavesTheCallersHandleOpen()
    {
        // The caller opened it, and the reader was never made: closing it is the caller's call.
        using SafeFileHandle handle = File.OpenHandle(this.files.WriteRandom("kept.bin", 10));

        Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.CreateReader(handle, new FilePipeOptions { BufferSize = 0 }));

        Assert.False(handle.IsClosed);
        Assert.Equal(10, RandomAccess.GetLength(handle));
    }

    public void Dispose() => this.files.Dispose();
}
