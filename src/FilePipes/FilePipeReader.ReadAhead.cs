using System.IO.Pipelines;
using System.Runtime.ExceptionServices;

namespace FilePipes;

/// <summary>
/// Background reads, which keep segments filled ahead of the consumer: runs of segments read on the thread pool (see
/// FilePipeReader.Parallel.cs), one at a time with <see cref="FilePipeOptions.ReadAhead"/> alone, and the consumer's
/// side of them: a read that waits for data, and its cancellation.
/// </summary>
public sealed partial class FilePipeReader
{
    private static readonly Action<object?, CancellationToken> OnReadTokenCanceled = CancelPendingReadFromToken;
    private static readonly Action<object?> OnSecondWaiter = RefuseConcurrentReads;
    private static readonly Func<object?, ReadResult> OnResultAskedAgain = ReadAgain;

    // Signals that completed readers left for the next reader with background reads.
    private static readonly ReuseStack<ReusableSignal<ReadResult>> StoredSignals = new(16);

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
    // The segments a waiting consumer is woken for (see HoldsForBatch); set when the background reads start.
    private int wakeSegments = 1;

    /// <summary>Under the lock, once <see cref="StartReadAhead"/> has run: the ready result, or the awaitable of a pending read.</summary>
    private ValueTask<ReadResult> ReadAheadAsync(CancellationToken cancellationToken)
    {
        if (this.IsReady)
        {
            return this.ReadyResult();
        }

        if (!this.readPending)
        {
            this.readPending = true;
            this.readSignal!.Reset();
        }

        if (cancellationToken.CanBeCanceled)
        {
            // Like Pipe, the last call's token is the one that cancels the pending read: a second call replaces the
            // first call's.
            this.readRegistration.Unregister();
            this.pendingToken = cancellationToken;
            this.readRegistration = cancellationToken.UnsafeRegister(OnReadTokenCanceled, this);
        }

        // Like Pipe, a second read while one is pending gets the same awaitable; a second waiter on it fails both
        // (RefuseConcurrentReads).
        return this.readSignal!.Task;
    }

    private void StartReadAhead()
    {
        if (this.readAheadSegments > 0 && this.readSignal is null)
        {
            this.readSignal = StoredSignals.Take() ?? new ReusableSignal<ReadResult>(OnSecondWaiter, OnResultAskedAgain);
            this.readSignal.Owner = this;

            // Half the read-ahead, at most a run: the reads keep the other half to go on with while the consumer
            // wakes. A handle that cannot seek wakes it per read: its next read may wait for a writer indefinitely.
            // Stryker disable once Arithmetic : see mutation-testing.md#wake-batch
            this.wakeSegments = this.file.IsSeekable ? Math.Max(1, Math.Min(this.runSegments, this.readAheadSegments / 2)) : 1;
            this.ScheduleRuns();
        }
    }

    private static void CancelPendingReadFromToken(object? state, CancellationToken cancellationToken)
    {
        var reader = (FilePipeReader)state!;
        lock (reader.sync)
        {
            // Stryker disable once Logical : see mutation-testing.md#race-guard
            if (reader.readPending && reader.pendingToken == cancellationToken)
            {
                reader.FailPendingRead(new OperationCanceledException(cancellationToken));
                // Pipe counts a read its token canceled as a tentative read, which one AdvanceTo may end.
                reader.tentativeRead = true;
            }
        }
    }

    /// <summary>A second waiter on the pending read's awaitable: Pipe completes its writer with the error, so both waits
    /// and every later read throw it. Here the data ends with it, due at once.</summary>
    private static void RefuseConcurrentReads(object? state)
    {
        var reader = (FilePipeReader)state!;
        lock (reader.sync)
        {
            if (!reader.readPending)
            {
                // Pipe too lets a waiter on a completed awaitable just run.
                return;
            }

            reader.readError = PipeMisuse.ConcurrentReads();
            reader.readErrorIsMisuse = true;
            reader.endOfData = true;
            reader.FailPendingRead(reader.readError);
        }
    }

