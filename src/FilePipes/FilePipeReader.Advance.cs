using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace FilePipes;

/// <summary>
/// <c>AdvanceTo</c>: the end of a read. Inline, with a result outstanding, it takes the gate instead of the lock
/// (FilePipeReader.Inline.cs); the positions are resolved and checked against the buffer (FilePipeReader.Buffer.cs),
/// and the room an advance frees wakes the background reads.
/// </summary>
public sealed partial class FilePipeReader
{
    /// <inheritdoc/>
    public override void AdvanceTo(SequencePosition consumed) => this.AdvanceTo(consumed, consumed);

    /// <inheritdoc/>
    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        // Inline, with a result outstanding: the gate instead of the lock (FilePipeReader.Inline.cs).
        if (this.readAheadSegments == 0 && this.TryEnterGate(GateHolding))
        {
            this.ThrowIfCompletedInGate();
            try
            {
                if (!this.TryConsumeWholeSegment(consumed, examined))
                {
                    this.Advance(consumed, examined);
                }
            }
            finally
            {
                this.ExitGate();
            }

            return;
        }

        this.AdvanceLocked(consumed, examined);
    }

    // Apart from AdvanceTo, so the lock's frame and handler are not set up on every inline read.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AdvanceLocked(SequencePosition consumed, SequencePosition examined)
    {
        lock (this.sync)
        {
            if (this.completed)
            {
                throw PipeMisuse.ReadingAfterCompletion();
            }

            // Pipe's read begins when its awaitable gives the result: before that, there is no read to end.
            if (this.readSignal is { HasUnobservedResult: true } or { HasSetAside: true })
            {
                throw PipeMisuse.NoReadToComplete();
            }

            if (this.resultOutstanding && this.readAheadSegments > 0)
            {
                this.Advance(consumed, examined);
                return;
            }

            // An inline reader with a consumer call inside the gate, or no read to end: nothing to advance.
            if (this.resultOutstanding || !this.tentativeRead)
            {
                throw PipeMisuse.NoReadToComplete();
            }

            this.AdvanceTentative(consumed, examined);
        }
    }

    /// <summary>Under the lock, after a <see cref="TryRead"/> that returned false: the positions are checked against the
    /// last buffer returned, as for any advance.</summary>
    private void AdvanceTentative(SequencePosition consumed, SequencePosition examined)
    {
        bool gated = this.EnterGateLocked();
        try
        {
            this.Advance(consumed, examined);
        }
        finally
        {
            if (gated)
            {
                this.ExitGateLocked();
            }
        }
    }

    /// <summary>Inside the gate: the buffer just returned, one segment, consumed and examined to its end (what a consumer
    /// that takes everything does on every read). Its segment goes straight to the recycled slot, with no position to
    /// resolve and no chain to walk; anything else is left to <see cref="Advance"/>, which does the same for this case.</summary>
    /// <returns>Whether the buffer was consumed here.</returns>
    private bool TryConsumeWholeSegment(SequencePosition consumed, SequencePosition examined)
    {
        PipeSegment? only = this.tail;
        if (only is null || only != this.head || consumed.GetObject() != only || !examined.Equals(consumed)
            || consumed.GetInteger() != only.Memory.Length)
        {
            return false;
        }

        // Inline, with a result outstanding (the gate holding): no read has appended since the result.
        Debug.Assert(this.bufferedEnd == this.returnedEnd, "An inline reader read while a result was outstanding.");

        this.resultOutstanding = false;
        this.examinedEnd = this.returnedEnd;
        this.Recycle(only);
        this.head = this.tail = null;
        this.headIndex = 0;

        // Only inline readers (the gate) come here: no background reads to wake, unlike Advance.
        return true;
    }

    private void Advance(SequencePosition consumed, SequencePosition examined)
    {
        long consumedAt = this.ToAbsolute(consumed);
        long examinedAt;
        if (examined.GetObject() is null && consumed.GetObject() is not null)
        {
            // A default examined position beside a real consumed one examines nothing, as on Pipe: the bytes not
            // examined before are still new to the next read. (Both default are an empty buffer's start and end.)
            examinedAt = this.examinedEnd;
        }
        else
        {
            // AdvanceTo(consumed) passes the same position twice: resolve it once.
            // Stryker disable once Conditional : see mutation-testing.md#shortcut
            examinedAt = examined.Equals(consumed) ? consumedAt : this.ToAbsolute(examined);
            if (examinedAt < consumedAt)
            {
                throw PipeMisuse.ExaminedBeforeConsumed();
            }
        }

        this.resultOutstanding = false;
        this.tentativeRead = false;
        // An examined position before the last one takes nothing back: the next read still waits for new bytes, as
        // Pipe's ReadAsync does (its TryRead returns the bytes in between again; 8.0's Pipe throws instead).
        this.examinedEnd = Math.Max(this.examinedEnd, examinedAt);
        this.ReleaseBefore(consumedAt);
        // Stryker disable once Statement : see mutation-testing.md#wake-after-advance
        this.WakeReadAheadIfRoom();
    }
}
