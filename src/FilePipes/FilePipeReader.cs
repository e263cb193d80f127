using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using Microsoft.Win32.SafeHandles;

namespace FilePipes;

/// <summary>
/// A <see cref="PipeReader"/> over a file, read with <see cref="RandomAccess"/> at explicit offsets straight into
/// pooled segments: no <see cref="FileStream"/>, no intermediate copy, and no allocation per read in steady state.
/// </summary>
/// <remarks>
/// <para>
/// With <see cref="FilePipeOptions.ReadAhead"/> of zero, each read runs inline, on the caller's thread, when the
/// consumer asks for data. With a positive read-ahead, a background read keeps up to that many segments filled
/// beyond what the consumer holds, so reading overlaps parsing. With <see cref="FilePipeOptions.ParallelReads"/> above
/// one, that many reads are in flight at once, at their own offsets; they may complete in any order, and the consumer
/// gets the bytes in file order. With both left unset (the default), the reader chooses by the bytes it has to read:
/// inline below 1 MiB, so a small file pays no thread-pool hop, and two runs of 256 KiB in flight from 1 MiB on (see
/// <see cref="FilePipeOptions.ParallelReads"/>). It chooses at its first read, which runs inline: a read that comes
/// back short has met the end of a file smaller than a segment, and only one that fills its segment asks for the
/// file's length, so a small file costs no system call to choose.
/// </para>
/// <para>
/// A read that fails ends the data with its error: the consumer gets every byte read before it, and the error once it
/// has examined them (from then on, every read throws it).
/// </para>
/// <para>
/// The reader reads until a read returns no bytes, or until the end of the range. A file truncated while it is read
/// therefore completes at its new end (segments already read ahead are still delivered); a file that grows before
/// the reader reaches its end is read to its new end. With parallel reads, "before the reader reaches its end" means before the read
/// at the old end runs, which may be ahead of the consumer.
/// </para>
/// <para>
/// A handle that cannot seek (a FIFO, a terminal, standard input) is read sequentially from its current position:
/// <see cref="FilePipeOptions.Offset"/> must then be zero, and reads always run in the background (read-ahead of at
/// least one) so that a blocked read can be cancelled and never blocks the consumer's thread.
/// </para>
/// <para>
/// Misuse throws what <see cref="Pipe"/>'s reader throws: see <see cref="PipeReader"/>. A call refused as misuse changes
/// nothing. Unlike <see cref="Pipe"/>, which checks no position, <see cref="AdvanceTo(SequencePosition, SequencePosition)"/>
/// refuses with <see cref="InvalidOperationException"/> a position already consumed, from the buffer before the
/// current one, or from anything but this reader; a position from an older buffer may point into a segment reused
/// since, and is not guaranteed to be refused (docs/reading-modes.md, "Positions from earlier buffers").
/// </para>
/// <para>
/// A <c>CopyToAsync</c> that fails or is canceled loses and repeats nothing: the reader keeps every byte the
/// destination did not take (see <see cref="CopyToAsync(PipeWriter, CancellationToken)"/>).
/// </para>
/// </remarks>
public sealed partial class FilePipeReader : PipeReader
{
    // The reader is one class whose parts each live in a partial file that declares the fields it owns: the buffer
    // (FilePipeReader.Buffer.cs), the runs (FilePipeReader.Runs.cs), the claims and the hand-over in file order
    // (FilePipeReader.Parallel.cs), the schedule (FilePipeReader.Choice.cs), the read signal
    // (FilePipeReader.ReadAhead.cs), the inline gate (FilePipeReader.Inline.cs); this file keeps the consumer's state
    // and how the data ends. The lock guards every
    // field of every part, except in an inline reader, whose buffer and consumer state the gate guards instead; a run's
    // work item reads its batch without it (FilePipeReader.RunReads.cs). The parts are files, not structs in fields:
    // a struct changes what the JIT inlines and which write barrier a stored reference takes, on the hot paths.
    // A monitor on the reader's own file access object, which nothing outside the reader can reach: no lock object to
    // build per reader (a System.Threading.Lock is 40 B and its construction per file opened; an A/B of the two
    // found no difference in time: docs/reading-modes.md).
    private readonly object sync;
    private readonly FileHandleAccess file;
    private readonly long rangeEnd;
    // The tests' seam (FilePipeReader.Probe.cs); null in production.
    private readonly Probe? probe;
    private long fileOffset;

