using ResultsComparer.Tests.Infrastructure;

namespace ResultsComparer.Tests;

/// <summary>
/// compare's console report (what a developer reads locally and in a CI log) against reviewed golden files: the
/// summary, the Slower/Faster tables in ResultsComparer's shape, the allocation table, the benchmarks not compared, and
/// what it says when nothing moved. Run with UPDATE_GOLDEN=1 after a deliberate change, then review the diff.
/// </summary>
public sealed class ConsoleGoldenTests
{
    [Fact]
    public void EveryKindOfChange()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("base"), BaseSide());
        BdnJson.Write(temp.Folder("diff"), DiffSide());

        var run = ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("diff"), "--threshold", "5%");

        Assert.True(run.ExitCode == 0, run.Error);
        GoldenFile.AssertMatches("compare-console.txt", run.Out);
    }

    [Fact]
    public void IndicativeTimingTopOneAndFullNames()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("base"), BaseSide());
        BdnJson.Write(temp.Folder("diff"), DiffSide());

        var run = ComparerRun.Of(
            "compare", "--base", temp.File("base"), "--diff", temp.File("diff"), "--threshold", "5%", "--timing", "indicative", "--top", "1", "--full-id", "--alloc-threshold", "2B");

        Assert.True(run.ExitCode == 0, run.Error);
        GoldenFile.AssertMatches("compare-console-indicative.txt", run.Out);
    }

    [Fact]
    public void NothingMoved()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("base"), [FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 1, 4200)]);
        BdnJson.Write(temp.Folder("diff"), [FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 1, 4200)]);

        var run = ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("diff"), "--threshold", "5%", "--noise", "1ns");

        Assert.True(run.ExitCode == 0, run.Error);
        GoldenFile.AssertMatches("compare-console-same.txt", run.Out);
    }

    private static FakeBenchmark[] BaseSide() =>
    [
        FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 1, 4200, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 50_000, 0.02, 15, 2, 120, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 45_000, 0.02, 15, 3, 120, parameters: "BufferSize: 65536"),
        FakeBenchmark.Of("PipeReaderOverFileStream", 1_500_000, 0.02, 15, 4, 9000),
        FakeBenchmark.Of("FasterStill", 2_000_000, 0.02, 15, 6, 100),
        FakeBenchmark.Of("Removed", 900, 0.02, 15, 5, 0),
        FakeBenchmark.Of("NoMemory", 900, 0.02, 15, 7, null),
    ];

    private static FakeBenchmark[] DiffSide() =>
    [
        FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 11, 4200, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 56_000, 0.02, 15, 12, 121, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 60_000, 0.02, 15, 13, 124, parameters: "BufferSize: 65536"),
        FakeBenchmark.Of("PipeReaderOverFileStream", 1_200_000, 0.02, 15, 14, 8000),
        FakeBenchmark.Of("FasterStill", 1_000_000, 0.02, 15, 16, 100),
        FakeBenchmark.Of("Added", 700, 0.02, 15, 15, 0),
        FakeBenchmark.Of("NoMemory", 900, 0.02, 15, 17, null),
        FakeBenchmark.FailedOne("Throws"),
    ];
}
