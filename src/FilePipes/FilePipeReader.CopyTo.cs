using System.Buffers;
using System.IO.Pipelines;
using System.Runtime.ExceptionServices;

namespace FilePipes;

/// <summary>
/// <see cref="PipeReader.CopyToAsync(PipeWriter, CancellationToken)"/> and
/// <see cref="PipeReader.CopyToAsync(Stream, CancellationToken)"/> fast paths for inline reads: the file is read
/// straight into the destination's memory (a <see cref="PipeWriter"/>) or into one recycled segment (a
/// <see cref="Stream"/>), without going through the segment chain. With read-ahead, the ordinary read loop already
/// overlaps reading with writing, so it is kept.
/// </summary>
public sealed partial class FilePipeReader
{
    /// <inheritdoc/>
    public override Task CopyToAsync(PipeWriter destination, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return this.readAheadBytes > 0
            ? base.CopyToAsync(destination, cancellationToken)
            : this.CopyInlineAsync(destination, cancellationToken);
    }

    /// <inheritdoc/>
    public override Task CopyToAsync(Stream destination, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return this.readAheadBytes > 0
            ? base.CopyToAsync(destination, cancellationToken)
            : this.CopyInlineAsync(destination, cancellationToken);
    }

    private static OperationCanceledException ReadCanceled() => new("Read was canceled on underlying PipeReader.");

    private async Task CopyInlineAsync(PipeWriter destination, CancellationToken cancellationToken)
    {
        if (await this.CopyBufferedAsync(destination, null, cancellationToken).ConfigureAwait(false))
        {
            return;
        }

        while (true)
        {
            int read;
            bool ended;
            lock (this.sync)
            {
                this.PrepareDirectRead(cancellationToken);
                Memory<byte> target = destination.GetMemory(this.bufferSize);
                read = this.ReadDirect(target.Span[..Math.Min(target.Length, this.bufferSize)]);
                ended = this.endOfData;
            }

            destination.Advance(read);
            FlushResult flushed = await destination.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (flushed.IsCanceled)
            {
                throw new OperationCanceledException("Flush was canceled on underlying PipeWriter.");
            }

            if (ended || flushed.IsCompleted)
            {
                return;
            }
        }
    }

    private async Task CopyInlineAsync(Stream destination, CancellationToken cancellationToken)
    {
        if (await this.CopyBufferedAsync(null, destination, cancellationToken).ConfigureAwait(false))
        {
            return;
        }

        PipeSegment segment;
        lock (this.sync)
        {
            segment = this.RentSegment();
        }

        try
        {
            while (true)
            {
                int read;
                bool ended;
                lock (this.sync)
                {
                    this.PrepareDirectRead(cancellationToken);
                    read = this.ReadDirect(segment.Block.Span);
                    ended = this.endOfData;
                }

                if (read > 0)
                {
                    await destination.WriteAsync(segment.Block[..read], cancellationToken).ConfigureAwait(false);
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
                this.Recycle(segment);
            }
        }
    }

    /// <summary>Hands over what earlier reads left buffered, through the ordinary read path.</summary>
    /// <returns><see langword="true"/> when that was the end of the data.</returns>
    private async ValueTask<bool> CopyBufferedAsync(PipeWriter? writer, Stream? stream, CancellationToken cancellationToken)
    {
        lock (this.sync)
        {
            if (this.head is null && !this.endOfData && !this.cancelPending)
            {
                return false;
            }
        }

        ReadResult result = await this.ReadAsync(cancellationToken).ConfigureAwait(false);
        if (result.IsCanceled)
        {
            this.AdvanceTo(result.Buffer.Start);
            throw ReadCanceled();
        }

        foreach (ReadOnlyMemory<byte> memory in result.Buffer)
        {
            if (writer is not null)
            {
                writer.Write(memory.Span);
            }
            else
            {
                await stream!.WriteAsync(memory, cancellationToken).ConfigureAwait(false);
            }
        }

        this.AdvanceTo(result.Buffer.End);
        if (writer is not null)
        {
            FlushResult flushed = await writer.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (flushed.IsCanceled)
            {
                throw new OperationCanceledException("Flush was canceled on underlying PipeWriter.");
            }

            return result.IsCompleted || flushed.IsCompleted;
        }

        return result.IsCompleted;
    }

    private void PrepareDirectRead(CancellationToken cancellationToken)
    {
        this.ThrowIfCompletedOrReading();
        cancellationToken.ThrowIfCancellationRequested();
        if (this.cancelPending)
        {
            this.cancelPending = false;
            throw ReadCanceled();
        }

        if (this.readError is not null)
        {
            ExceptionDispatchInfo.Throw(this.readError);
        }
    }

    /// <summary>Reads at the current offset into memory outside the chain; the chain must be empty.</summary>
    private int ReadDirect(Span<byte> target)
    {
        long remaining = this.rangeEnd - this.fileOffset;
        int read = 0;
        if (remaining > 0)
        {
            try
            {
                read = this.file.Read(target[..(int)Math.Min(target.Length, remaining)], this.fileOffset);
            }
            catch (Exception ex)
            {
                this.readError = ex;
                this.endOfData = true;
                throw;
            }
        }

        this.fileOffset += read;
        this.bufferedEnd += read;
        this.examinedEnd = this.returnedEnd = this.bufferedEnd;
        this.segmentsAhead = 0;
        if (read == 0 || this.fileOffset >= this.rangeEnd)
        {
            this.endOfData = true;
        }

        return read;
    }
}
