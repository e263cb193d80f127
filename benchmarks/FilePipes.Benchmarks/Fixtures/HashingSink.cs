using System.Security.Cryptography;

namespace FilePipes.Benchmarks.Fixtures;

/// <summary>A write-only stream that keeps only the length and SHA-256 of what is written to it.</summary>
internal sealed class HashingSink : Stream
{
    private readonly IncrementalHash hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
    private long length;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => this.length;

    public override long Position
    {
        get => this.length;
        set => throw new NotSupportedException();
    }

    public byte[] Hash() => this.hash.GetCurrentHash();

    public override void Write(byte[] buffer, int offset, int count) => this.Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        this.hash.AppendData(buffer);
        this.length += buffer.Length;
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            this.hash.Dispose();
        }

        base.Dispose(disposing);
    }
}