    private bool endOfData;
    private Exception? readError;
    // The error is misuse (concurrent reads), which Pipe throws at once, before any data or cancellation.
    private bool readErrorIsMisuse;
    private bool completed;
    private bool cancelPending;
    private bool resultOutstanding;
    // Pipe lets a canceled result be followed by another read without AdvanceTo (the usual loop after
    // CancelPendingRead does just that), so such a result does not count as a read in progress.
    private bool outstandingCanceled;
    // TryRead returned false: Pipe counts that as a tentative read, which an AdvanceTo within the last buffer may end.
    private bool tentativeRead;

    // The options are validated by the caller (FilePipe), once, before a path is opened.
    internal FilePipeReader(SafeFileHandle handle, bool ownsHandle, FilePipeOptions options)
    {
        this.file = new FileHandleAccess(handle, ownsHandle, FileAccess.Read);
        this.sync = this.file;

        // A failed construction leaves the handle open: its opener (FilePipe.OpenReader, or the caller) closes it.
        if (!this.file.IsSeekable && options.Offset != 0)
        {
            throw new ArgumentException(
                "FilePipeOptions.Offset must be 0 for a handle that cannot seek (a FIFO, terminal or standard input); it is read sequentially from its current position.",
                nameof(options));
        }

        this.pool = options.Pool ?? MemoryPool<byte>.Shared;
        this.storesSegments = this.pool == MemoryPool<byte>.Shared;
        this.bufferSize = options.BufferSize;
        this.fileOffset = options.Offset;
        this.rangeEnd = options.Length < 0 ? long.MaxValue : options.Offset + options.Length;
        this.choosesByLength = ReadSchedule.ChoosesByLength(options, this.file.IsSeekable);
        this.SetSchedule(ReadSchedule.For(options, this.file.IsSeekable));
        this.claimOffset = options.Offset;
        if (options.Probe is { } given)
        {
            given.Attach(this);
            this.probe = given;
        }
    }

    /// <summary>Gets a value indicating whether the reader reads sequentially because its handle cannot seek.</summary>
    public bool IsSequentialFallback => !this.file.IsSeekable;

    private bool IsReady => this.cancelPending || this.endOfData || this.bufferedEnd > this.examinedEnd;

    // A read error waits until the consumer has examined every byte read before it, so background reads that ran
    // ahead of a slow consumer never make it lose those bytes; a pending cancellation still comes first.
    [MemberNotNullWhen(true, nameof(readError))]
    private bool ErrorIsDue =>
        this.readError is not null && (this.readErrorIsMisuse || (!this.cancelPending && this.bufferedEnd <= this.examinedEnd));

    /// <inheritdoc/>
    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
    {
        // Inline, with no result outstanding: the gate instead of the lock (FilePipeReader.Inline.cs).
        if (this.readAheadSegments == 0 && this.TryEnterGate(GateFree))
        {
            this.ThrowIfCompletedInGate();
            try
            {
                return this.ReadInGate(cancellationToken);
            }
            finally
            {
                this.ExitGate();
            }
        }

        return this.ReadLocked(cancellationToken);
    }

    // Apart from ReadAsync, so the lock's frame and handler are not set up on every inline read.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private ValueTask<ReadResult> ReadLocked(CancellationToken cancellationToken)
    {
        // A consumer with nothing ready reads part of a run itself, outside the lock, and looks again.
        ValueTask<ReadResult> result;
        while (this.ReadLockedOrTakeRun(cancellationToken, out result) is { } run)
        {
            this.ReadRun(run);
        }

        return result;
    }

    private ParallelReadRun? ReadLockedOrTakeRun(CancellationToken cancellationToken, out ValueTask<ReadResult> result)
    {
        result = default;
        lock (this.sync)
        {
            // Pipe's order: completion first, then the token (even while a result is outstanding), then misuse.
            this.ThrowIfCompleted();
            if (cancellationToken.IsCancellationRequested)
            {
                result = ValueTask.FromCanceled<ReadResult>(cancellationToken);
                return null;
            }

            if (this.TakeUnobservedResult(out result))
            {
                return null;
            }

            this.ThrowIfReading();
            this.tentativeRead = false;
            if (this.readAheadSegments > 0)
            {
                this.StartReadAhead();
                if (!this.IsReady && !this.readPending && this.TakeRunForConsumer() is { } run)
                {
                    return run;
                }

                result = this.ReadAheadAsync(cancellationToken);
                return null;
            }

            // Inline after a canceled result, which Pipe lets the consumer follow with a read without AdvanceTo.
            this.EnterGateLocked();
            try
            {
                result = this.ReadInGate(cancellationToken);
                return null;
            }
            finally
            {
                this.ExitGateLocked();
            }
        }
    }

