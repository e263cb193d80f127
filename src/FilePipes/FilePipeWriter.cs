using System.Buffers;
using System.IO.Pipelines;
using Microsoft.Win32.SafeHandles;

namespace FilePipes;

/// <summary>
/// A <see cref="PipeWriter"/> that writes a file with <see cref="RandomAccess"/> at explicit offsets, starting at
/// <see cref="FilePipeOptions.Offset"/>.
/// </summary>
/// <remarks>
/// <para>
/// Bytes collect in one pooled block of <see cref="FilePipeOptions.BufferSize"/> bytes. The block is written when it
/// is full and a caller asks for more memory, on <see cref="FlushAsync"/>, and on <see cref="Complete"/>.
/// <see cref="Complete"/> with an exception discards unflushed bytes, since the producer failed.
/// </para>
/// <para>
/// <c>Stream.CopyToAsync(PipeWriter)</c> uses this writer's <c>CopyFromAsync</c> override, which reads the stream
/// straight into the block and writes it, with no extra copy.
/// </para>
/// <para>
/// Writes are synchronous system calls (the page cache absorbs them), so <see cref="FlushAsync"/> completes
/// synchronously. A handle that cannot seek (a FIFO) is written sequentially, offsets ignored; a write there waits
/// for the reading end when the pipe is full.
/// </para>
/// <para>
/// Misuse throws what <see cref="Pipe"/>'s writer throws. After <see cref="Complete"/>, as on a <see cref="Pipe"/>,
/// <see cref="FlushAsync"/> returns a result that is not <see cref="FlushResult.IsCompleted"/> (nothing reads this
/// writer, so nothing can stop reading) and <see cref="Advance"/> within the memory last handed out is ignored.
/// </para>
/// </remarks>
public sealed class FilePipeWriter : PipeWriter
{
    private readonly FileHandleAccess file;
    private readonly MemoryPool<byte> pool;
    private readonly int bufferSize;
    private readonly bool flushToDisk;
    private long fileOffset;
    private IMemoryOwner<byte>? owner;
    private Memory<byte> block;
    private int buffered;
    private bool completed;
    private bool cancelPending;
    // Room left in the memory last handed out when the writer completed: like Pipe, an Advance within it after
    // Complete is ignored, and only a larger one throws.
    private int roomAtCompletion;

    internal FilePipeWriter(SafeFileHandle handle, bool ownsHandle, FilePipeOptions options)
    {
        options.Validate();
        this.file = new FileHandleAccess(handle, ownsHandle, FileAccess.Write);
        this.pool = options.Pool ?? MemoryPool<byte>.Shared;
        this.bufferSize = options.BufferSize;
        this.flushToDisk = options.FlushToDisk;
        this.fileOffset = options.Offset;
    }

    /// <inheritdoc/>
    public override bool CanGetUnflushedBytes => true;

    /// <inheritdoc/>
    public override long UnflushedBytes => this.buffered;

    /// <summary>Gets the file offset the next flushed byte goes to.</summary>
    public long Position => this.fileOffset + this.buffered;

    /// <inheritdoc/>
    public override Memory<byte> GetMemory(int sizeHint = 0)
    {
        this.EnsureRoom(sizeHint);
        return this.block[this.buffered..];
    }

    /// <inheritdoc/>
    public override Span<byte> GetSpan(int sizeHint = 0)
    {
        this.EnsureRoom(sizeHint);
        return this.block.Span[this.buffered..];
    }

    /// <inheritdoc/>
    public override void Advance(int bytes)
    {
        if ((uint)bytes > (uint)(this.block.Length - this.buffered))
        {
            // Checked only off the hot path: after Complete the block is gone, so every Advance but 0 lands here.
            if (this.completed && (uint)bytes <= (uint)this.roomAtCompletion)
            {
                return;
            }

            throw new ArgumentOutOfRangeException(nameof(bytes));
        }

        this.buffered += bytes;
    }

    /// <inheritdoc/>
    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<FlushResult>(cancellationToken);
        }

        // After Complete there is nothing to write; like Pipe, the flush still reports a CancelPendingFlush, and never
        // IsCompleted, which means that the reading side stopped.
        if (!this.completed)
        {
            try
            {
                this.WriteBuffered();
            }
            catch (Exception ex)
            {
                return ValueTask.FromException<FlushResult>(ex);
            }
        }

        bool canceled = this.cancelPending;
        this.cancelPending = false;
        return new ValueTask<FlushResult>(new FlushResult(canceled, isCompleted: false));
    }

    /// <inheritdoc/>
    public override void CancelPendingFlush() => this.cancelPending = true;

    /// <inheritdoc/>
    public override void Complete(Exception? exception = null)
    {
        if (this.completed)
        {
            return;
        }

        this.completed = true;
        this.roomAtCompletion = this.block.Length - this.buffered;
        try
        {
            if (exception is null)
            {
                this.WriteBuffered();
                // Stryker disable once all : see mutation-testing.md#fsync
                if (this.flushToDisk)
                {
                    this.file.FlushToDisk();
                }
            }
        }
        finally
        {
            this.owner?.Dispose();
            this.owner = null;
            this.block = default;
            this.buffered = 0;
            this.file.Dispose();
        }
    }

    /// <inheritdoc/>
    protected override async Task CopyFromAsync(Stream source, CancellationToken cancellationToken = default)
    {
        // Stryker disable once Statement : see mutation-testing.md#unreachable
        ArgumentNullException.ThrowIfNull(source);
        this.EnsureRoom(this.bufferSize);
        while (true)
        {
            int read = await source.ReadAsync(this.block[this.buffered..], cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                return;
            }

            this.buffered += read;
            if (this.buffered == this.block.Length)
            {
                this.WriteBuffered();
            }
        }
    }

    private void EnsureRoom(int sizeHint)
    {
        if (this.completed)
        {
            throw PipeMisuse.WritingAfterCompletion();
        }

        ArgumentOutOfRangeException.ThrowIfNegative(sizeHint);
        int needed = Math.Max(sizeHint, 1);
        if (this.block.Length - this.buffered >= needed)
        {
            return;
        }

        this.WriteBuffered();
        if (this.block.Length < needed)
        {
            this.owner?.Dispose();
            int size = Math.Max(needed, this.bufferSize);
            this.owner = this.pool.Rent(size);

            // A pool may round up; one write stays BufferSize bytes, as the option promises.
            // Stryker disable once Conditional,Equality : see mutation-testing.md#whole-slice
            this.block = this.owner.Memory.Length > size ? this.owner.Memory[..size] : this.owner.Memory;
        }
    }

    private void WriteBuffered()
    {
        // Stryker disable once Block,Statement : see mutation-testing.md#no-bytes
        if (this.buffered == 0)
        {
            return;
        }

        this.file.Write(this.block.Span[..this.buffered], this.fileOffset);
        this.fileOffset += this.buffered;
        this.buffered = 0;
    }
}
