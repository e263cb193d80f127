using System.Diagnostics.CodeAnalysis;

namespace FilePipes;

/// <summary>
/// The consumer's side of a reader: one read at a time (a result outstanding until <c>AdvanceTo</c>, or a tentative
/// read after a <c>TryRead</c> that found nothing), a pending cancellation, completion, and the inline reader's gate,
/// which lets a consumer call in with one compare-and-swap instead of the lock (FilePipeReader.Inline.cs).
/// </summary>
/// <remarks>
/// A struct held in the reader's field, so the reader carries no object more. Guarded by the reader's lock, or, for an
/// inline reader, by the gate; the members that say "seen without the lock" are the ones a call makes before it has
/// either.
/// </remarks>
internal struct ConsumerGate
{
    /// <summary>No consumer call inside; no result outstanding.</summary>
    public const int Free = 0;

    /// <summary>No consumer call inside; a result is outstanding.</summary>
    public const int Holding = 1;

    /// <summary>A consumer call is inside: only it touches the buffer's segments.</summary>
    public const int InCall = 2;

    /// <summary>Complete ran: consumer calls are refused.</summary>
    public const int Closed = 3;

    private int gate;
    private bool completed;
    private bool cancelPending;
    private bool resultOutstanding;
    // Pipe lets a canceled result be followed by another read without AdvanceTo (the usual loop after
    // CancelPendingRead does just that), so such a result does not count as a read in progress.
    private bool outstandingCanceled;
    // TryRead returned false: Pipe counts that as a tentative read, which an AdvanceTo within the last buffer may end.
    private bool tentativeRead;
    // A ReadAsync waits for data on the read signal (FilePipeReader.ReadAhead.cs).
    private bool readPending;
    // Two waiters on one read: the reader's error is this misuse, which Pipe throws at once, before any data or
    // cancellation. (Here rather than beside the error, so the struct packs with no padding.)
    private bool misused;
    // Segments appended since the consumer last took a result: they count against the read-ahead bound. Bytes alone
    // would not bound memory: a FIFO that delivers one byte per read would fill a whole pooled segment per byte.
    private int segmentsAhead;

    /// <summary>Gets a value indicating whether the reader completed.</summary>
    public readonly bool IsCompleted => this.completed;

    /// <summary>Gets a value indicating whether a cancellation waits for the next read.</summary>
    public readonly bool CancelPending => this.cancelPending;

    /// <summary>Gets a value indicating whether the consumer holds a result it has not advanced past.</summary>
    public readonly bool ResultOutstanding => this.resultOutstanding;

    /// <summary>Gets a value indicating whether the last <c>TryRead</c> found nothing, with no read since.</summary>
    public readonly bool IsTentativeRead => this.tentativeRead;

    /// <summary>Gets a value indicating whether a ReadAsync waits for data.</summary>
    public readonly bool IsReadPending => this.readPending;

    /// <summary>Gets a value indicating whether the reader's error is misuse (two waiters on one read).</summary>
    public readonly bool IsMisused => this.misused;

    /// <summary>Gets the segments appended since the consumer last took a result.</summary>
    public readonly int SegmentsAhead => this.segmentsAhead;

    /// <summary>Gets a value indicating whether the reader completed, seen without the lock.</summary>
    public bool SeesCompleted => Volatile.Read(ref this.completed);

    /// <summary>Gets a value indicating whether a cancellation waits, seen without the lock (CancelPendingRead sets it
    /// under the lock from any thread).</summary>
    public bool SeesCancelPending => Volatile.Read(ref this.cancelPending);

    /// <summary>Gets a value indicating whether a consumer call is inside the gate (a copy's direct phase, say).</summary>
    public bool IsInCall => Volatile.Read(ref this.gate) == InCall;

    /// <summary>Enters the gate from <paramref name="from"/>; one atomic operation.</summary>
    public bool TryEnter(int from) => Interlocked.CompareExchange(ref this.gate, InCall, from) == from;

    /// <summary>Enters the gate from the state the consumer's result says it stands in.</summary>
    public bool TryEnterAsItStands() => this.TryEnter(this.resultOutstanding ? Holding : Free);

