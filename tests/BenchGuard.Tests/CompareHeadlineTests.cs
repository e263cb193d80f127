using BenchGuard.Output;

namespace BenchGuard.Tests;

/// <summary>
/// compare's one-line verdict (the markdown's first line, the console's, the JSON's headline): ✅ only when every
/// benchmark was compared and none regressed; a slower (when timing counts), a larger allocation or a failed benchmark
/// warns; new, missing and unknown ones are counted and never read as "no regression".
/// </summary>
public sealed class CompareHeadlineTests
{
    // One row per summary: what was slower, allocated more or failed (which warn), and what was new, missing or
    // unknown (counted, never read as all clear), under each timing mode.
    [Theory]
    [InlineData(0, 0, 0, 0, 0, 0, "verdict", "✅ no regressions (5 benchmarks)")]
    [InlineData(1, 0, 0, 0, 0, 0, "verdict", "⚠️ 1 slower, 0 more allocations")]
    [InlineData(1, 0, 0, 0, 0, 0, "indicative", "⚠️ 1 slower (indicative), 0 more allocations")]
    [InlineData(0, 1, 0, 0, 0, 0, "verdict", "⚠️ 0 slower, 1 more allocations")]
    [InlineData(0, 1, 0, 0, 0, 0, "off", "⚠️ 1 more allocations")]
    [InlineData(0, 0, 1, 0, 0, 0, "verdict", "⚠️ 0 slower, 0 more allocations, 1 failed")]
    [InlineData(0, 0, 2, 0, 0, 0, "off", "⚠️ 0 more allocations, 2 failed")]
    [InlineData(2, 0, 0, 0, 0, 0, "off", "✅ no regressions (5 benchmarks)")]
    [InlineData(0, 0, 0, 1, 0, 0, "verdict", "❔ no regression among 4 compared; not compared: 1 new")]
    [InlineData(0, 0, 0, 0, 2, 0, "verdict", "❔ no regression among 3 compared; not compared: 2 missing")]
    [InlineData(0, 0, 0, 0, 0, 2, "verdict", "❔ no regression among 3 compared; not compared: 2 unknown (too few values)")]
    [InlineData(0, 0, 0, 1, 1, 1, "indicative", "❔ no regression among 2 compared; not compared: 1 new, 1 missing, 1 unknown (too few values)")]
    [InlineData(0, 0, 0, 0, 0, 2, "off", "✅ no regressions (5 benchmarks)")]
    [InlineData(0, 0, 0, 1, 0, 2, "off", "❔ no regression among 4 compared; not compared: 1 new")]
    public void HeadlineOfFiveBenchmarks(int slower, int allocations, int failed, int added, int missing, int unknown, string timing, string expected) =>
        Assert.Equal(expected, Headline.Format(Summary(total: 5, slower, allocations, failed, added, missing, unknown), timing));

    [Fact]
    public void NothingComparedIsSaidAsSuch()
    {
        Assert.Equal($"❔ {Headline.NothingCompared}", Headline.Format(Summary(total: 0), "verdict"));
        Assert.Equal("❔ nothing compared; not compared: 1 new, 1 missing", Headline.Format(Summary(total: 2, added: 1, missing: 1), "verdict"));
        Assert.Equal("❔ nothing compared; not compared: 2 unknown (too few values)", Headline.Format(Summary(total: 2, unknown: 2), "verdict"));
    }

    private static CompareJsonSummary Summary(int total, int slower = 0, int allocations = 0, int failed = 0, int added = 0, int missing = 0, int unknown = 0) =>
        new(total, slower, 0, total - slower - failed - added - missing - unknown, unknown, added, missing, failed, allocations, 0, 0, 1, 1);
}
