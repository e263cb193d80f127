using System.Buffers;
using System.IO.Pipelines;
using System.Runtime.ExceptionServices;

namespace FilePipes;

/// <summary>
/// <see cref="PipeReader.CopyToAsync(PipeWriter, CancellationToken)"/> and
/// <see cref="PipeReader.CopyToAsync(Stream, CancellationToken)"/>. Data already buffered, and everything with
/// read-ahead (whose background reads already overlap reading with writing), goes through the ordinary read path. Inline
/// reads then take a fast path: the file is read straight into the destination's memory (a <see cref="PipeWriter"/>)
/// or into one recycled segment (a <see cref="Stream"/>), without going through the segment chain.
/// </summary>
/// <remarks>
/// A copy that fails or is canceled loses nothing and repeats nothing: what the destination took stays taken, and the
/// reader keeps everything else, so the next read starts at the first byte the destination did not take. A
/// <see cref="Stream"/> took the bytes of every <c>WriteAsync</c> that completed; a <see cref="PipeWriter"/> took every
/// byte written into it, flushed or not (a flush that fails leaves them in the writer, which sends them with its next
/// flush). <c>Pipe</c>'s reader keeps the bytes of a failed flush too, so a copy resumed into the same writer sends
/// them twice; this reader does not.
/// </remarks>
public sealed partial class FilePipeReader
{
    /// <inheritdoc cref="PipeReader.CopyToAsync(PipeWriter, CancellationToken)"/>
    /// <remarks>If the copy fails or is canceled, the reader keeps every byte not yet written into
    /// <paramref name="destination"/>; bytes written into it stay there, even when its flush failed.</remarks>
    public override Task CopyToAsync(PipeWriter destination, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);

