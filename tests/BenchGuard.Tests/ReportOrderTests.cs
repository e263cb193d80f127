using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>What a reader sees first in the console and markdown reports: the rows that matter most come first.</summary>
public sealed class ReportOrderTests
{
    [Fact]
    public void TheConsoleListsAllocationRegressionsLargestIncreaseFirst()
    {
        using var temp = new TempFolder();

        // Ordered by the increase: A (+4000), C (+2000), B (+1900). By the sum of both sides it would be C, A, B;
        // by the base alone B, A, C.
        var run = CompareVerdictTests.CompareRun(
            temp,
            [Same("A", 1, 5000), Same("B", 2, 100), Same("C", 3, 20000)],
            [Same("A", 4, 9000), Same("B", 5, 2000), Same("C", 6, 22000)]);

        Assert.Equal(0, run.ExitCode);
        AssertInOrder(run.Out, "ReadBenchmarks.A ", "ReadBenchmarks.C ", "ReadBenchmarks.B ");
    }

    [Fact]
    public void TheMarkdownListsFailingRegressionsBeforeOnesThatOnlyReport()
    {
        using var temp = new TempFolder();
        var md = temp.File("report.md");

        // Slow is 10% slower (reported, below the 20% that fails); Heavy allocates 2,000 B more (fails) at the same speed.
        var run = CompareVerdictTests.CompareRun(
            temp,
            [Same("Slow", 1, 100), Same("Heavy", 2, 100)],
            [FakeBenchmark.Of("Slow", 1100, 0.01, 15, 3, allocated: 100), Same("Heavy", 4, 2100)],
            "--fail-threshold", "20%", "--md", md);

        Assert.Equal(0, run.ExitCode);
        var regressions = Section(File.ReadAllText(md), "# Regressions");
        AssertInOrder(regressions, "ReadBenchmarks.Heavy ", "ReadBenchmarks.Slow ");
    }

    [Fact]
    public void TheMarkdownImprovementsHoldTheFasterByRatioAndThoseThatOnlyAllocateLess()
    {
        using var temp = new TempFolder();
        var md = temp.File("report.md");

        // F1 runs at 0.8 of its base, F2 at 0.6; Lean allocates 2,000 B less at the same speed.
        var run = CompareVerdictTests.CompareRun(
            temp,
            [Same("F1", 1, 100), Same("F2", 2, 100), Same("Lean", 3, 2100)],
            [FakeBenchmark.Of("F1", 800, 0.01, 15, 4, allocated: 100), FakeBenchmark.Of("F2", 600, 0.01, 15, 5, allocated: 100), Same("Lean", 6, 100)],
            "--md", md);

        Assert.Equal(0, run.ExitCode);
        var improvements = Section(File.ReadAllText(md), "# Improvements");
        AssertInOrder(improvements, "ReadBenchmarks.F2 ", "ReadBenchmarks.F1 ", "ReadBenchmarks.Lean ");
    }

    [Fact]
    public void ASideMixedFromTwoMachinesIsSaidInBothReports()
    {
        using var temp = new TempFolder();
        var baseFolder = temp.Folder("base");
        BdnJson.Write(Path.Combine(baseFolder, "1"), [Same("Read", 1, 100)], fileStem: "Demo.ReadBenchmarks");
        BdnJson.Write(Path.Combine(baseFolder, "2"), [Same("Write", 2, 100, "Demo.WriteBenchmarks")], cpu: "Other CPU", fileStem: "Demo.WriteBenchmarks");
        var diffFolder = temp.Folder("diff");
        BdnJson.Write(Path.Combine(diffFolder, "1"), [Same("Read", 3, 100)], fileStem: "Demo.ReadBenchmarks");
        BdnJson.Write(Path.Combine(diffFolder, "2"), [Same("Write", 4, 100, "Demo.WriteBenchmarks")], fileStem: "Demo.WriteBenchmarks");
        var md = temp.File("report.md");

        var run = ComparerRun.Of("compare", "--base", baseFolder, "--diff", diffFolder, "--threshold", "5%", "--md", md);

        Assert.True(run.ExitCode == 0, run.Error);
        const string Warning = "The base mixes results from different machines or BenchmarkDotNet versions";
        Assert.Contains(Warning, run.Out, StringComparison.Ordinal);
        Assert.Contains("Other CPU", run.Out, StringComparison.Ordinal);
        Assert.Contains(Warning, File.ReadAllText(md), StringComparison.Ordinal);
        Assert.DoesNotContain("The diff mixes", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void AReportThatCannotBeWrittenIsBadInput()
    {
        using var temp = new TempFolder();
        var blocker = temp.File("not-a-folder");
        File.WriteAllText(blocker, "a file where the report's folder should be");

        var run = CompareVerdictTests.CompareRun(temp, [Same("Read", 1, 100)], [Same("Read", 2, 100)], "--md", Path.Combine(blocker, "report.md"));

        run.AssertBadInput($"{Path.Combine(blocker, "report.md")}: cannot write");
    }

    private static FakeBenchmark Same(string method, int seed, long allocated, string type = "Demo.ReadBenchmarks") =>
        FakeBenchmark.Of(method, 1000, 0.01, 15, seed, allocated, type);

    private static string Section(string markdown, string heading)
    {
        var start = markdown.IndexOf(heading, StringComparison.Ordinal);
        Assert.True(start >= 0, $"no section {heading} in:\n{markdown}");
        var end = markdown.IndexOf("<details>", start, StringComparison.Ordinal);
        return markdown[start..end];
    }

    private static void AssertInOrder(string text, params string[] names)
    {
        var positions = names.Select(n => text.IndexOf(n, StringComparison.Ordinal)).ToArray();
        Assert.True(positions.All(p => p >= 0) && positions.SequenceEqual(positions.Order()), $"expected {string.Join(", ", names)} in this order in:\n{text}");
    }
}
