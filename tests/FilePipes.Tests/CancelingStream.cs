namespace FilePipes.Tests;

/// <summary>A copy's destination that takes every write whole and, after its first, runs an action (a cancellation), so
/// the copy stops between two reads with no chunk in flight.</summary>
internal sealed class CancelingStream(Action afterFirstWrite) : Stream
{
    private readonly MemoryStream taken = new();

    /// <summary>Gets the bytes of every write.</summary>
    public byte[] Taken => this.taken.ToArray();

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => this.taken.Length;

    public override long Position { get => this.taken.Length; set => throw new NotSupportedException(); }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        bool first = this.taken.Length == 0;
        this.taken.Write(buffer.Span);
        if (first)
        {
            afterFirstWrite();
        }

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
