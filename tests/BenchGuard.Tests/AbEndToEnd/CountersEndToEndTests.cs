using BenchGuard.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbEndToEnd;

/// <summary>
/// The real pr-report's counters on a temporary repository (<see cref="AbRepository"/>): a head with one more object
/// per operation in one case and one more read call in another must be flagged in exactly those counters.
/// </summary>
public sealed class CountersEndToEndTests(AbRepository repository) : IClassFixture<AbRepository>
{
    [Fact]
    [Trait("Category", "AbEndToEnd")]
    public void OneMoreObjectAndOneMoreReadCallAreFlaggedInTheirOwnCounterAndNoOther()
    {
        var output = repository.NewOut();

        var run = ComparerRun.Of(
            "pr-report", "--repo", repository.Root, "--base", "base", "--head", "counted", "--rounds", "1", "--interleave", "suite", "--out", output,
            "--profile", "full", "--bench-arg", "--job", "--bench-arg", "dry", "--filter", "*CountedBenchmarks*", "--fail-on-regression");

        // More bytes fail the check everywhere, more read calls where they are counted.
        Assert.True(run.ExitCode == 1, $"exit {run.ExitCode}: {run.Error}");
        var counters = CountersComparison.Read(Path.Combine(output, PullRequestCounters.FileName));
        Assert.Null(counters.BaseError);
        Assert.Equal(2, counters.Cases.Count);

        var allocates = Case(counters, "CountedBenchmarks.Allocates");
        Assert.Equal([CounterKind.AllocatedBytes], Moved(allocates));
        var bytes = allocates.Counters.Single(v => v.Counter == CounterKind.AllocatedBytes);
        Assert.Equal(24, bytes.Head - bytes.Base);
        Assert.True(bytes.Fails);

        var reads = Case(counters, "CountedBenchmarks.Reads");
        if (OperatingSystem.IsLinux())
        {
            Assert.Equal([CounterKind.ReadCalls], Moved(reads));
            var calls = reads.Counters.Single(v => v.Counter == CounterKind.ReadCalls);
            Assert.Equal(1, calls.Head - calls.Base);
            Assert.True(calls.Fails);
        }
        else
        {
            Assert.Empty(Moved(reads));
            Assert.Equal("NotMeasured", reads.Counters.Single(v => v.Counter == CounterKind.ReadCalls).Verdict);
        }

        // Instructions: measured where callgrind runs, and the few the changes add are inside the tolerance.
        var instructions = counters.Cases.Select(c => c.Counters.Single(v => v.Counter == CounterKind.Instructions)).ToList();
        Assert.All(instructions, v => Assert.Equal(OperatingSystem.IsLinux() && CountersRun.HasValgrind() ? "Same" : "NotMeasured", v.Verdict));
        Assert.All(counters.Cases.SelectMany(c => c.Counters), v => Assert.NotEqual("Varies", v.Verdict));

        var report = File.ReadAllText(Path.Combine(output, "report.md"));
        var firstSection = report.Split('\n').First(line => line.StartsWith("### ", StringComparison.Ordinal));
        Assert.Equal("### 1. Counters (deterministic): head vs base on this runner", firstSection);
        Assert.Contains("| CountedBenchmarks.Allocates | ❌ bytes allocated |", report, StringComparison.Ordinal);
    }

    private static CaseComparison Case(CountersComparison counters, string method) =>
        counters.Cases.Single(c => c.Benchmark.Contains(method, StringComparison.Ordinal));

    private static List<CounterKind> Moved(CaseComparison comparison) =>
        comparison.Counters.Where(v => v.Verdict != "Same" && v.Verdict != "NotMeasured").Select(v => v.Counter).ToList();
}
