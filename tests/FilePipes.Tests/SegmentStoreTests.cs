using System.Buffers;
using System.Runtime.CompilerServices;

namespace FilePipes.Tests;

/// <summary>
/// The process-wide store of segments that readers over the shared pool leave for the next reader: its bound per
/// block length (at most 1 MiB of blocks, at most 512 of them), which length a segment size maps to, and that a block
/// it does not keep goes back to its pool. The store is shared by every reader, so these tests run alone
/// (<see cref="AllocationCountingCollection"/>) and empty the lengths they use before and after.
/// </summary>
[Collection(AllocationCountingCollection.Name)]
public sealed class SegmentStoreTests : IDisposable
{
    private readonly ScratchFiles files = new();
    private readonly FilePipeReader reader;
    private readonly List<int> lengthsUsed = [];

    public SegmentStoreTests()
    {
        this.reader = FilePipe.OpenReader(this.files.WriteRandom("empty.bin", 0));
    }

    /// <summary>Each block length the shared pool rents, with how many blocks of it the store keeps.</summary>
    public static TheoryData<int, int> Bounds => new()
    {
        { 16, 512 },               // the pool's shortest block: 512 segments (8 KiB), the count bound
        { 2048, 512 },             // exactly 1 MiB in 512 blocks: both bounds at once
        { 4096, 256 },             // the byte bound: 1 MiB
        { 1024 * 1024, 1 },        // the longest length kept: one block
    };

    public void Dispose()
    {
        foreach (int length in this.lengthsUsed)
        {
            this.Empty(length);
        }

        this.reader.Complete();
        this.files.Dispose();
    }

    [Theory]
    [MemberData(nameof(Bounds))]
    public void TheStoreKeepsBlocksOfALengthUpToItsBoundAndReleasesTheRest(int length, int bound)
    {
        this.Empty(length);
        var owners = new List<CountingOwner>();

        SegmentStore.Return(this.Chain(length, bound + 3, owners));

        Assert.Equal(bound, SegmentStore.Stored(length));
        Assert.Equal(3, owners.Count(owner => owner.Disposed));

        // What is kept can be taken, each block once, and then the store has none.
        var taken = new HashSet<Memory<byte>>();
        for (int i = 0; i < bound; i++)
        {
            PipeSegment? segment = SegmentStore.Take(this.reader, length);
            Assert.NotNull(segment);
            Assert.True(taken.Add(segment.Block));
        }

        Assert.Null(SegmentStore.Take(this.reader, length));
        Assert.Equal(0, SegmentStore.Stored(length));
    }

    [Fact]
    public void ASecondChainFillsOnlyTheRoomTheFirstLeft()
    {
        const int Length = 4096;
        this.Empty(Length);
        var owners = new List<CountingOwner>();

        SegmentStore.Return(this.Chain(Length, 200, owners));
        SegmentStore.Return(this.Chain(Length, 100, owners));

        Assert.Equal(256, SegmentStore.Stored(Length));
        Assert.Equal(44, owners.Count(owner => owner.Disposed));
    }

    [Theory]
    [InlineData(1, 16, false)]           // the pool rents at least 16 bytes
    [InlineData(16, 16, false)]
    [InlineData(17, 32, false)]
    [InlineData(100, 128, true)]         // a block reused before (its twin built) by a reader of 128-byte segments
    [InlineData(4096, 4096, false)]
    [InlineData(1024 * 1024, 1024 * 1024, true)]
    public void AReaderTakesTheBlocksThePoolWouldRentForItsSegmentSizeSlicedToThatSize(int capacity, int length, bool twinBuilt)
    {
        this.Empty(length);
        PipeSegment stored = this.Chain(length, 1, [])!;
        PipeSegment? earlierTwin = twinBuilt ? stored.Twin : null;
        HandOut(stored);
        SegmentStore.Return(stored);
        Assert.Equal(1, SegmentStore.Stored(capacity));

        FilePipeReader other = FilePipe.OpenReader(this.files.PathOf("empty.bin"));
        PipeSegment? taken = SegmentStore.Take(other, capacity);
        other.Complete();

        // The other twin of the block, so a position into the stored segment stays refused; owned by the new reader.
        Assert.NotNull(taken);
        Assert.NotSame(stored, taken);
        Assert.Same(earlierTwin ?? taken, taken);
        Assert.Same(stored, taken.Twin);
        Assert.Same(other, taken.Reader);
        Assert.Same(other, stored.Reader);
        Assert.Equal(capacity, taken.Block.Length);
        Assert.Equal(capacity, stored.Block.Length);
        Assert.Equal(0, SegmentStore.Stored(capacity));
    }

