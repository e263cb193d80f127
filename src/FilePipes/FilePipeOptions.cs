using System.Buffers;

namespace FilePipes;

/// <summary>
/// Settings for <see cref="FilePipeReader"/> and <see cref="FilePipeWriter"/>.
/// </summary>
public sealed record FilePipeOptions
{
    /// <summary>The default segment size: 64 KiB, the size the seed report recommends.</summary>
    public const int DefaultBufferSize = 64 * 1024;

    /// <summary>The options used when none are given.</summary>
    public static FilePipeOptions Default { get; } = new();

    /// <summary>Gets the size of one pipe segment, and so of one read or write system call, in bytes.</summary>
    public int BufferSize { get; init; } = DefaultBufferSize;

    /// <summary>
    /// Gets how many segments a reader may fill ahead of the consumer. Zero reads inline, on the
    /// caller's thread, when the consumer asks for data.
    /// </summary>
    public int ReadAhead { get; init; }

    /// <summary>Gets the pool that segments are rented from; <see langword="null"/> means <see cref="MemoryPool{T}.Shared"/>.</summary>
    public MemoryPool<byte>? Pool { get; init; }

    /// <summary>Gets the options a path is opened with.</summary>
    public FileOptions FileOptions { get; init; } = FileOptions.SequentialScan;

    /// <summary>Gets the file offset a reader starts at, or a writer starts writing at.</summary>
    public long Offset { get; init; }

    /// <summary>Gets how many bytes a reader reads at most; a negative value means to the end of the file.</summary>
    public long Length { get; init; } = -1;

    /// <summary>Gets a value indicating whether a caller-supplied handle stays open when the pipe completes.</summary>
    public bool LeaveOpen { get; init; }

    /// <summary>Gets the size a writer preallocates for a new file, in bytes; zero preallocates nothing.</summary>
    public long PreallocationSize { get; init; }

    /// <summary>Gets a value indicating whether a writer flushes the file to disk when it completes.</summary>
    public bool FlushToDisk { get; init; }

    /// <summary>Throws when a setting is out of range, naming the setting.</summary>
    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(this.BufferSize, nameof(this.BufferSize));
        ArgumentOutOfRangeException.ThrowIfNegative(this.ReadAhead, nameof(this.ReadAhead));
        ArgumentOutOfRangeException.ThrowIfNegative(this.Offset, nameof(this.Offset));
        ArgumentOutOfRangeException.ThrowIfNegative(this.PreallocationSize, nameof(this.PreallocationSize));
        if (this.Pool is not null && this.BufferSize > this.Pool.MaxBufferSize)
        {
            throw new ArgumentOutOfRangeException(
                nameof(this.BufferSize), this.BufferSize, $"BufferSize is larger than the pool's MaxBufferSize ({this.Pool.MaxBufferSize}).");
        }

        if (this.Length >= 0 && this.Offset > long.MaxValue - this.Length)
        {
            throw new ArgumentOutOfRangeException(nameof(this.Length), this.Length, "Offset + Length is larger than a file can be.");
        }
    }
}
