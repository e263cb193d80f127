using System.IO.Pipelines;

namespace FilePipes;

/// <summary>A <see cref="PipeWriter"/> that writes a file with <see cref="RandomAccess"/>. (Skeleton: issue 3 implements it.)</summary>
public sealed class FilePipeWriter : PipeWriter
{
    private FilePipeWriter()
    {
    }

    /// <inheritdoc/>
    public override void Advance(int bytes) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override void CancelPendingFlush() => throw new NotImplementedException();

    /// <inheritdoc/>
    public override void Complete(Exception? exception = null) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override Memory<byte> GetMemory(int sizeHint = 0) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override Span<byte> GetSpan(int sizeHint = 0) => throw new NotImplementedException();

    /// <inheritdoc/>
    protected override Task CopyFromAsync(Stream source, CancellationToken cancellationToken = default) => throw new NotImplementedException();
}
