using System.Text;
using BenchGuard.Comparison;

namespace BenchGuard.Output;

/// <summary>
/// The <c>--md</c> report for a PR comment or job summary: headline, regressions first, the full table collapsed,
/// humanized units. Links are left to the caller.
/// </summary>
internal static class MarkdownReportWriter
{
    /// <summary>The markdown text (LF line endings).</summary>
    public static string Write(ComparisonReport report, bool fullId, int headingLevel = 2)
    {
        var text = new StringBuilder();
        var heading = new string('#', headingLevel);
        if (report.Title is { Length: > 0 } title)
        {
            Line(text, $"{heading} {MarkdownText.Escape(title)}");
            Line(text);
        }

        var summary = CompareJsonWriter.Summary(report);
        Line(text, $"**{Headline.Format(summary, report.Options.TimingRole)}**");
        Line(text);
        foreach (var line in EnvironmentLines.Of(report))
        {
            Line(text, $"> {MarkdownText.Escape(line)}");
            Line(text);
        }

        var timing = report.ShowsTiming;
        var regressions = report.Benchmarks
            .Where(b => (timing && b.Verdict == Verdict.Slower) || b.Allocation == AllocationVerdict.Regression || (b.Verdict == Verdict.Failed && b.DiffCount == 0))
            .OrderByDescending(b => b.TimingFails || b.AllocationFails)
            .ThenByDescending(b => b.Ratio ?? 0)
            .ToList();
        if (regressions.Count > 0)
        {
            Line(text, $"{heading}# Regressions");
            Line(text);
            Table(text, report, regressions, fullId);
        }

        var faster = timing ? report.Benchmarks.Where(b => b.Verdict == Verdict.Faster).ToList() : [];
        var improvements = report.Benchmarks.Where(b => b.Allocation == AllocationVerdict.Improvement && b.Verdict != Verdict.Faster).ToList();
        if (faster.Count + improvements.Count > 0)
        {
            Line(text, $"{heading}# Improvements");
            Line(text);
            Table(text, report, faster.Concat(improvements).OrderBy(b => b.Ratio ?? 1).ToList(), fullId);
        }

        var thresholds = $"threshold {report.Options.Threshold.Text}, noise {report.Options.Noise.Text}, allocations {report.Options.AllocationThreshold.Text}"
            + (report.Options.FailThreshold is { } f ? $", fails above {f.Text}" : string.Empty)
            + (report.Options.Paired is { } p ? $", paired verdict ({p.Rule})" : string.Empty);
        Line(text, "<details>");
        Line(text, $"<summary>All {report.Benchmarks.Count} benchmarks ({MarkdownText.Escape(thresholds)})</summary>");
        Line(text);
        Table(text, report, report.Benchmarks, fullId);
        Line(text, "</details>");
        return text.ToString();
    }

    private static void Table(StringBuilder text, ComparisonReport report, IReadOnlyList<BenchmarkComparison> rows, bool fullId)
    {
        var timing = report.ShowsTiming;
        var timeTitle = report.Options.TimingRole == "indicative" ? "Time (indicative)" : "Time";
        Line(text, timing
            ? $"| Benchmark | {timeTitle} | Base median | Diff median | Ratio | Allocated | Alloc. delta |"
            : "| Benchmark | Status | Allocated (base) | Allocated (diff) | Alloc. delta |");
        Line(text, timing ? "|---|---|---:|---:|---:|---:|---:|" : "|---|---|---:|---:|---:|");
        foreach (var b in rows)
        {
            var name = MarkdownText.Escape(BenchmarkNames.Display(b.FullName, b.Type, fullId));
            var allocation = b.Allocation switch
            {
                AllocationVerdict.Regression => $"⚠️ {Units.ByteDelta(b.BaseAllocatedBytes, b.DiffAllocatedBytes)}",
                AllocationVerdict.Improvement => $"✅ {Units.ByteDelta(b.BaseAllocatedBytes, b.DiffAllocatedBytes)}",
                AllocationVerdict.Same => "=",
                _ => "-",
            };
            Line(text, timing
                ? $"| {name} | {Status(b)} | {Units.Time(b.BaseMedian)} | {Units.Time(b.DiffMedian)} | {Units.Ratio(b.Ratio)} | {Units.Bytes(b.DiffAllocatedBytes ?? b.BaseAllocatedBytes)} | {allocation} |"
                : $"| {name} | {(b.Verdict is Verdict.New or Verdict.Missing or Verdict.Failed ? Status(b) : "compared")} | {Units.Bytes(b.BaseAllocatedBytes)} | {Units.Bytes(b.DiffAllocatedBytes)} | {allocation} |");
        }

        Line(text);
    }

    private static string Status(BenchmarkComparison b) => b.Verdict switch
    {
        Verdict.Slower => b.TimingFails ? "❌ Slower" : "⚠️ Slower",
        Verdict.Faster => "✅ Faster",
        Verdict.Same => "Same",
        Verdict.Unknown => "❔ Unknown",
        Verdict.New => "🆕 New",
        Verdict.Missing => "➖ Missing",
        _ => "💥 Failed",
    };

    private static void Line(StringBuilder text, string line = "") => text.Append(line).Append('\n');
}
