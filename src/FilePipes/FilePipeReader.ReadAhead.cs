using System.IO.Pipelines;

namespace FilePipes;

/// <summary>
/// Background reads, which keep segments filled ahead of the consumer: runs of segments read on the thread pool (see
/// FilePipeReader.Parallel.cs), one at a time with <see cref="FilePipeOptions.ReadAhead"/> alone, and the consumer's
/// side of them: a read that waits for data, and its cancellation.
/// </summary>
public sealed partial class FilePipeReader
{
    private static readonly Action<object?, CancellationToken> OnReadTokenCanceled = CancelPendingReadFromToken;

    // Signals that completed readers left for the next reader with background reads.
    private static readonly ReuseStack<ReusableSignal<ReadResult>> StoredSignals = new(16);

    private int readAheadSegments;
    // Segments filled since the consumer last took a result. Bytes alone would not bound memory: a FIFO that delivers
    // one byte per read would fill a whole pooled segment per byte.
    private int segmentsAhead;
    // The token of the pending read, so a cancellation callback that lost the race to a completing read cannot
    // fail the next read, which has another token.
    private CancellationToken pendingToken;
    // Created with the background reads, so an inline reader does not carry it.
    private ReusableSignal<ReadResult>? readSignal;
    private CancellationTokenRegistration readRegistration;
    private bool readPending;

    private ValueTask<ReadResult> ReadAheadAsync(CancellationToken cancellationToken)
    {
        this.StartReadAhead();
        if (this.IsReady)
        {
            return this.ReadyResult();
        }

        if (!this.readPending)
        {
            this.readPending = true;
            this.readSignal!.Reset();
            if (cancellationToken.CanBeCanceled)
            {
                this.pendingToken = cancellationToken;
                this.readRegistration = cancellationToken.UnsafeRegister(OnReadTokenCanceled, this);
            }
        }

        // Like Pipe, a second read while one is pending gets the same awaitable; awaiting both throws.
        return this.readSignal!.Task;
    }

    private void StartReadAhead()
    {
        if (this.readAheadSegments > 0 && this.readSignal is null)
        {
            this.readSignal = StoredSignals.Take() ?? new ReusableSignal<ReadResult>();
            this.ScheduleRuns();
        }
    }

    private static void CancelPendingReadFromToken(object? state, CancellationToken cancellationToken)
    {
        var reader = (FilePipeReader)state!;
        lock (reader.sync)
        {
            if (reader.readPending && reader.pendingToken == cancellationToken)
            {
                reader.FailPendingRead(new OperationCanceledException(cancellationToken));
            }
        }
    }

    private void CompletePendingReadIfReady()
    {
        if (!this.readPending || !this.IsReady)
        {
            return;
        }

        this.readPending = false;
        this.readRegistration.Unregister();
        this.readRegistration = default;
        this.pendingToken = default;
        if (this.ErrorIsDue)
        {
            this.readSignal!.SetException(this.readError);
        }
        else
        {
            this.readSignal!.SetResult(this.TakeResult());
        }
    }

    /// <summary>On completion: stores the signal for another reader, unless an awaitable of it may still be awaited.</summary>
    private void StoreSignal()
    {
        if (this.readSignal is { IsIdle: true } signal)
        {
            StoredSignals.Return(signal);
        }

        this.readSignal = null;
    }

    private void FailPendingRead(Exception exception)
    {
        if (!this.readPending)
        {
            return;
        }

        this.readPending = false;
        this.readRegistration.Unregister();
        this.readRegistration = default;
        this.pendingToken = default;
        this.readSignal!.SetException(exception);
    }

    private void WakeReadAheadIfRoom()
    {
        // Inline, or the background reads have not started: nothing to wake.
        if (this.readSignal is not null)
        {
            this.ScheduleRuns();
        }
    }
}
