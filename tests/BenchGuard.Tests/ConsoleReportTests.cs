using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>The console report keeps dotnet/performance ResultsComparer's shape: summary, Slower/Faster tables, --top and --full-id.</summary>
public sealed class ConsoleReportTests
{
    [Fact]
    public void SummaryAndTablesInBenchGuardShape()
    {
        using var temp = new TempFolder();
        var run = CompareVerdictTests.CompareRun(
            temp,
            [FakeBenchmark.Of("A", 1000, 0.01, 15, 1), FakeBenchmark.Of("B", 1000, 0.01, 15, 2), FakeBenchmark.Of("C", 1000, 0.01, 15, 3)],
            [FakeBenchmark.Of("A", 1200, 0.01, 15, 4), FakeBenchmark.Of("B", 1500, 0.01, 15, 5), FakeBenchmark.Of("C", 800, 0.01, 15, 6)]);
        Assert.Equal(0, run.ExitCode);
        Assert.Matches(@"better: 1, geomean: 1\.2[3-7]\n", run.Out);
        Assert.Matches(@"worse: 2, geomean: 1\.3[2-6]\n", run.Out);
        Assert.Contains("total diff: 3", run.Out, StringComparison.Ordinal);
        Assert.Matches(@"\| Slower +\| diff/base \| Base Median \(ns\) \| Diff Median \(ns\) \| Modality \|", run.Out);
        Assert.Matches(@"\| ReadBenchmarks\.B +\| +1\.5\d \|", run.Out);
        Assert.DoesNotContain("Demo.ReadBenchmarks.B", run.Out, StringComparison.Ordinal);

        // B (x1.5) comes before A (x1.2); --top 1 keeps only B.
        Assert.True(run.Out.IndexOf("ReadBenchmarks.B", StringComparison.Ordinal) < run.Out.IndexOf("ReadBenchmarks.A", StringComparison.Ordinal));
        var top = CompareVerdictTests.CompareRun(temp, [FakeBenchmark.Of("A", 1000, 0.01, 15, 1), FakeBenchmark.Of("B", 1000, 0.01, 15, 2)], [FakeBenchmark.Of("A", 1200, 0.01, 15, 4), FakeBenchmark.Of("B", 1500, 0.01, 15, 5)], "--top", "1", "--full-id");
        Assert.Matches(@"\| Demo\.ReadBenchmarks\.B +\|", top.Out);
        Assert.DoesNotContain("Demo.ReadBenchmarks.A", top.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void TheTimingTableShowsTheDiffSidesModality()
    {
        using var temp = new TempFolder();

        // The diff side runs in two states 200 ns apart, twelve values each: Perfolizer's m-value of 4 says bimodal.
        IReadOnlyList<double> twoStates = [.. Enumerable.Range(0, 24).Select(i => 1500 + (i / 12 * 200.0) + (i % 12 * 0.5))];
        var run = CompareVerdictTests.CompareRun(
            temp,
            [FakeBenchmark.Of("Read", 1000, 0.01, 24, 1)],
            [new FakeBenchmark("Demo.ReadBenchmarks", "Read", string.Empty, [twoStates], 0)]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Matches(@"\| ReadBenchmarks\.Read +\|[^\n]*\| +bimodal \|", run.Out);
    }
}
