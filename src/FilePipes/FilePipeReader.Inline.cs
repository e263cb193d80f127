namespace FilePipes;

/// <summary>
/// The inline reads, on the consumer's thread when it asks for data (<see cref="FillInline"/>), and the inline reader's
/// gate: with no background reads only the consumer touches the buffer, so <c>ReadAsync</c> and
/// <c>AdvanceTo</c> take one compare-and-swap each instead of the lock (a monitor's enter and exit cost two atomic
/// operations and more work besides, per call). The gate's one job is that <see cref="Complete"/>, which may come from any
/// thread, never hands segments to <see cref="SegmentStore"/> (and so to another reader) while a consumer call may
/// still read into them or relink them.
/// </summary>
/// <remarks>
/// <para>
/// Complete while a consumer call is inside the gate (a read running inline on another thread, which the
/// <see cref="System.IO.Pipelines.PipeReader"/> contract does not allow) leaves the buffer to that call: its read goes
/// into this reader's own block, and the call returns what it read, or throws the read's
/// <see cref="ObjectDisposedException"/> if Complete closed the handle before the read's system call. The consumer's
/// next call (which throws, as any call after Complete does) releases the segments. If the consumer never calls again,
/// they are left to the garbage collector, never to another reader.
/// </para>
/// <para>
/// A consumer call that finds the gate held (two consumer calls at once) is refused as misuse, before it changes
/// anything. Every path that changes an inline reader's buffer holds the gate: the lock-free calls, and, under the lock,
/// <c>TryRead</c>, a read after a canceled result, and the copy's direct phase.
/// </para>
/// </remarks>
public sealed partial class FilePipeReader
{
    // No consumer call inside; no result outstanding.
    private const int GateFree = 0;
    // No consumer call inside; a result is outstanding.
    private const int GateHolding = 1;
    // A consumer call is inside: only it touches the buffer's segments.
    private const int GateInCall = 2;
    // Complete ran: consumer calls are refused.
    private const int GateCompleted = 3;

    private int gate;

    /// <summary>Reads once on the caller's thread; afterwards there is new data, or the data has ended.</summary>
    private void FillInline()
    {
        long remaining = this.rangeEnd - this.fileOffset;
        // Stryker disable once Equality : see mutation-testing.md#no-bytes
        if (remaining <= 0)
        {
            this.endOfData = true;
            // Stryker disable once Statement : see mutation-testing.md#no-bytes
            return;
        }

        // A short read (end of file, a pipe) leaves room in the tail; fill that before taking a new segment.
        PipeSegment? target = this.tail;
        int filled = target?.Memory.Length ?? 0;
        bool fresh = target is null || filled == target.Block.Length;
        if (fresh)
        {
            target = this.RentSegment();
            filled = 0;
        }

        int count = (int)Math.Min(target!.Block.Length - filled, remaining);
        int read;
        try
        {
            read = this.file.Read(target.Block.Span.Slice(filled, count), this.fileOffset);
        }
        catch (Exception ex)
        {
            this.readError = ex;
            // Stryker disable once Boolean : see mutation-testing.md#no-bytes
            this.endOfData = true;
            read = 0;
        }

        if (read == 0)
        {
            this.endOfData = true;
            if (fresh)
            {
                this.Recycle(target);
            }

            return;
        }

        this.fileOffset += read;
        if (fresh)
        {
            this.Append(target, read);
        }
        else
        {
            target.SetLength(filled + read);
            this.bufferedEnd += read;
        }

        if (this.fileOffset >= this.rangeEnd)
        {
            this.endOfData = true;
        }

        if (this.choosesByLength)
        {
            // A short first read met the end of a small file: no length needed, it stays inline.
            this.choosesByLength = false;
            // Stryker disable once Logical : see mutation-testing.md#shortcut
            if (read == count && !this.endOfData)
            {
                this.ChooseByLength();
            }
        }
    }

    /// <summary>Enters the gate from <paramref name="from"/>; one atomic operation.</summary>
    private bool TryEnterGate(int from) => Interlocked.CompareExchange(ref this.gate, GateInCall, from) == from;

    /// <summary>Leaves the gate. A plain store: were it to overwrite <see cref="GateCompleted"/>, the next consumer call
    /// enters, finds <see cref="completed"/> and releases what Complete left it (see <see cref="ThrowIfCompletedInGate"/>).</summary>
    private void ExitGate() => Volatile.Write(ref this.gate, this.resultOutstanding ? GateHolding : GateFree);

    /// <summary>Inside the gate: if Complete ran meanwhile, releases the segments it left to this call, and throws.</summary>
    private void ThrowIfCompletedInGate()
    {
        // Small enough to inline into every gated call; the rare work is a call of its own.
        if (Volatile.Read(ref this.completed))
        {
            this.ReleaseForCompleteAndThrow();
        }
    }

    private void ReleaseForCompleteAndThrow()
    {
        lock (this.sync)
        {
            // Stryker disable once Statement : see mutation-testing.md#gate-state
            Volatile.Write(ref this.gate, GateCompleted);
            this.ReleaseBuffer();
        }

        throw PipeMisuse.ReadingAfterCompletion();
    }

    /// <summary>Under the lock, for an inline reader: enters the gate as the consumer's state says it stands, or refuses
    /// a second consumer call at once.</summary>
    /// <returns><see langword="true"/> when the gate was entered (an inline reader), to be left with <see cref="ExitGate"/>.</returns>
    private bool EnterGateLocked()
    {
        if (this.readAheadSegments > 0)
        {
            // Stryker disable once Boolean : see mutation-testing.md#gate-state
            return false;
        }

        // Stryker disable once Statement : see mutation-testing.md#race-guard
        this.ThrowIfCompleted();
        if (!this.TryEnterGate(this.resultOutstanding ? GateHolding : GateFree))
        {
            throw PipeMisuse.AlreadyReading();
        }

        return true;
    }

    /// <summary>Leaves the gate entered under the lock; if Complete ran while it was held, releases what Complete left.</summary>
    private void ExitGateLocked()
    {
        if (this.completed)
        {
            // Stryker disable once Statement : see mutation-testing.md#gate-state
            Volatile.Write(ref this.gate, GateCompleted);
            this.ReleaseBuffer();
            // Stryker disable once Statement : see mutation-testing.md#gate-state
            return;
        }

        this.ExitGate();
    }
}
