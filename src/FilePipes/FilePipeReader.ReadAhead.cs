using System.IO.Pipelines;

namespace FilePipes;

/// <summary>The background read that keeps segments filled ahead of the consumer.</summary>
public sealed partial class FilePipeReader
{
    private static readonly Action<object?, CancellationToken> OnReadTokenCanceled = CancelPendingReadFromToken;

    private readonly long readAheadBytes;
    private readonly ReusableSignal<ReadResult> readSignal = new();
    private readonly ReusableSignal<bool> roomSignal = new();
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
            this.readSignal.Reset();
            if (cancellationToken.CanBeCanceled)
            {
                this.readRegistration = cancellationToken.UnsafeRegister(OnReadTokenCanceled, this);
            }
        }

        // Like Pipe, a second read while one is pending gets the same awaitable; awaiting both throws.
        return this.readSignal.Task;
    }

    private void StartReadAhead()
    {
        if (this.readAheadBytes > 0 && this.readAheadLoop is null)
        {
            this.readAheadLoop = Task.Run(this.ReadAheadLoopAsync);
        }
    }

    private async Task ReadAheadLoopAsync()
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

                // The consumer holds everything up to returnedEnd; stay at most readAheadBytes beyond that.
                if (this.bufferedEnd - Math.Max(this.examinedEnd, this.returnedEnd) >= this.readAheadBytes)
                {
                    this.readAheadWaiting = true;
                    this.roomSignal.Reset();
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
                _ = await this.roomSignal.Task.ConfigureAwait(false);
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
            reader.FailPendingRead(new OperationCanceledException(cancellationToken));
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
        if (!this.cancelPending && this.readError is not null)
        {
            this.readSignal.SetException(this.readError);
        }
        else
        {
            this.readSignal.SetResult(this.TakeResult());
        }
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
        this.readSignal.SetException(exception);
    }

    private void WakeReadAheadIfRoom()
    {
        if (this.readAheadWaiting && this.bufferedEnd - Math.Max(this.examinedEnd, this.returnedEnd) < this.readAheadBytes)
        {
            this.WakeReadAhead();
        }
    }

    private void WakeReadAhead()
    {
        if (this.readAheadWaiting)
        {
            this.readAheadWaiting = false;
            this.roomSignal.SetResult(true);
        }
    }
}