    /// <summary>An inline read, inside the gate: only the consumer's call touches the buffer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ValueTask<ReadResult> ReadInGate(CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<ReadResult>(cancellationToken);
        }

        // No misuse check here: ReadLocked checked just before, and ReadAsync enters only a free gate, free only with no
        // result outstanding (ExitGate).
        if (!this.IsReady)
        {
            this.FillInline();
        }

        return this.ReadyResult();
    }

    /// <inheritdoc/>
    public override bool TryRead(out ReadResult result)
    {
        lock (this.sync)
        {
            this.ThrowIfCompleted();
            if (this.readSignal is { } signal && this.TakeUnobservedResult(signal, out result))
            {
                return true;
            }

            this.ThrowIfReading();

            // A copy's direct phase holds the gate with no result outstanding: Pipe's TryRead refuses a read there too.
            if (this.readAheadSegments == 0 && Volatile.Read(ref this.gate) == GateInCall)
            {
                ThrowAlreadyReading();
            }

            this.ChooseNow();
            this.StartReadAhead();
            if (this.IsReady)
            {
                if (this.ErrorIsDue)
                {
                    ExceptionDispatchInfo.Throw(this.readError);
                }

                bool gated = this.EnterGateLocked();
                result = this.TakeResult();
                if (gated)
                {
                    this.ExitGate();
                }

                return true;
            }

            if (this.readPending)
            {
                // Pipe's TryRead refuses while a ReadAsync waits for data.
                ThrowAlreadyReading();
            }

            this.tentativeRead = true;
            result = default;
            return false;
        }
    }

    /// <inheritdoc/>
    public override void CancelPendingRead()
    {
        lock (this.sync)
        {
            if (this.CancelUnobservedResult())
            {
                return;
            }

            this.cancelPending = true;
            this.CompletePendingReadIfReady();
        }
    }

    /// <inheritdoc/>
    public override void Complete(Exception? exception = null)
    {
        lock (this.sync)
        {
            if (this.completed)
            {
                return;
            }

            Volatile.Write(ref this.completed, true);

            // The exception only for a read that waits, so a Complete with no read pending allocates nothing.
            if (this.readPending)
            {
                this.FailPendingRead(PipeMisuse.ReadingAfterCompletion());
            }

            if (this.readSignal is not null)
            {
                this.StoreSignal();
            }

            // A consumer call inside the gate (an inline read on another thread) may still read into the buffer's
            // blocks: it releases them itself, once it is done (FilePipeReader.Inline.cs).
            if (Interlocked.Exchange(ref this.gate, GateCompleted) != GateInCall)
            {
                // Stryker disable once Boolean : see mutation-testing.md#gate-state
                this.resultOutstanding = false;
                this.ReleaseBuffer();
            }
        }

        this.file.Dispose();
    }

    private void ThrowIfCompleted()
    {
        if (this.completed)
        {
            throw PipeMisuse.ReadingAfterCompletion();
        }
    }

    private void ThrowIfReading()
    {
        if (this.resultOutstanding && !this.outstandingCanceled)
        {
            ThrowAlreadyReading();
        }
    }

    // A throw of its own, so ThrowIfReading, on every read, is small enough to be inlined.
    [DoesNotReturn]
    private static void ThrowAlreadyReading() => throw PipeMisuse.AlreadyReading();

    private ValueTask<ReadResult> ReadyResult()
    {
        if (this.ErrorIsDue)
        {
            // Misuse throws from the call, as Pipe's does; a read's error comes with the awaitable.
            return this.readErrorIsMisuse ? throw this.readError : ValueTask.FromException<ReadResult>(this.readError);
        }

        return new ValueTask<ReadResult>(this.TakeResult());
    }

    private ReadResult TakeResult()
    {
        // CancelPendingRead sets the flag under the lock from any thread, while an inline read takes its result
        // without it: clear the flag under the lock, so a cancellation that comes meanwhile is kept for the next read.
        bool canceled = Volatile.Read(ref this.cancelPending);
        if (canceled)
        {
            this.ClearCancelPending();
        }

        this.resultOutstanding = true;
        this.outstandingCanceled = canceled;
        this.tentativeRead = false;
        this.returnedEnd = this.bufferedEnd;
        this.segmentsAhead = 0;
        ReadOnlySequence<byte> buffer = this.head is null
            ? default
            : new ReadOnlySequence<byte>(this.head, this.headIndex, this.tail!, this.tail!.Memory.Length);
        this.WakeReadAheadIfRoom();
        return new ReadResult(buffer, canceled, this.endOfData && this.readError is null);
    }

    // Apart from TakeResult, so the lock's frame and handler are not set up on every read.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ClearCancelPending()
    {
        lock (this.sync)
        {
            this.cancelPending = false;
        }
    }
}
