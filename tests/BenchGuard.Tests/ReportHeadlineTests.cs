using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Reporting;
using BenchGuard.Tests.Counters;

namespace BenchGuard.Tests;

/// <summary>
/// The one line per OS that the PR comment leads with: ⚠️ when something got worse or a step failed, ❔ when something
/// was not compared (never all-clear), ✅ only when every comparison ran over benchmarks and found nothing. Each case
/// changes one thing against an all-clear report.
/// </summary>
public sealed class ReportHeadlineTests
{
    private const string Read = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";

    [Fact]
    public void EverythingComparedAndNothingWorseIsAllClear() =>
        Assert.Equal("✅ 0 slower, 2 faster (A/B), 0 more allocations", Headline(Ab(), Stored()));

    [Fact]
    public void ASlowerOrFailedBenchmarkInTheABWarns()
    {
        Assert.Equal("⚠️ 1 slower, 2 faster (A/B), 0 more allocations", Headline(Ab(slower: 1), Stored()));
        Assert.StartsWith("⚠️", Headline(Ab(failed: 1), Stored()), StringComparison.Ordinal);
    }

    [Fact]
    public void AChecksFailuresWarnWhateverTheSummariesSay() =>
        Assert.StartsWith("⚠️", OsReportMarkdown.Headline(Ab(), null, Stored(), failing: 1), StringComparison.Ordinal);

    [Fact]
    public void MoreAllocationsWarnAgainstTheBaselineOrElseInTheAB()
    {
        Assert.Equal("⚠️ 0 slower, 2 faster (A/B), 1 more allocations", Headline(Ab(), Stored(allocations: 1)));
        // Without a stored-baseline comparison the A/B's allocations are the ones reported, and said to be.
        Assert.Equal("⚠️ 0 slower, 2 faster (A/B), 3 more allocations (A/B)", Headline(Ab(allocations: 3), null));
        // With one, the A/B's allocations are named too when they gate, as they do without counters.
        Assert.Equal("⚠️ 0 slower, 2 faster (A/B), 0 more allocations, 3 more allocations (A/B)", Headline(Ab(allocations: 3), Stored()));
    }

    [Fact]
    public void AnABThatDidNotRunWarnsAndOneNotAskedForIsNotAllClear()
    {
        Assert.Equal("⚠️ A/B did not run, 0 more allocations", OsReportMarkdown.Headline(null, "the base does not build", Stored(), failing: 0));
        Assert.Equal("❔ no A/B timing, 0 more allocations", OsReportMarkdown.Headline(null, null, Stored(), failing: 0));
        Assert.StartsWith("❔", Headline(Ab(), null), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("ab unknown")]
    [InlineData("ab new")]
    [InlineData("ab missing")]
    [InlineData("baseline new")]
    [InlineData("baseline missing")]
    [InlineData("ab empty")]
    [InlineData("baseline empty")]
    public void ABenchmarkNotComparedOrAComparisonOfNothingIsNeverAllClear(string what)
    {
        var ab = what switch
        {
            "ab unknown" => Ab(unknown: 1),
            "ab new" => Ab(added: 1),
            "ab missing" => Ab(missing: 1),
            "ab empty" => Summary(0, 0, 0, 0, 0, 0, 0, 0, 0),
            _ => Ab(),
        };
        var stored = what switch
        {
            "baseline new" => Stored(added: 1),
            "baseline missing" => Stored(missing: 1),
            "baseline empty" => Summary(0, 0, 0, 0, 0, 0, 0, 0, 0),
            _ => Stored(),
        };

        Assert.StartsWith("❔", Headline(ab, stored), StringComparison.Ordinal);
    }

    [Fact]
    public void NewBenchmarksWithoutABaselineAreCounted()
    {
        Assert.Equal("❔ 0 slower, 2 faster (A/B), 0 more allocations, 2 new (no baseline)", Headline(Ab(), Stored(added: 2)));
        Assert.DoesNotContain("new", Headline(Ab(), Stored(missing: 1)), StringComparison.Ordinal);
    }

    [Fact]
    public void CountersThatRoseWarnEvenWhenNoneFailsTheCheck()
    {
        // Instructions are reported, never failed: the check passes, the headline still warns.
        var counters = CountersComparison.Compare(
            CountersComparisonTests.File(CountersComparisonTests.Case(Read, 632, 1, 0, 1_000_000)),
            null,
            CountersComparisonTests.File(CountersComparisonTests.Case(Read, 632, 1, 0, 1_100_000)));
        Assert.Equal(0, counters.Failing);

        Assert.Equal("⚠️ 1 counters moved, 0 slower, 2 faster (A/B), 0 more allocations", OsReportMarkdown.Headline(Ab(), null, Stored(), 0, counters));

        var fewer = CountersComparison.Compare(
            CountersComparisonTests.File(CountersComparisonTests.Case(Read, 632, 1, 0, 1_000_000)),
            null,
            CountersComparisonTests.File(CountersComparisonTests.Case(Read, 600, 1, 0, 1_000_000)));
        Assert.Equal("✅ 1 counters moved, 0 slower, 2 faster (A/B), 0 more allocations", OsReportMarkdown.Headline(Ab(), null, Stored(), 0, fewer));
    }

    [Fact]
    public void CountersWithoutABaseOrNotMeasuredAreNeverAllClear()
    {
        var noBase = CountersComparison.Compare(null, "the base does not build", CountersComparisonTests.File(CountersComparisonTests.Case(Read, 632, 1, 0, 1)));

        Assert.StartsWith("❔", OsReportMarkdown.Headline(Ab(), null, Stored(), 0, noBase), StringComparison.Ordinal);
        Assert.Equal("❔ counters not measured, 0 slower, 2 faster (A/B), 0 more allocations", OsReportMarkdown.Headline(Ab(), null, Stored(), 0, null, "valgrind crashed"));
    }

    private static string Headline(CompareJson? ab, CompareJson? baseline) => OsReportMarkdown.Headline(ab, null, baseline, failing: 0);

    private static CompareJson Ab(int slower = 0, int failed = 0, int unknown = 0, int added = 0, int missing = 0, int allocations = 0) =>
        Summary(10 + slower + failed + unknown + added + missing, slower, 2, 8, unknown, added, missing, failed, allocations);

    private static CompareJson Stored(int added = 0, int missing = 0, int allocations = 0) =>
        Summary(10 + added + missing, 0, 0, 10, 0, added, missing, 0, allocations);

    private static CompareJson Summary(int total, int slower, int faster, int same, int unknown, int added, int missing, int failed, int allocations) => new(
        CompareJson.CurrentSchema,
        null,
        string.Empty,
        new CompareJsonOptions("5%", "0.3ns", "0B", null, "verdict", null, []),
        new CompareJsonSide("base", "results", null, [], null, total),
        new CompareJsonSide("diff", "results", null, [], null, total),
        false,
        [],
        new CompareJsonSummary(total, slower, faster, same, unknown, added, missing, failed, allocations, 0, 0, 1, 1),
        []);
}
