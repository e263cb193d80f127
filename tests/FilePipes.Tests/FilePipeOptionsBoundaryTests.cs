using System.Buffers;

namespace FilePipes.Tests;

/// <summary>The settings at the edge of their range are accepted, and one step past it is refused by name.</summary>
public sealed class FilePipeOptionsBoundaryTests : IDisposable
{
    private readonly ScratchFiles files = new();

    public static TheoryData<string> AcceptedEdges() => new(Edges.Keys);

    private static readonly Dictionary<string, FilePipeOptions> Edges = new()
    {
        ["one-byte segments"] = new FilePipeOptions { BufferSize = 1 },
        ["parallel reads equal to the read-ahead"] = new FilePipeOptions { ReadAhead = 2, ParallelReads = 2 },
        ["one read with no read-ahead"] = new FilePipeOptions { ReadAhead = 0, ParallelReads = 1 },
        ["an empty range"] = new FilePipeOptions { Length = 0 },
        ["a range ending at the largest offset"] = new FilePipeOptions { Offset = long.MaxValue - 10, Length = 10 },
        ["a segment as large as the pool allows"] = new FilePipeOptions { BufferSize = 1024, Pool = new SmallPool() },
        ["no preallocation"] = new FilePipeOptions { PreallocationSize = 0 },
    };

    [Theory]
    [MemberData(nameof(AcceptedEdges))]
    public void TheEdgeOfEachRangeIsAccepted(string edge)
    {
        string path = this.files.WriteRandom("edge.bin", 10);

        FilePipe.OpenReader(path, Edges[edge]).Complete();
        FilePipe.OpenWriter(this.files.PathOf("edge-out.bin"), Edges[edge]).Complete();
    }

    [Fact]
    public void ASegmentLargerThanThePoolCanRentIsRefused()
    {
        string path = this.files.WriteRandom("pool.bin", 10);
        var options = new FilePipeOptions { BufferSize = 1025, Pool = new SmallPool() };

        Assert.Equal("BufferSize", Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenReader(path, options)).ParamName);
        Assert.Equal("BufferSize", Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenWriter(this.files.PathOf("out.bin"), options)).ParamName);
    }

    [Fact]
    public void ARangeOnePastTheLargestOffsetIsRefused()
    {
        var options = new FilePipeOptions { Offset = long.MaxValue - 10, Length = 11 };
        Assert.Equal("Length", Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenReader(this.files.WriteRandom("range.bin", 10), options)).ParamName);
    }

    public void Dispose() => this.files.Dispose();

    /// <summary>A pool whose blocks are at most 1 KiB.</summary>
    private sealed class SmallPool : MemoryPool<byte>
    {
        public override int MaxBufferSize => 1024;

        public override IMemoryOwner<byte> Rent(int minBufferSize = -1) => Shared.Rent(minBufferSize);

        protected override void Dispose(bool disposing)
        {
        }
    }
}
