using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// Positions of one result's buffer on the file reader and on the pipe, taken when the result is returned: its start,
/// its end and a few slices, each with its offset in the data. A buffer's positions cannot be computed later: once its
/// segments are consumed, the reader reuses them.
/// </summary>
internal sealed class BufferMarks
{
    private readonly long[] offsets;
    private readonly SequencePosition[] onFile;
    private readonly SequencePosition[] onPipe;

    private BufferMarks(long[] offsets, SequencePosition[] onFile, SequencePosition[] onPipe)
    {
        this.offsets = offsets;
        this.onFile = onFile;
        this.onPipe = onPipe;
    }

    /// <summary>Marks the buffers of one result, which starts at <paramref name="start"/> in the data.</summary>
    public static BufferMarks Of(ReadResult fileResult, ReadResult pipeResult, long start, Random random)
    {
        ReadOnlySequence<byte> file = fileResult.Buffer;
        ReadOnlySequence<byte> pipe = pipeResult.Buffer;
        long length = file.Length;
        long[] within = [0, length, random.NextInt64(length + 1), random.NextInt64(length + 1)];
        var offsets = new long[within.Length];
        var onFile = new SequencePosition[within.Length];
        var onPipe = new SequencePosition[within.Length];
        for (int i = 0; i < within.Length; i++)
        {
            offsets[i] = start + within[i];
            onFile[i] = i == 0 ? file.Start : i == 1 ? file.End : file.GetPosition(within[i]);
            onPipe[i] = i == 0 ? pipe.Start : i == 1 ? pipe.End : pipe.GetPosition(within[i]);
        }

        return new BufferMarks(offsets, onFile, onPipe);
    }

    /// <summary>Picks one mark: the start, the end, or a slice.</summary>
    /// <remarks>An empty buffer's positions are default on the file reader (no segment to point into) and on the pipe
    /// only when it holds no segment: both get <c>default</c>, which means the same to both.</remarks>
    public PositionArgument Pick(Random random, bool earlier)
    {
        if (this.offsets[0] == this.offsets[1] && this.onFile[0].GetObject() is null)
        {
            return PositionArgument.Default with { Name = "default (an empty buffer's)" };
        }

        string buffer = earlier ? "the earlier buffer's" : "the buffer's";
        int i = random.Next(this.offsets.Length);
        string name = i switch
        {
            0 => "start",
            1 => "end",
            _ => "slice",
        };
        return new PositionArgument($"{buffer} {name} ({this.offsets[i]})", this.offsets[i], this.onFile[i], this.onPipe[i], earlier);
    }
}

/// <summary>One argument of an <c>AdvanceTo</c> on both readers: its offset in the data, or none for <c>default</c>.</summary>
/// <remarks><paramref name="Earlier"/>: from the buffer of the result before the last.</remarks>
internal readonly record struct PositionArgument(string Name, long? Offset, SequencePosition OnFile, SequencePosition OnPipe, bool Earlier)
{
    public static PositionArgument Default { get; } = new("default", null, default, default, false);
}