    /// <summary>Leaves the gate. A plain store: were it to overwrite <see cref="Closed"/>, the next consumer call
    /// enters, finds the reader completed and releases what Complete left it (FilePipeReader.Inline.cs).</summary>
    public void Exit() => Volatile.Write(ref this.gate, this.resultOutstanding ? Holding : Free);

    /// <summary>Closes the gate for good, from a call inside it that found the reader completed.</summary>
    public void Close() => Volatile.Write(ref this.gate, Closed);

    /// <summary>Completes: every call from now on is refused.</summary>
    public void Complete() => Volatile.Write(ref this.completed, true);

    /// <summary>Closes the gate for good, as Complete does.</summary>
    /// <returns><see langword="false"/> when a consumer call is inside, which then owns the buffer until it leaves.</returns>
    public bool CloseUnlessInCall()
    {
        if (Interlocked.Exchange(ref this.gate, Closed) == InCall)
        {
            return false;
        }

        // Stryker disable once Boolean : see mutation-testing.md#gate-state
        this.resultOutstanding = false;
        return true;
    }

    public readonly void ThrowIfCompleted()
    {
        if (this.completed)
        {
            throw PipeMisuse.ReadingAfterCompletion();
        }
    }

    /// <summary>Refuses a read while the consumer holds a result (not a canceled one, which Pipe lets it read past).</summary>
    public readonly void ThrowIfReading()
    {
        if (this.resultOutstanding && !this.outstandingCanceled)
        {
            ThrowAlreadyReading();
        }
    }

    /// <summary>A result goes to the consumer, canceled or not.</summary>
    public void BeginResult(bool canceled)
    {
        this.resultOutstanding = true;
        this.outstandingCanceled = canceled;
        this.tentativeRead = false;
        this.segmentsAhead = 0;
    }

    /// <summary>A segment was appended for the consumer to take.</summary>
    public void CountSegmentAhead() => this.segmentsAhead++;

    /// <summary>The consumer took every byte another way (a copy's direct read).</summary>
    public void ClearSegmentsAhead() => this.segmentsAhead = 0;

    /// <summary>A copy's chunk goes to its destination: it counts as a result outstanding until the write completes.</summary>
    public void HoldChunk()
    {
        // Stryker disable once Boolean : see mutation-testing.md#gate-state
        this.resultOutstanding = true;
        // Stryker disable once Boolean : see mutation-testing.md#gate-state
        this.outstandingCanceled = false;
    }

    /// <summary>The consumer advanced: no result, and no tentative read, outstanding.</summary>
    public void EndRead()
    {
        this.resultOutstanding = false;
        this.tentativeRead = false;
    }

    /// <summary>The result outstanding was consumed (a tentative read, if any, stays).</summary>
    public void EndResult() => this.resultOutstanding = false;

    /// <summary>The outstanding result was canceled before its awaitable gave it (see CancelUnobservedResult).</summary>
    public void CancelOutstanding() => this.outstandingCanceled = true;

    /// <summary>A read found nothing (TryRead), or its token canceled it: one AdvanceTo may end it, as on Pipe.</summary>
    public void BeginTentativeRead() => this.tentativeRead = true;

    /// <summary>A read begins: a tentative read before it ends.</summary>
    public void EndTentativeRead() => this.tentativeRead = false;

    /// <summary>A ReadAsync found nothing ready: it waits for data.</summary>
    public void BeginPendingRead() => this.readPending = true;

    /// <summary>The waiting read completed, with data, an error or a cancellation.</summary>
    public void EndPendingRead() => this.readPending = false;

    /// <summary>Two waiters on one read: the reader's error is misuse.</summary>
    public void MarkMisused() => this.misused = true;

    /// <summary>CancelPendingRead: the next read, or the one pending, returns canceled.</summary>
    public void RequestCancel() => this.cancelPending = true;

    /// <summary>A canceled result, or a copy, took the pending cancellation.</summary>
    public void ClearCancel() => this.cancelPending = false;

    // A throw of its own, so ThrowIfReading, on every read, is small enough to be inlined.
    [DoesNotReturn]
    public static void ThrowAlreadyReading() => throw PipeMisuse.AlreadyReading();
}
