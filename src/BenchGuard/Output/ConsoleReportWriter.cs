using System.Text;
using BenchGuard.Comparison;

namespace BenchGuard.Output;

/// <summary>The console report, in dotnet/performance ResultsComparer's shape plus what it leaves out.</summary>
internal static class ConsoleReportWriter
{
    /// <summary>The report text.</summary>
    public static string Write(ComparisonReport report, int? top, bool fullId)
    {
        var text = new StringBuilder();
        foreach (var line in EnvironmentLines.Of(report))
        {
            text.AppendLine(BenchmarkNames.OneLine(line));
        }

        var summary = CompareJsonWriter.Summary(report);
        text.AppendLine(Headline.Format(summary, report.Options.TimingRole));
        text.AppendLine();
        if (report.ShowsTiming)
        {
            text.AppendLine(report.Options.TimingRole == "indicative" ? "summary (timing is indicative):" : "summary:");
            text.AppendLine($"better: {summary.Faster}, geomean: {Units.Number(summary.FasterGeomean)}");
            text.AppendLine($"worse: {summary.Slower}, geomean: {Units.Number(summary.SlowerGeomean)}");
            text.AppendLine($"total diff: {summary.Faster + summary.Slower}");
            text.AppendLine();
            TimingTable(text, report, Verdict.Slower, "diff/base", b => b.Ratio ?? 1, top, fullId);
            TimingTable(text, report, Verdict.Faster, "base/diff", b => 1 / (b.Ratio ?? 1), top, fullId);
        }

        var allocations = report.Benchmarks.Where(b => b.Allocation is AllocationVerdict.Regression or AllocationVerdict.Improvement).ToList();
        if (allocations.Count > 0)
        {
            var rows = allocations
                .OrderBy(b => b.Allocation)
                .ThenByDescending(b => (b.DiffAllocatedBytes ?? 0) - (b.BaseAllocatedBytes ?? 0))
                .Select(b => new[] { Name(b, fullId), b.Allocation.ToString(), Bytes(b.BaseAllocatedBytes), Bytes(b.DiffAllocatedBytes), Units.ByteDelta(b.BaseAllocatedBytes, b.DiffAllocatedBytes) });
            TextTable.Append(text, ["Allocated", "Verdict", "Base (B/op)", "Diff (B/op)", "Delta"], [false, false, true, true, true], rows);
        }
        else
        {
            text.AppendLine($"No allocation changes beyond the threshold {report.Options.AllocationThreshold.Text}.");
            text.AppendLine();
        }

        var others = report.Benchmarks
            .Where(b => b.Verdict is Verdict.New or Verdict.Missing or Verdict.Failed || (report.ShowsTiming && b.Verdict == Verdict.Unknown))
            .ToList();
        if (others.Count > 0)
        {
            TextTable.Append(text, ["Not compared", "Verdict", "Why"], [false, false, false], others.Select(b => new[] { Name(b, fullId), b.Verdict.ToString(), b.Note ?? string.Empty }));
        }

        return text.ToString();
    }

    private static void TimingTable(StringBuilder text, ComparisonReport report, Verdict verdict, string ratioTitle, Func<BenchmarkComparison, double> order, int? top, bool fullId)
    {
        var selected = report.Benchmarks.Where(b => b.Verdict == verdict).OrderByDescending(order).Take(top ?? int.MaxValue).ToList();
        if (selected.Count == 0)
        {
            text.AppendLine($"No {verdict} results for the provided threshold = {report.Options.Threshold.Text} and noise filter = {report.Options.Noise.Text}.");
            text.AppendLine();
            return;
        }

        var rows = selected.Select(b => new[]
        {
            Name(b, fullId), Units.Number(order(b)), Units.Number(b.BaseMedian ?? double.NaN), Units.Number(b.DiffMedian ?? double.NaN), b.DiffModality ?? string.Empty,
        });
        TextTable.Append(text, [verdict.ToString(), ratioTitle, "Base Median (ns)", "Diff Median (ns)", "Modality"], [false, true, true, true, true], rows);
    }

    private static string Name(BenchmarkComparison b, bool fullId) => BenchmarkNames.OneLine(BenchmarkNames.Display(b.FullName, b.Type, fullId));

    private static string Bytes(long? bytes) => bytes?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "-";
}
