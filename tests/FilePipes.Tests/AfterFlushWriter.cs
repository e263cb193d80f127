using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>A writer over a pipe's that runs <paramref name="afterFlush"/> after each flush succeeded: the copy tests
/// cancel or interrupt the reader at that point, with the destination holding what it took.</summary>
/// <param name="inner">The pipe's writer.</param>
/// <param name="afterFlush">What to do once a flush returned.</param>
internal sealed class AfterFlushWriter(PipeWriter inner, Action afterFlush) : PipeWriter
{
    public override void Advance(int bytes) => inner.Advance(bytes);

    public override Memory<byte> GetMemory(int sizeHint = 0) => inner.GetMemory(sizeHint);

    public override Span<byte> GetSpan(int sizeHint = 0) => inner.GetSpan(sizeHint);

    public override async ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
    {
        FlushResult result = await inner.FlushAsync(cancellationToken);
        afterFlush();
        return result;
    }

    public override void CancelPendingFlush() => inner.CancelPendingFlush();

    public override void Complete(Exception? exception = null) => inner.Complete(exception);
}
