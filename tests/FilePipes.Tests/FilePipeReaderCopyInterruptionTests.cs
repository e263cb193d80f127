using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A copy interrupted between two chunks of the inline fast path (its token canceled, <c>CancelPendingRead</c>, the
/// reader completed, a read that fails), a copy that fails on a range's only chunk, and a read attempted while the
/// copy writes: the destination keeps what it took, the reader keeps the rest and returns every block to its pool.
/// </summary>
public sealed class FilePipeReaderCopyInterruptionTests : IDisposable
{
    private const int Chunk = 4096;
    private readonly ScratchFiles files = new();

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ATokenCanceledAfterTheFirstChunkStopsTheCopyAndTheReaderKeepsTheRest(bool toStream)
    {
        using var copyToken = CancellationTokenSource.CreateLinkedTokenSource(TestTimeout.Token());
        var interruption = new Interruption(() => copyToken.Cancel());

        var (taken, rest, pool) = await this.InterruptedCopyAsync(toStream, interruption, copyToken.Token, typeof(OperationCanceledException));

        Assert.Equal(Chunk, taken.Length);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(this.WholeFile(), (byte[])[.. taken, .. rest]);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task CancelPendingReadDuringACopyStopsItOnceAndTheReaderKeepsTheRest(bool toStream)
    {
        FilePipeReader? reader = null;
        var interruption = new Interruption(() => reader!.CancelPendingRead());

        var (taken, rest, pool) = await this.InterruptedCopyAsync(toStream, interruption, TestTimeout.Token(), typeof(OperationCanceledException), r => reader = r);

        Assert.Equal(Chunk, taken.Length);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(this.WholeFile(), (byte[])[.. taken, .. rest]);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ACopyAfterCompleteIsRefusedAsOnAPipe(bool toStream)
    {
        var pipe = new Pipe();
        pipe.Reader.Complete();
        Exception? expected = await Record.ExceptionAsync(() => Copy(pipe.Reader, toStream));

        FilePipeReader reader = FilePipe.OpenReader(this.files.WriteRandom("completed.bin", 3 * Chunk), new FilePipeOptions { BufferSize = Chunk, ReadAhead = 0 });
        reader.Complete();
        Exception? actual = await Record.ExceptionAsync(() => Copy(reader, toStream));

        Assert.IsType<InvalidOperationException>(expected);
        Assert.IsType<InvalidOperationException>(actual);
    }

    [Fact]
    public async Task AFailedWriteOfARangesOnlyChunkLeavesItAllInTheReaderAsItsEnd()
    {
        // A range of 1,000 bytes in the middle of the file: one chunk, read whole, whose write fails.
        string path = this.files.WriteRandom("one-chunk.bin", 2000);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Chunk, ReadAhead = 0, Offset = 500, Length = 1000 });
        using var copyToken = new CancellationTokenSource();
        var destination = new FailingStream(1, DestinationFailure.Throws, copyToken);

        await Assert.ThrowsAsync<IOException>(() => reader.CopyToAsync(destination, TestTimeout.Token()));
        ReadResult result = await reader.ReadAsync(TestTimeout.Token());

        // The whole range, and the read says so: nothing more will come.
        Assert.Equal(File.ReadAllBytes(path)[500..1500], result.Buffer.ToArray());
        Assert.True(result.IsCompleted);
        reader.AdvanceTo(result.Buffer.End);
        reader.Complete();
    }

    [Fact]
    public async Task AReadThatFailsDuringACopyFailsItAndEveryReadAfterWithTheSameException()
    {
        // A write-only handle: the copy's first read fails in the operating system.
        string path = this.files.WriteRandom("write-only.bin", 3 * Chunk);
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Write);
        FilePipeReader reader = FilePipe.CreateReader(handle, new FilePipeOptions { BufferSize = Chunk, ReadAhead = 0, LeaveOpen = true });
        var destination = new MemoryStream();

        Exception first = await Assert.ThrowsAnyAsync<Exception>(() => reader.CopyToAsync(destination, TestTimeout.Token()));
        Exception again = await Assert.ThrowsAnyAsync<Exception>(() => reader.CopyToAsync(destination, TestTimeout.Token()));
        Exception read = await Assert.ThrowsAnyAsync<Exception>(async () => await reader.ReadAsync(TestTimeout.Token()));
        reader.Complete();

        Assert.IsNotType<InvalidOperationException>(first);
        Assert.Same(first, again);
        Assert.Same(first, read);
        Assert.Equal(0, destination.Length);
    }

    [Fact]
    public async Task AReadWhileACopyIsWritingIsRefusedAsOnAPipe()
    {
        string path = this.files.WriteRandom("busy.bin", 3 * Chunk);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Chunk, ReadAhead = 0 });
        var destination = new GatedStream();

        Task copy = reader.CopyToAsync(destination, TestTimeout.Token());
        await destination.FirstWrite.WaitAsync(TestTimeout.Token());

        // The copy holds the reader while its write is in flight, like Pipe's own copy.
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await reader.ReadAsync(TestTimeout.Token()));
        destination.Open();
        await copy.WaitAsync(TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), destination.Taken);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ASecondCopyWhileACopyIsWritingIsRefusedAsOnAPipe(bool toStream)
    {
        string path = this.files.WriteRandom("busy-copy.bin", 3 * Chunk);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Chunk, ReadAhead = 0 });
        var destination = new GatedStream();

        Task copy = reader.CopyToAsync(destination, TestTimeout.Token());
        await destination.FirstWrite.WaitAsync(TestTimeout.Token());

        // Pipe's copy holds its read while it writes, so a second copy's read is refused; nothing reaches the second one.
        var second = new MemoryStream();
        await Assert.ThrowsAsync<InvalidOperationException>(() => Copy(reader, toStream, second));
        destination.Open();
        await copy.WaitAsync(TestTimeout.Token());
        reader.Complete();

        Assert.Equal(File.ReadAllBytes(path), destination.Taken);
        Assert.Equal(0, second.Length);
    }

    [Theory]
    [InlineData(0, false)]
    [InlineData(0, true)]
    [InlineData(2, false)]
    public async Task EveryBlockGoesBackToThePoolAfterAWholeCopyOrRead(int readAhead, bool copy)
    {
        string path = this.files.WriteRandom("whole.bin", (3 * Chunk) + 100);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Chunk, ReadAhead = readAhead, Pool = pool });

        var destination = new MemoryStream();
        if (copy)
        {
            await reader.CopyToAsync(destination, TestTimeout.Token());
        }
        else
        {
            destination.Write(await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        }

        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), destination.ToArray());
        Assert.Equal(0, pool.Outstanding);
    }

    public void Dispose() => this.files.Dispose();

    private static Task Copy(PipeReader reader, bool toStream, MemoryStream? into = null) =>
        toStream ? reader.CopyToAsync(into ?? new MemoryStream(), TestTimeout.Token()) : reader.CopyToAsync(PipeWriter.Create(into ?? new MemoryStream()), TestTimeout.Token());

    private byte[] WholeFile() => File.ReadAllBytes(this.files.PathOf("interrupted.bin"));

    // Copies a three-chunk file inline into a destination that runs the interruption after taking its first chunk;
    // the copy must fail with the expected exception. Returns what the destination took, what the reader still
    // gives, and the pool after the reader completed.
    private async Task<(byte[] Taken, byte[] Left, OutstandingBlockPool Pool)> InterruptedCopyAsync(
        bool toStream, Interruption interruption, CancellationToken copyToken, Type expected, Action<FilePipeReader>? opened = null)
    {
        string path = this.files.WriteRandom("interrupted.bin", 3 * Chunk);
        var pool = new OutstandingBlockPool();
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = Chunk, ReadAhead = 0, Pool = pool });
        opened?.Invoke(reader);

        var pipe = new Pipe();
        Task copy = toStream
            ? reader.CopyToAsync(new InterruptingStream(interruption), copyToken)
            : reader.CopyToAsync(new AfterFlushWriter(pipe.Writer, interruption.AfterTaking), copyToken);
        Exception? failure = await Record.ExceptionAsync(() => copy.WaitAsync(TestTimeout.Token()));
        Assert.NotNull(failure);
        Assert.IsAssignableFrom(expected, failure);

        // The interruption ended the copy and nothing else: the next read is an ordinary one.
        ReadResult next = await reader.ReadAsync(TestTimeout.Token());
        Assert.False(next.IsCanceled);
        reader.AdvanceTo(next.Buffer.Start);
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        byte[] taken;
        if (toStream)
        {
            taken = interruption.Taken.ToArray();
        }
        else
        {
            pipe.Writer.Complete();
            taken = await PipeDrain.ReadAllAsync(pipe.Reader, TestTimeout.Token());
        }

        return (taken, rest, pool);
    }

    /// <summary>What to do once the destination has taken its first chunk, and the bytes a stream took.</summary>
    private sealed class Interruption(Action interrupt)
    {
        private bool done;

        public MemoryStream Taken { get; } = new();

        public void AfterTaking()
        {
            if (!this.done)
            {
                this.done = true;
                interrupt();
            }
        }
    }

    /// <summary>A stream that takes every write and interrupts after the first.</summary>
    private sealed class InterruptingStream(Interruption interruption) : MemoryStream
    {
        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            interruption.Taken.Write(buffer.Span);
            interruption.AfterTaking();
            return ValueTask.CompletedTask;
        }
    }

    /// <summary>A stream whose first write waits until <see cref="Open"/>; it keeps every byte.</summary>
    private sealed class GatedStream : MemoryStream
    {
        private readonly TaskCompletionSource gate = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource firstWrite = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task FirstWrite => this.firstWrite.Task;

        public byte[] Taken => this.ToArray();

        public void Open() => this.gate.TrySetResult();

        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            this.firstWrite.TrySetResult();
            await this.gate.Task.WaitAsync(cancellationToken);
            this.Write(buffer.Span);
        }
    }
}
