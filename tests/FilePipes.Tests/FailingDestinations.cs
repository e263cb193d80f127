using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>How a copy's destination fails on its chosen call.</summary>
public enum DestinationFailure
{
    /// <summary>The call throws an <see cref="IOException"/>, as a full disk would.</summary>
    Throws,

    /// <summary>The copy's token is canceled during the call, which then throws for it.</summary>
    TokenCanceled,

    /// <summary>Writer only: the flush returns <see cref="FlushResult.IsCanceled"/>, as after <c>CancelPendingFlush</c>.</summary>
    FlushCanceled,

    /// <summary>Writer only: <c>GetMemory</c>/<c>GetSpan</c> throw, as on a completed writer.</summary>
    WriterCompleted,
}

/// <summary>A copy destination that fails on purpose and knows what it took before failing.</summary>
internal interface IFailingDestination
{
    /// <summary>Gets the bytes the destination took.</summary>
    byte[] Taken { get; }

    /// <summary>Runs <paramref name="reader"/>'s copy into this destination.</summary>
    Task CopyFromAsync(PipeReader reader, CancellationToken cancellationToken);
}

/// <summary>A stream that keeps what it is given and fails its <c>failAt</c>-th write (counting from 1) before taking anything.</summary>
internal sealed class FailingStream(int failAt, DestinationFailure failure, CancellationTokenSource copyToken) : Stream, IFailingDestination
{
    private readonly MemoryStream taken = new();
    private int writes;

    /// <summary>Gets the bytes of every write that completed.</summary>
    public byte[] Taken => this.taken.ToArray();

    public Task CopyFromAsync(PipeReader reader, CancellationToken cancellationToken) => reader.CopyToAsync(this, cancellationToken);

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => this.taken.Length;

    public override long Position { get => this.taken.Length; set => throw new NotSupportedException(); }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (++this.writes == failAt)
        {
            if (failure == DestinationFailure.TokenCanceled)
            {
                copyToken.Cancel();
                return ValueTask.FromCanceled(copyToken.Token);
            }

            return ValueTask.FromException(new IOException("the destination failed"));
        }

        this.taken.Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        this.WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("copies write asynchronously");

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}

/// <summary>
/// A writer that keeps every byte advanced into it, flushed or not (what it took), and fails its
/// <c>failAt</c>-th flush, or its <c>failAt</c>-th request for memory.
/// </summary>
internal sealed class FailingPipeWriter(int failAt, DestinationFailure failure, CancellationTokenSource copyToken) : PipeWriter, IFailingDestination
{
    private readonly ArrayBufferWriter<byte> taken = new();
    private int flushes;
    private int memoryRequests;

    /// <summary>Gets every byte advanced into the writer.</summary>
    public byte[] Taken => this.taken.WrittenSpan.ToArray();

    public Task CopyFromAsync(PipeReader reader, CancellationToken cancellationToken) => reader.CopyToAsync(this, cancellationToken);

    public override void Advance(int bytes) => this.taken.Advance(bytes);

    public override Memory<byte> GetMemory(int sizeHint = 0)
    {
        this.FailMemoryRequest();
        return this.taken.GetMemory(sizeHint);
    }

    public override Span<byte> GetSpan(int sizeHint = 0)
    {
        this.FailMemoryRequest();
        return this.taken.GetSpan(sizeHint);
    }

    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
    {
        if (++this.flushes == failAt)
        {
            switch (failure)
            {
                case DestinationFailure.Throws:
                    return ValueTask.FromException<FlushResult>(new IOException("the destination failed"));
                case DestinationFailure.TokenCanceled:
                    copyToken.Cancel();
                    return ValueTask.FromCanceled<FlushResult>(copyToken.Token);
                case DestinationFailure.FlushCanceled:
                    return new ValueTask<FlushResult>(new FlushResult(isCanceled: true, isCompleted: false));
            }
        }

        return new ValueTask<FlushResult>(new FlushResult(isCanceled: false, isCompleted: false));
    }

    public override void CancelPendingFlush()
    {
    }

    public override void Complete(Exception? exception = null)
    {
    }

    private void FailMemoryRequest()
    {
        if (failure == DestinationFailure.WriterCompleted && ++this.memoryRequests == failAt)
        {
            throw new InvalidOperationException("Writing is not allowed after writer was completed.");
        }
    }
}
