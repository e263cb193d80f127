using System.Buffers;

namespace FilePipes.Benchmarks.Tests;

/// <summary>Builds a multi-segment <see cref="ReadOnlySequence{T}"/>, as a pipe would hand over.</summary>
internal sealed class SegmentedSequence : ReadOnlySequenceSegment<byte>
{
    private SegmentedSequence(ReadOnlyMemory<byte> memory, long runningIndex)
    {
        this.Memory = memory;
        this.RunningIndex = runningIndex;
    }

    public static ReadOnlySequence<byte> Of(byte[] bytes, int segmentLength)
    {
        var first = new SegmentedSequence(bytes.AsMemory(0, Math.Min(segmentLength, bytes.Length)), 0);
        SegmentedSequence last = first;
        for (int offset = segmentLength; offset < bytes.Length; offset += segmentLength)
        {
            var next = new SegmentedSequence(bytes.AsMemory(offset, Math.Min(segmentLength, bytes.Length - offset)), offset);
            last.Next = next;
            last = next;
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }
}
