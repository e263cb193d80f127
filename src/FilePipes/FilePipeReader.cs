using System.IO.Pipelines;

namespace FilePipes;

/// <summary>A <see cref="PipeReader"/> that reads a file with <see cref="RandomAccess"/>. (Skeleton: issue 3 implements it.)</summary>
public sealed class FilePipeReader : PipeReader
{
    private FilePipeReader()
    {
    }

    /// <inheritdoc/>
    public override void AdvanceTo(SequencePosition consumed) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override void CancelPendingRead() => throw new NotImplementedException();

    /// <inheritdoc/>
    public override void Complete(Exception? exception = null) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <inheritdoc/>
    public override bool TryRead(out ReadResult result) => throw new NotImplementedException();
}