    /// <summary>Under the lock: a waiting read's result, not yet asked for by its awaitable, goes to this call instead,
    /// as Pipe gives it to whoever asks first.</summary>
    private bool TakeUnobservedResult(out ValueTask<ReadResult> result)
    {
        if (this.readSignal is { } signal && this.TakeUnobservedResult(signal, out ReadResult taken))
        {
            result = new ValueTask<ReadResult>(taken);
            return true;
        }

        result = default;
        return false;
    }

    /// <summary>Under the lock, for CancelPendingRead: Pipe builds a read's result when it is asked for, so a
    /// cancellation after the data came and before that marks the result canceled, and is spent on it.</summary>
    private bool CancelUnobservedResult()
    {
        if (this.readSignal is { } signal && signal.TryTakeUnobserved(out ReadResult taken))
        {
            // As on Pipe, whoever asks first gets it canceled; it waits on the signal (ReusableSignal.SetAside).
            signal.SetAside(new ReadResult(taken.Buffer, isCanceled: true, taken.IsCompleted));
            this.outstandingCanceled = true;
            return true;
        }

        return false;
    }

    /// <summary>Under the lock: a waiting read with data ready (held for a batch, which the caller cannot see) is
    /// completed first, as Pipe's would be.</summary>
    private bool TakeUnobservedResult(ReusableSignal<ReadResult> signal, out ReadResult result)
    {
        if (signal.TryTakeSetAside(out result))
        {
            return true;
        }

        this.CompletePendingReadIfAnyReady();
        return signal.TryTakeUnobserved(out result);
    }

    /// <summary>The pending read's awaitable asked for its result again after it gave it: Pipe's awaitable answers as a
    /// read would now, so the old buffer is never handed out twice.</summary>
    private static ReadResult ReadAgain(object? state)
    {
        var reader = (FilePipeReader)state!;
        lock (reader.sync)
        {
            reader.ThrowIfCompleted();
            if (reader.readSignal is { } signal && signal.TryTakeSetAside(out ReadResult canceled))
            {
                return canceled;
            }

            reader.ThrowIfReading();
            if (!reader.IsReady)
            {
                throw PipeMisuse.ResultNotCompleted();
            }

            if (reader.ErrorIsDue)
            {
                ExceptionDispatchInfo.Throw(reader.readError);
            }

            return reader.TakeResult();
        }
    }

    /// <summary>
    /// Gets a value indicating whether a waiting consumer is left waiting although data is ready: fewer than a batch of
    /// segments came since its last result, the run in turn is still reading (so more come without the consumer), and
    /// no reader waits for the room that taking them would free. Each wake-up is a thread-pool hop that costs more than
    /// a 4 KiB read, and a consumer faster than the reads that was woken per segment stayed caught up, paying one hop
    /// per read (docs/reading-modes.md). The first data, the end of the data, an error and a cancellation
    /// are never held.
    /// </summary>
    private bool HoldsForBatch =>
        this.segmentsAhead < this.wakeSegments && this.firstRun is not null && this.returnedEnd > 0 && !this.cancelPending
        && !this.endOfData && !this.ReadsWaitForConsumer;

    private void CompletePendingReadIfReady()
    {
        if (!this.HoldsForBatch)
        {
            this.CompletePendingReadIfAnyReady();
        }
    }

    /// <summary>Completes a waiting read that has data ready, even one held for a batch.</summary>
    private void CompletePendingReadIfAnyReady()
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
            signal.Retire();
            signal.Owner = null;
            StoredSignals.Return(signal);
        }

        this.readSignal = null;
    }

    private void FailPendingRead(Exception exception)
    {
        // Stryker disable once Block : see mutation-testing.md#unreachable
        if (!this.readPending)
        {
            // Stryker disable once Statement : see mutation-testing.md#unreachable
            return;
        }

        this.readPending = false;

        // Stryker disable once Statement : see mutation-testing.md#token-unregister
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
