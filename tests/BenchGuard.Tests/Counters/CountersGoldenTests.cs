using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Counters;

/// <summary>
/// The counters section of the PR comment against a reviewed golden file, with every kind of verdict a counter can
/// get: more (failing and reported), fewer, varying, new, missing, not measured, a fraction per operation, a base of
/// zero. Run with UPDATE_GOLDEN=1 after a deliberate change, then review the diff.
/// </summary>
public sealed class CountersGoldenTests : IDisposable
{
    private const string Read = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
    private const string Write = "FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter(BufferSize: 65536)";
    private const string Copy = "FilePipes.Benchmarks.CopyBenchmarks.CopyToAsync";
    private const string Parallel = "FilePipes.Benchmarks.ReadBenchmarks.Parallel(Readers: 2)";
    private const string Added = "FilePipes.Benchmarks.ReadBenchmarks.Added";
    private const string Removed = "FilePipes.Benchmarks.ReadBenchmarks.Removed";

    private readonly TempFolder temp = new();

    [Fact]
    public void EveryKindOfCounterVerdict()
    {
        var baseFile = new CountersFile(8, 1, null, null,
        [
            CountersComparisonTests.Case(Read, 632, 32_769, 0, 1_000_000),
            CountersComparisonTests.Case(Write, 0, 0, 17, 2_000_000),
            CountersComparisonTests.Case(Copy, 96, 1.5, 2, 500_000),
            Varying(CountersComparisonTests.Case(Parallel, 400, 10, 0, 3_000_000)),
            CountersComparisonTests.Case(Removed, 10, 1, 1, 100),
        ]);
        var headFile = new CountersFile(8, 1, null, "not measured: valgrind is not installed",
        [
            new CaseCounters(Read, 656, 32_769, 0, null) { AllocatedBytesRange = new CounterRange(656, 656), ReadCallsRange = new CounterRange(32_769, 32_769), WriteCallsRange = new CounterRange(0, 0) },
            new CaseCounters(Write, 24, 0, 16, null) { AllocatedBytesRange = new CounterRange(24, 24), ReadCallsRange = new CounterRange(0, 0), WriteCallsRange = new CounterRange(16, 16) },
            new CaseCounters(Copy, 64, 2.25, 2, null) { AllocatedBytesRange = new CounterRange(64, 64), ReadCallsRange = new CounterRange(2, 3), WriteCallsRange = new CounterRange(2, 2) },
            Varying(new CaseCounters(Parallel, 520, 10, 0, null)),
            new CaseCounters(Added, 8, 1, 0, null) { AllocatedBytesRange = new CounterRange(8, 8), ReadCallsRange = new CounterRange(1, 1), WriteCallsRange = new CounterRange(0, 0) },
        ]);
        var counters = this.temp.File("counters.json");
        JsonFormat.Write(counters, CountersComparison.Compare(baseFile, null, headFile));

        this.AssertReportWrites("report-counters.md", "ubuntu-latest", counters);
    }

    [Fact]
    public void ABaseThatCouldNotBeCounted()
    {
        var counters = this.temp.File("counters.json");
        JsonFormat.Write(counters, CountersComparison.Compare(null, "the base could not be counted: it does not build", CountersComparisonTests.File(CountersComparisonTests.Case(Read, 632, 32_769, 0, 1_000_000))));

        this.AssertReportWrites("report-counters-no-base.md", "windows-latest", counters);
    }

    public void Dispose() => this.temp.Dispose();

    // The report of the counters alone (the A/B not run), matched against the golden file.
    private void AssertReportWrites(string golden, string os, string counters) =>
        GoldenFile.AssertProgramWrites(
            golden, 0, this.temp.File("r.md"),
            ["report", "--os", os, "--ab-error", "not run here", "--counters", counters, "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json")]);

    // A case whose single operations allocated different amounts within the run (a timing-dependent case).
    private static CaseCounters Varying(CaseCounters c) =>
        c with { AllocatedBytesRange = new CounterRange((long)c.AllocatedBytes - 100, (long)c.AllocatedBytes + 100) };
}
