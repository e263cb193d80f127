using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// compare's console report (what a developer reads locally and in a CI log) against reviewed golden files: the
/// summary, the Slower/Faster tables in dotnet/performance ResultsComparer's shape, the allocation table, the benchmarks not compared, and
/// what it says when nothing moved. Run with UPDATE_GOLDEN=1 after a deliberate change, then review the diff.
/// </summary>
public sealed class ConsoleGoldenTests
{
    [Fact]
    public void EveryKindOfChange() =>
        GoldenFile.AssertCompareWrites("compare-console.txt", GoldenSides.Base(), GoldenSides.Diff(), markdown: false, ["--threshold", "5%"]);

    [Fact]
    public void IndicativeTimingTopOneAndFullNames() =>
        GoldenFile.AssertCompareWrites(
            "compare-console-indicative.txt", GoldenSides.Base(), GoldenSides.Diff(), markdown: false,
            ["--threshold", "5%", "--timing", "indicative", "--top", "1", "--full-id", "--alloc-threshold", "2B"]);

    [Fact]
    public void NothingMoved() =>
        GoldenFile.AssertCompareWrites(
            "compare-console-same.txt", [FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 1, 4200)], [FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 1, 4200)], markdown: false,
            ["--threshold", "5%", "--noise", "1ns"]);
}
