using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks.Tests;

public sealed class UlongSumTests
{
    [Fact]
    public void A_value_split_across_two_chunks_at_any_offset_is_counted()
    {
        byte[] bytes = new byte[40 * sizeof(ulong)];
        UlongSequence.Fill(bytes, 1_000_000_000_000);
        ulong expected = 0;
        for (ulong i = 0; i < 40; i++)
        {
            expected += 1_000_000_000_000 + i;
        }

        for (int split = 0; split <= bytes.Length; split++)
        {
            var sum = default(UlongSum);
            sum.Add(bytes.AsSpan(0, split));
            sum.Add(bytes.AsSpan(split));
            Assert.Equal(expected, sum.Total);
        }
    }

    [Fact]
    public void A_sequence_of_odd_sized_segments_is_summed()
    {
        byte[] bytes = new byte[1001 * sizeof(ulong)];
        UlongSequence.Fill(bytes, 0);
        var sum = default(UlongSum);
        sum.Add(SegmentedSequence.Of(bytes, segmentLength: 13));
        Assert.Equal(1001UL * 1000 / 2, sum.Total);
    }

    [Fact]
    public void Input_that_stops_inside_a_value_is_an_error()
    {
        var sum = default(UlongSum);
        sum.Add(new byte[12]);
        Assert.Throws<InvalidDataException>(() => sum.Total);
    }
}
