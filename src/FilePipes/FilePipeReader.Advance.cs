using System.Runtime.CompilerServices;

namespace FilePipes;

/// <summary>
/// <c>AdvanceTo</c>: the end of a read. Inline, with a result outstanding, it takes the gate instead of the lock
/// (FilePipeReader.Inline.cs); the positions are resolved and checked by the buffer (<see cref="SegmentChain"/>), and
/// the room an advance frees wakes the background reads.
/// </summary>
public sealed partial class FilePipeReader
{
    /// <inheritdoc/>
    public override void AdvanceTo(SequencePosition consumed) => this.AdvanceTo(consumed, consumed);

    /// <inheritdoc/>
    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        // Inline, with a result outstanding: the gate instead of the lock (FilePipeReader.Inline.cs).
        if (this.readAheadSegments == 0 && this.consumer.TryEnter(ConsumerGate.Holding))
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
                this.consumer.Exit();
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
            if (this.consumer.IsCompleted)
            {
                throw PipeMisuse.ReadingAfterCompletion();
            }

            // Pipe's read begins when its awaitable gives the result: before that, there is no read to end.
            if (this.readSignal is { HasUnobservedResult: true } or { HasSetAside: true })
            {
                throw PipeMisuse.NoReadToComplete();
            }

            if (this.consumer.ResultOutstanding && this.readAheadSegments > 0)
            {
                this.Advance(consumed, examined);
                return;
            }

            // An inline reader with a consumer call inside the gate, or no read to end: nothing to advance.
            if (this.consumer.ResultOutstanding || !this.consumer.IsTentativeRead)
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

    /// <summary>Inside the gate: the buffer just returned, one segment, consumed and examined to its end, goes straight
    /// to the recycled slot (<see cref="SegmentChain.TryConsumeWhole"/>).</summary>
    /// <returns>Whether the buffer was consumed here.</returns>
    private bool TryConsumeWholeSegment(SequencePosition consumed, SequencePosition examined)
    {
        if (!this.chain.TryConsumeWhole(consumed, examined, this.consumer.IsCompleted))
        {
            return false;
        }

        this.consumer.EndResult();

        // Only inline readers (the gate) come here: no background reads to wake, unlike Advance.
        return true;
    }

    private void Advance(SequencePosition consumed, SequencePosition examined)
    {
        long examinedAt = this.chain.Resolve(consumed, examined, this, out long consumedAt);
        this.consumer.EndRead();
        this.chain.Consume(consumedAt, examinedAt, this.consumer.IsCompleted);
        // Stryker disable once Statement : see mutation-testing.md#wake-after-advance
        this.WakeReadAheadIfRoom();
    }
}
