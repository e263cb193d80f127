using BenchGuard.Counters;

namespace BenchGuard.Tests.Counters;

/// <summary>
/// <see cref="CounterTrend.Of"/> directly: entries in name order, a series left out only when no case has its counter
/// (a case left out for varying is not "not measured"), and the reason given for each series not measured.
/// </summary>
public sealed class CounterTrendSeriesTests
{
    [Fact]
    public void EntriesAreInNameOrderWhateverTheOrderOfTheCases()
    {
        var counted = new CountersFile(8, 1, null, null, [Case("B.Second", 2), Case("C.Third", 3), Case("A.First", 1)]);

        var (files, notes) = CounterTrend.Of(counted);

        Assert.All(files, f => Assert.Equal(["A.First", "B.Second", "C.Third"], f.Entries.Select(e => e.Name)));
        Assert.Equal(["counted-bytes", "read-calls", "write-calls", "instructions"], files.Select(f => f.Series.Metric));
        Assert.Empty(notes);
    }

    [Fact]
    public void ASeriesWhoseOnlyCaseVariedIsLeftOutWithoutBeingCalledNotMeasured()
    {
        var varying = Case("A.Varies", 10) with { ReadCallsRange = new CounterRange(9, 11) };
        var counted = new CountersFile(8, 1, null, null, [varying, Case("B.NoCalls", 5) with { ReadCalls = null }]);

        var (files, notes) = CounterTrend.Of(counted);

        Assert.DoesNotContain(files, f => f.Series.Metric == "read-calls");
        Assert.Equal(2, notes.Count);
        Assert.StartsWith("read-calls: left out A.Varies", notes[0], StringComparison.Ordinal);
        Assert.Equal("read-calls: no point this run: every case's operations differed within the run", notes[1]);
    }

    [Fact]
    public void EachSeriesNotMeasuredGivesItsOwnReason()
    {
        var counted = new CountersFile(8, 1, "no system calls here", "no callgrind here", []);

        var (files, notes) = CounterTrend.Of(counted);

        Assert.Empty(files);
        Assert.Equal(
            ["counted-bytes: no case has it", "read-calls: no system calls here", "write-calls: no system calls here", "instructions: no callgrind here"],
            notes);
    }

    private static CaseCounters Case(string name, double value) => new(name, value, value, value, value * 1000);
}
