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
    /// Gets how many segments a reader may fill ahead of what the consumer holds: zero reads inline, on the caller's
    /// thread, when the consumer asks for data. <see langword="null"/> (the default) lets the reader choose at its
    /// first read: see <see cref="ParallelReads"/>.
    /// </summary>
    /// <remarks>
    /// A positive value with <see cref="ParallelReads"/> unset (or one) keeps one background read going, which suits a
    /// consumer that does real work per byte, or slow storage. A handle that cannot seek always reads in the
    /// background, with at least one segment.
    /// </remarks>
    public int? ReadAhead { get; init; }

    /// <summary>
    /// Gets how many reads a reader keeps in flight at once, each at its own offset into its own segment.
    /// <see langword="null"/> (the default) means one, or, when <see cref="ReadAhead"/> is unset too, that the reader
    /// chooses by the bytes it has to read, at its first read: from 1 MiB on, two runs of 256 KiB in flight; below
    /// that, inline, so a small file pays no thread-pool hop.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Reads may complete in any order; the consumer always gets the bytes in file order. The work is handed to the
    /// thread pool per run of contiguous segments (<see cref="ReadAhead"/> divided by this value), not per read, so a
    /// small segment does not pay a thread hop per read. Segments being read count against <see cref="ReadAhead"/>,
    /// so memory stays bounded by it whatever the consumer does. A value above one needs <see cref="ReadAhead"/> of
    /// at least as many segments; with <see cref="ReadAhead"/> unset, the reader takes runs of 256 KiB.
    /// </para>
    /// <para>
    /// The automatic choice follows a measurement on a page-cached file on two cores (read and sum; the figures and how
    /// they were made: docs/results.md): two runs in flight won from 1 MiB on and lost to inline below it,
    /// where a thread-pool hop costs more than it saves; four never beat two. A handle that cannot seek ignores this
    /// and reads one segment at a time.
    /// </para>
    /// </remarks>
    public int? ParallelReads { get; init; }

    /// <summary>Gets the pool that segments are rented from; <see langword="null"/> means <see cref="MemoryPool{T}.Shared"/>.</summary>
    /// <remarks>
    /// With the shared pool, a reader that completes leaves its segments, blocks included, for the next reader, so a
    /// new reader allocates neither; at most 1 MiB of blocks of each size is kept that way (process-wide), and the rest
    /// goes back to the pool. Blocks rented from any other pool always go back to it when the reader completes.
    /// </remarks>
    public MemoryPool<byte>? Pool { get; init; }

    /// <summary>Gets the options a path is opened with.</summary>
    public FileOptions FileOptions { get; init; } = FileOptions.SequentialScan;

    /// <summary>
    /// Gets the file offset a reader starts at, or a writer starts writing at. A reader over a handle that cannot seek
    /// refuses any value but zero with an <see cref="ArgumentException"/>; a writer ignores it there.
    /// </summary>
    public long Offset { get; init; }

    /// <summary>
    /// Gets how many bytes a reader reads at most; a negative value means to the end of the file (until a read returns
    /// no bytes). It is honoured for handles that cannot seek too.
    /// </summary>
    public long Length { get; init; } = -1;

    /// <summary>Gets a value indicating whether a caller-supplied handle stays open when the pipe completes.</summary>
    public bool LeaveOpen { get; init; }

    /// <summary>Gets the size a writer preallocates for a new file, in bytes; zero preallocates nothing.</summary>
    public long PreallocationSize { get; init; }

    /// <summary>
    /// Gets a value indicating whether a writer flushes the file to disk (<see cref="RandomAccess.FlushToDisk"/>) when it
    /// completes without an exception.
    /// </summary>
    public bool FlushToDisk { get; init; }

    /// <summary>Gets the seam through which tests steer and count a reader's background reads; <see langword="null"/>
    /// (always, outside tests) leaves them to the thread pool.</summary>
    internal FilePipeReader.Probe? Probe { get; init; }

    /// <summary>Throws when a setting is out of range, naming the setting.</summary>
    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(this.BufferSize, nameof(this.BufferSize));
        if (this.ReadAhead is { } readAhead)
        {
            ArgumentOutOfRangeException.ThrowIfNegative(readAhead, nameof(this.ReadAhead));
        }

        if (this.ParallelReads is { } parallelReads)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(parallelReads, nameof(this.ParallelReads));
        }

        if (this.ParallelReads > this.ReadAhead && this.ParallelReads > 1)
        {
            // Stryker disable once String : see mutation-testing.md#wording
            throw new ArgumentOutOfRangeException(
                nameof(this.ParallelReads), this.ParallelReads, $"ParallelReads needs ReadAhead of at least as many segments (ReadAhead is {this.ReadAhead}).");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(this.Offset, nameof(this.Offset));
        ArgumentOutOfRangeException.ThrowIfNegative(this.PreallocationSize, nameof(this.PreallocationSize));
        if (this.Pool is not null && this.BufferSize > this.Pool.MaxBufferSize)
        {
            // Stryker disable once String : see mutation-testing.md#wording
            throw new ArgumentOutOfRangeException(
                nameof(this.BufferSize), this.BufferSize, $"BufferSize is larger than the pool's MaxBufferSize ({this.Pool.MaxBufferSize}).");
        }

        // Stryker disable once Equality : see mutation-testing.md#off-boundary
        if (this.Length >= 0 && this.Offset > long.MaxValue - this.Length)
        {
            // Stryker disable once String : see mutation-testing.md#wording
            throw new ArgumentOutOfRangeException(nameof(this.Length), this.Length, "Offset + Length is larger than a file can be.");
        }
    }
}