    [Theory]
    [InlineData(false)] // never in a chain: a read of no bytes, a parallel read its reader never appended
    [InlineData(true)]  // appended after the last buffer handed out, released by Complete
    public void ABlockItsReaderNeverHandedOutComesBackAsTheSameSegment(bool appended)
    {
        // The consumer holds positions only into the twin it last saw: handing that twin out now would accept them.
        const int Length = 4096;
        this.Empty(Length);
        PipeSegment stored = this.Chain(Length, 1, [])!;
        HandOut(stored);
        PipeSegment unseen = stored.NextUse();
        if (appended)
        {
            unseen.Attach(runningIndex: 100, length: 10);
        }

        unseen.Detach(returnedEnd: 100);
        SegmentStore.Return(unseen);

        PipeSegment? taken = SegmentStore.Take(this.reader, Length);

        Assert.Same(unseen, taken);
        Assert.NotSame(stored, taken);
    }

    [Theory]
    [InlineData(100)]                // not a length the shared pool rents
    [InlineData(2 * 1024 * 1024)]    // longer than the store keeps
    public void ABlockOfALengthNoShelfHoldsGoesBackToItsPool(int length)
    {
        // Readers of 65 to 128-byte segments in earlier tests leave blocks on the shelf that Stored(100) reads.
        this.Empty(length);
        var owners = new List<CountingOwner>();

        SegmentStore.Return(this.Chain(length, 3, owners));

        Assert.All(owners, owner => Assert.True(owner.Disposed));
        Assert.Equal(0, SegmentStore.Stored(length));
    }

    [Fact]
    public void ASegmentSizeAboveTheLongestLengthKeptFindsNothing()
    {
        const int Longest = 1024 * 1024;
        this.Empty(Longest);
        SegmentStore.Return(this.Chain(Longest, 1, []));

        Assert.Null(SegmentStore.Take(this.reader, Longest + 1));
        Assert.Equal(0, SegmentStore.Stored(Longest + 1));
        Assert.Equal(1, SegmentStore.Stored(Longest));
    }

    [Fact]
    public void ASegmentReleasedDoesNotKeepTheRestOfItsChainAlive()
    {
        // A consumer may hold a stale position, and so a segment, long after its reader completed: the segments released
        // after it must not stay reachable through it.
        const int Longest = 1024 * 1024;
        this.Empty(Longest);
        (PipeSegment held, WeakReference next) = this.ReturnTwoOfWhichOneIsKept(Longest);

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        Assert.False(next.IsAlive);
        Assert.Null(held.NextSpare);
    }

    [Fact]
    public void ReturningNoChainChangesNothing()
    {
        SegmentStore.Return(null);
        Assert.Null(SegmentStore.Take(this.reader, 3 * 1024 * 1024));
    }

    // A segment that was in a buffer handed to the consumer, then left the chain.
    private static void HandOut(PipeSegment segment)
    {
        segment.Attach(runningIndex: 0, length: 1);
        segment.Detach(returnedEnd: 1);
    }

    // A chain of detached segments linked through NextSpare, as a completed reader hands over.
    private PipeSegment? Chain(int length, int count, List<CountingOwner> owners)
    {
        this.lengthsUsed.Add(length);
        PipeSegment? chain = null;
        for (int i = 0; i < count; i++)
        {
            var owner = new CountingOwner(length);
            owners.Add(owner);
            chain = new PipeSegment(this.reader, owner, length) { NextSpare = chain };
        }

        return chain;
    }

    // A chain of three blocks of the longest length: the store keeps the first (one block), the two after it are
    // released. Returns the first released, and a weak reference to the second.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private (PipeSegment Held, WeakReference Next) ReturnTwoOfWhichOneIsKept(int length)
    {
        PipeSegment chain = this.Chain(length, 3, [])!;
        PipeSegment held = chain.NextSpare!;
        var next = new WeakReference(held.NextSpare);
        SegmentStore.Return(chain);
        return (held, next);
    }

    // Leaves no stored block of this length, whoever left it, so a count starts at zero.
    private void Empty(int length)
    {
        while (SegmentStore.Take(this.reader, length) is { } segment)
        {
            segment.Release();
        }
    }

    /// <summary>A block outside any pool that records its release.</summary>
    private sealed class CountingOwner(int length) : IMemoryOwner<byte>
    {
        public Memory<byte> Memory { get; } = new byte[length];

        public bool Disposed { get; private set; }

        public void Dispose() => this.Disposed = true;
    }
}
