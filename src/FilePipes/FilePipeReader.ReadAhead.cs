using System.IO.Pipelines;

namespace FilePipes;

/// <summary>The background read that keeps segments filled ahead of the consumer.</summary>
public sealed partial class FilePipeReader
{
    private static readonly Action<object?, CancellationToken> OnReadTokenCanceled = CancelPendingReadFromToken;

    private readonly long readAheadBytes;
    private readonly int readAheadSegments;
    // Segments filled since the consumer last took a result. Bytes alone do not bound memory: a FIFO that delivers
    // one byte per read would otherwise fill a whole pooled segment per byte, up to readAheadBytes of them.
    private int segmentsAhead;
    // The token of the pending read, so a cancellation callback that lost the race to a completing read cannot
    // fail the next read, which has another token.
    private CancellationToken pendingToken;
    // Created with the background read, so an inline reader does not carry them.
    private ReusableSignal<ReadResult>? readSignal;
    private ReusableSignal<bool>? roomSignal;
    private CancellationTokenRegistration readRegistration;
    private Task? readAheadLoop;
    private bool readPending;
    private bool readAheadWaiting;

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
        if (this.readAheadBytes > 0 && this.readSignal is null)
        {
            this.readSignal = new ReusableSignal<ReadResult>();
            if (this.IsParallel)
            {
                this.ScheduleRuns();
                return;
            }

            this.roomSignal = new ReusableSignal<bool>();
            this.readAheadLoop = Task.Run(this.ReadAheadLoopAsync);
        }
    }

    private async Task ReadAheadLoopAsync()
    {
        try
        {
            await this.ReadAheadUntilEndAsync().ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            // Anything unexpected (a pool that throws, say) must reach the consumer, never leave it waiting.
            lock (this.sync)
            {
                if (!this.completed)
                {
                    // Stryker disable once Assignment : the loop returns as soon as it records a read error, so no earlier error is here to keep.
                    this.readError ??= ex;
                    this.endOfData = true;
                    this.CompletePendingReadIfReady();
                }
            }
        }
    }

    private async Task ReadAheadUntilEndAsync()
    {
        while (true)
        {
            PipeSegment segment;
            int count;
            long offset;
            lock (this.sync)
            {
                if (this.completed || this.endOfData)
                {
                    return;
                }

                long remaining = this.rangeEnd - this.fileOffset;
                if (remaining <= 0)
                {
                    this.endOfData = true;
                    this.CompletePendingReadIfReady();
                    return;
                }

                if (this.ReadAheadIsFull)
                {
                    this.readAheadWaiting = true;
                    this.roomSignal!.Reset();
                    segment = null!;
                    count = 0;
                    offset = 0;
                }
                else
                {
                    segment = this.RentSegment();
                    count = (int)Math.Min(segment.Block.Length, remaining);
                    offset = this.fileOffset;
                }
            }

            if (count == 0)
            {
                _ = await this.roomSignal!.Task.ConfigureAwait(false);
                continue;
            }

            int read;
            Exception? error = null;
            try
            {
                // This already runs on a pool thread, so the synchronous read is the cheapest wait (no second hop).
                read = this.file.Read(segment.Block.Span[..count], offset);
            }
            catch (Exception ex)
            {
                read = 0;
                error = ex;
            }

            lock (this.sync)
            {
                if (this.completed)
                {
                    segment.Release();
                    return;
                }

                if (read == 0)
                {
                    this.readError = error;
                    this.endOfData = true;
                    this.Recycle(segment);
                }
                else
                {
                    this.fileOffset += read;
                    this.Append(segment, read);
                    this.segmentsAhead++;
                    if (this.fileOffset >= this.rangeEnd)
                    {
                        this.endOfData = true;
                    }
                }

                this.CompletePendingReadIfReady();
            }
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
        // Stryker disable once Statement : a registration left behind fails only a pending read of its own token, which that read's own registration cancels too.
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

    private void FailPendingRead(Exception exception)
    {
        if (!this.readPending)
        {
            return;
        }

        this.readPending = false;
        // Stryker disable once Statement : as in CompletePendingReadIfReady: a registration left behind fails only a read its own registration cancels too.
        this.readRegistration.Unregister();
        this.readRegistration = default;
        this.pendingToken = default;
        this.readSignal!.SetException(exception);
    }

    // The consumer holds everything up to returnedEnd; stay at most readAheadBytes, and readAheadSegments segments,
    // beyond that.
    private bool ReadAheadIsFull =>
        this.bufferedEnd - Math.Max(this.examinedEnd, this.returnedEnd) >= this.readAheadBytes
        || this.segmentsAhead >= this.readAheadSegments;

    private void WakeReadAheadIfRoom()
    {
        if (this.readSignal is null)
        {
            // Inline, or the background reads have not started: nothing to wake.
            return;
        }

        if (this.IsParallel)
        {
            this.ScheduleRuns();
            return;
        }

        // Stryker disable once Logical : WakeReadAhead does nothing unless the loop waits.
        if (this.readAheadWaiting && !this.ReadAheadIsFull)
        {
            this.WakeReadAhead();
        }
    }

    private void WakeReadAhead()
    {
        if (this.readAheadWaiting)
        {
            this.readAheadWaiting = false;
            // Stryker disable once Boolean : the loop awaits the signal and discards its value.
            this.roomSignal!.SetResult(true);
        }
    }
}
