using System.Buffers;
using System.Numerics;

namespace FilePipes;

/// <summary>
/// Segments, with their blocks, that completed readers over <see cref="MemoryPool{T}.Shared"/> leave for the next
/// reader. A reader recycles its segments while it reads, but without the store each new reader builds them afresh:
/// for two runs of 4 KiB reads, 128 segments, their pool owners, and more 4 KiB arrays at once than
/// <see cref="ArrayPool{T}.Shared"/> keeps per size, so about 350 KB allocated per file read (docs/reading-modes.md).
/// </summary>
/// <remarks>
/// Blocks are kept by the length the pool rented (a power of two), at most <see cref="MaxBytesPerLength"/> bytes of
/// each length and none longer than that; the rest go back to the pool. So the store holds what the readers of a size
/// needed, never more than 1 MiB per size, and a reader's own bound (its read-ahead) is unchanged. Readers with a
/// caller's pool never use the store: their blocks go back to that pool.
/// </remarks>
internal static class SegmentStore
{
    /// <summary>The most bytes of blocks of one length the store keeps: the 512 KiB two runs of 256 KiB read at once,
    /// what the consumer holds, and a second such reader.</summary>
    public const int MaxBytesPerLength = 1024 * 1024;

    /// <summary>The most segments of one length the store keeps, whatever their size: 512 is two runs of 256 KiB in
    /// 1 KiB reads.</summary>
    public const int MaxSegmentsPerLength = 512;

    // The shortest array ArrayPool<byte>.Shared rents; below it, a rent is rounded up to this.
    private const int MinBlockLength = 16;

    private static readonly Shelf[] Shelves = CreateShelves();

    /// <summary>Takes a stored segment for <paramref name="reader"/>, or returns <see langword="null"/> when none of the
    /// length that <paramref name="capacity"/> bytes rent is stored.</summary>
    /// <param name="reader">The reader that will own the segment.</param>
    /// <param name="capacity">The reader's segment size.</param>
    /// <returns>The segment: the other twin of the one stored if its last reader handed it out, so a position from that
    /// reader stays refused.</returns>
    public static PipeSegment? Take(FilePipeReader reader, int capacity)
    {
        PipeSegment? stored = ShelfFor(BlockLength(capacity))?.Take();
        if (stored is null)
        {
            return null;
        }

        stored.Adopt(reader, capacity);
        return stored.NextUse();
    }

    /// <summary>Gets how many segments are stored for readers of <paramref name="capacity"/>-byte segments, for tests.</summary>
    internal static int Stored(int capacity) => ShelfFor(BlockLength(capacity))?.Count ?? 0;

    /// <summary>Stores a chain of detached segments linked through <see cref="PipeSegment.NextSpare"/> (one reader's,
    /// so of one length), and releases to the pool those that do not fit.</summary>
    /// <param name="chain">The first segment of the chain.</param>
    public static void Return(PipeSegment? chain)
    {
        if (chain is not null && ShelfFor(chain.RentedLength) is { } shelf)
        {
            chain = shelf.Put(chain);
        }

        while (chain is not null)
        {
            PipeSegment segment = chain;
            chain = segment.NextSpare;
            segment.NextSpare = null;
            segment.Release();
        }
    }

    // The length the shared pool rents for capacity bytes (ArrayPool<byte>.Shared rounds up to a power of two), or
    // one no shelf holds.
    // Stryker disable once Conditional : see mutation-testing.md#same-value
    private static int BlockLength(int capacity) =>
        capacity <= MaxBytesPerLength ? (int)BitOperations.RoundUpToPowerOf2((uint)Math.Max(capacity, MinBlockLength)) : int.MaxValue;

    private static Shelf? ShelfFor(int blockLength) =>
        blockLength <= MaxBytesPerLength && BitOperations.IsPow2(blockLength) ? Shelves[BitOperations.Log2((uint)blockLength)] : null;

    // Stryker disable all : see mutation-testing.md#static-initializer
    private static Shelf[] CreateShelves()
    {
        var shelves = new Shelf[BitOperations.Log2(MaxBytesPerLength) + 1];
        for (int i = 0; i < shelves.Length; i++)
        {
            shelves[i] = new Shelf(i, Math.Clamp(MaxBytesPerLength >> i, 1, MaxSegmentsPerLength));
        }

        return shelves;
    }

    // Stryker restore all : see mutation-testing.md#static-initializer

    /// <summary>The stored segments of one block length, a stack linked through <see cref="PipeSegment.NextSpare"/>.</summary>
    private sealed class Shelf(int log2Length, int capacity)
    {
#if NET9_0_OR_GREATER
        private readonly Lock gate = new();
#else
        private readonly object gate = new();
#endif
        private PipeSegment? top;
        private int count;

        public int Count
        {
            get
            {
                lock (this.gate)
                {
                    return this.count;
                }
            }
        }

        public PipeSegment? Take()
        {
            lock (this.gate)
            {
                PipeSegment? segment = this.top;
                if (segment is not null)
                {
                    this.top = segment.NextSpare;
                    this.count--;
                    segment.NextSpare = null;
                }

                return segment;
            }
        }

        /// <summary>Puts the chain's segments of this shelf's length while there is room.</summary>
        /// <returns>The rest of the chain, from the first segment not stored.</returns>
        public PipeSegment? Put(PipeSegment? chain)
        {
            lock (this.gate)
            {
                while (chain is not null && this.count < capacity && chain.RentedLength == 1 << log2Length)
                {
                    PipeSegment segment = chain;
                    chain = segment.NextSpare;
                    segment.NextSpare = this.top;
                    this.top = segment;
                    this.count++;
                }

                return chain;
            }
        }
    }
}