        // Like PipeReader's own copy, a token canceled up front wins over every other outcome.
        return cancellationToken.IsCancellationRequested
            ? Task.FromCanceled(cancellationToken)
            : this.CopyToWriterAsync(destination, cancellationToken);
    }

    /// <inheritdoc cref="PipeReader.CopyToAsync(Stream, CancellationToken)"/>
    /// <remarks>If the copy fails or is canceled, the reader keeps every byte from the first <c>WriteAsync</c> that
    /// did not complete.</remarks>
    public override Task CopyToAsync(Stream destination, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return cancellationToken.IsCancellationRequested
            ? Task.FromCanceled(cancellationToken)
            : this.CopyToStreamAsync(destination, cancellationToken);
    }

    private static OperationCanceledException ReadCanceled() => new("Read was canceled on underlying PipeReader.");

    private static OperationCanceledException FlushCanceled() => new("Flush was canceled on underlying PipeWriter.");

    private async Task CopyToWriterAsync(PipeWriter destination, CancellationToken cancellationToken)
    {
        while (!this.CanCopyDirect())
        {
            if (await this.CopyResultAsync(destination, null, cancellationToken).ConfigureAwait(false))
            {
                return;
            }
        }

        lock (this.sync)
        {
            // The direct phase changes the buffer between awaits: it holds the inline reader's gate throughout.
            this.EnterGateLocked();
        }

        try
        {
            await this.CopyDirectAsync(destination, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            lock (this.sync)
            {
                this.ExitGateLocked();
            }
        }
    }

    private async ValueTask CopyDirectAsync(PipeWriter destination, CancellationToken cancellationToken)
    {
        while (true)
        {
            bool ended;
            lock (this.sync)
            {
                this.PrepareDirectRead(cancellationToken);
                Memory<byte> target = destination.GetMemory(this.bufferSize);
                int read = this.ReadDirect(target.Span[..Math.Min(target.Length, this.bufferSize)]);

                // Counted as delivered only once the writer holds them, so a writer that refuses them loses nothing.
                destination.Advance(read);
                ended = this.ConsumeDirect(read);
            }

            FlushResult flushed = await destination.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (flushed.IsCanceled)
            {
                throw FlushCanceled();
            }

            if (ended || flushed.IsCompleted)
            {
                return;
            }
        }
    }

    private async Task CopyToStreamAsync(Stream destination, CancellationToken cancellationToken)
    {
        while (!this.CanCopyDirect())
        {
            if (await this.CopyResultAsync(null, destination, cancellationToken).ConfigureAwait(false))
            {
                return;
            }
        }

        PipeSegment segment;
        lock (this.sync)
        {
            // The direct phase changes the buffer between awaits: it holds the inline reader's gate throughout.
            this.EnterGateLocked();
            try
            {
                segment = this.RentSegment();
            }
            catch
            {
                this.ExitGateLocked();
                throw;
            }
        }

        // The chunk being written: the reader holds it as an outstanding read until the write completes, so no other
        // read can overtake it, and a failed write leaves it in the reader instead of losing it.
        int inFlight = 0;
        // Stryker disable once Boolean : see mutation-testing.md#gate-state
        bool writing = false;
        try
        {
            while (true)
            {
                int read;
                bool ended;
                lock (this.sync)
                {
                    // The previous chunk's write completed: it is delivered (one lock per chunk, not two).
                    if (inFlight > 0)
                    {
                        this.ConsumeDirect(inFlight);
                        inFlight = 0;
                        this.resultOutstanding = false;
                    }

                    this.PrepareDirectRead(cancellationToken);
                    read = this.ReadDirect(segment.Block.Span);
                    // Stryker disable once Equality : see mutation-testing.md#no-bytes
                    ended = read == 0 || read >= this.rangeEnd - this.fileOffset;
                    if (read == 0)
                    {
                        this.ConsumeDirect(0);
                    }
                    else
                    {
                        inFlight = read;
                        // Stryker disable once Boolean : see mutation-testing.md#gate-state
                        this.resultOutstanding = true;
                        // Stryker disable once Boolean : see mutation-testing.md#gate-state
                        this.outstandingCanceled = false;
                    }
                }

                if (read > 0)
                {
                    writing = true;
                    await destination.WriteAsync(segment.Block[..read], cancellationToken).ConfigureAwait(false);
                    writing = false;
                }

                if (ended)
                {
                    return;
                }
            }
        }
        finally
        {
            lock (this.sync)
            {
                this.EndStreamCopy(segment, inFlight, writing);
                this.ExitGateLocked();
            }
        }
    }

    private void EndStreamCopy(PipeSegment segment, int inFlight, bool writeFailed)
    {
        if (this.completed || inFlight == 0)
        {
            this.Recycle(segment);
            return;
        }

        this.resultOutstanding = false;
        if (writeFailed)
        {
            // The destination did not take the chunk: it becomes the reader's buffered, unexamined data.
            this.fileOffset += inFlight;
            this.endOfData = this.fileOffset >= this.rangeEnd;
            this.Append(segment, inFlight);
            return;
        }

        this.ConsumeDirect(inFlight);
        this.Recycle(segment);
    }

    /// <summary>Whether the inline fast path may run: no read-ahead, and nothing buffered or pending to hand over.</summary>
    private bool CanCopyDirect()
    {
        lock (this.sync)
        {
            // Pipe's copy starts with a read, which refuses a completed reader first: before the choice, whose length
            // the closed handle cannot give.
            this.ThrowIfCompleted();
            this.ChooseNow();
            return this.readAheadSegments == 0 && this.head is null && !this.endOfData && !this.cancelPending;
        }
    }

    /// <summary>Hands over one result of the ordinary read path.</summary>
    /// <returns><see langword="true"/> when the copy is done: the data ended, or the destination stopped reading.</returns>
    private async ValueTask<bool> CopyResultAsync(PipeWriter? writer, Stream? stream, CancellationToken cancellationToken)
    {
        ReadResult result = await this.ReadAsync(cancellationToken).ConfigureAwait(false);
        ReadOnlySequence<byte> buffer = result.Buffer;
        long taken = 0;
        try
        {
            if (result.IsCanceled)
            {
                throw ReadCanceled();
            }

            foreach (ReadOnlyMemory<byte> memory in buffer)
            {
                if (writer is not null)
                {
                    WriteInto(writer, memory.Span, ref taken);
                }
                else
                {
                    await stream!.WriteAsync(memory, cancellationToken).ConfigureAwait(false);
                    taken += memory.Length;
                }
            }
        }
        finally
        {
            // In every outcome, like PipeReader's own copy: the read ends, and what the destination took is consumed.
            this.AdvanceTo(buffer.GetPosition(taken));
        }

        if (writer is not null)
        {
            FlushResult flushed = await writer.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (flushed.IsCanceled)
            {
                throw FlushCanceled();
            }

            return result.IsCompleted || flushed.IsCompleted;
        }

        return result.IsCompleted;
    }

    /// <summary>Writes <paramref name="source"/> into <paramref name="writer"/>, counting each piece once the writer holds it,
    /// so a writer that throws midway leaves exactly the rest in the reader.</summary>
    private static void WriteInto(PipeWriter writer, ReadOnlySpan<byte> source, ref long taken)
    {
        while (!source.IsEmpty)
        {
            Span<byte> target = writer.GetSpan(source.Length);
            int count = Math.Min(target.Length, source.Length);
            source[..count].CopyTo(target);
            writer.Advance(count);
            taken += count;
            source = source[count..];
        }
    }

    private void PrepareDirectRead(CancellationToken cancellationToken)
    {
        this.ThrowIfCompleted();
        if (cancellationToken.IsCancellationRequested)
        {
            // The type ReadAsync's canceled result throws, as in the buffered part of the copy.
            throw new TaskCanceledException(null, null, cancellationToken);
        }

        // Stryker disable once Statement : see mutation-testing.md#unreachable
        this.ThrowIfReading();
        if (this.cancelPending)
        {
            this.cancelPending = false;
            throw ReadCanceled();
        }

        // Stryker disable once all : see mutation-testing.md#unreachable
        if (this.readError is not null)
        {
            ExceptionDispatchInfo.Throw(this.readError);
        }
    }

    /// <summary>Reads at the current offset into memory outside the chain (which must be empty), counting nothing.</summary>
    private int ReadDirect(Span<byte> target)
    {
        long remaining = this.rangeEnd - this.fileOffset;
        // Stryker disable once Equality,Block : see mutation-testing.md#no-bytes
        if (remaining <= 0)
        {
            return 0;
        }

        try
        {
            return this.file.Read(target[..(int)Math.Min(target.Length, remaining)], this.fileOffset);
        }
        catch (Exception ex)
        {
            this.readError = ex;
            this.endOfData = true;
            throw;
        }
    }

    /// <summary>Counts <paramref name="read"/> bytes read by <see cref="ReadDirect"/> as delivered and consumed.</summary>
    /// <returns><see langword="true"/> when that was the end of the data.</returns>
    private bool ConsumeDirect(int read)
    {
        this.fileOffset += read;
        // Stryker disable once Assignment : see mutation-testing.md#relative-counters
        this.bufferedEnd += read;
        this.examinedEnd = this.returnedEnd = this.bufferedEnd;
        this.segmentsAhead = 0;
        if (read == 0 || this.fileOffset >= this.rangeEnd)
        {
            this.endOfData = true;
        }

        return this.endOfData;
    }
}
