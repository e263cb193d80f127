using System.Text;
using BenchGuard.Counters;
using BenchGuard.Output;

namespace BenchGuard.Reporting;

/// <summary>
/// One OS section of the PR comment, in the order of trust: the deterministic counters of head and base (when pr-report
/// measured them), timing head vs base on this runner (the A/B verdict), allocations vs the stored baseline (gated
/// beyond its threshold), timing vs the stored baseline (indicative); then what fails the check, as a footer.
/// </summary>
internal static class OsReportMarkdown
{
    /// <summary>The section text (LF line endings).</summary>
    public static string Write(OsReport report, CompareJson? ab, CompareJson? baseline, CountersComparison? counters = null)
    {
        var text = new StringBuilder();
        Line(text, $"## {MarkdownText.Escape(report.Os)}: {report.Headline}");
        Line(text);

        var section = 1;
        if (counters is not null || report.CountersError is not null)
        {
            Line(text, $"### {section++}. Counters (deterministic): head vs base on this runner");
            Line(text);
            CountersMarkdown.Write(text, counters, report.CountersError);
        }

        Line(text, $"### {section++}. Timing: head vs base on this runner (A/B)");
        Line(text);
        if (ab is null)
        {
            Line(text, report.AbError is { } error
                ? $"⚠️ The A/B comparison did not run: {MarkdownText.Escape(error)}"
                : "ℹ️ No A/B comparison was run for this OS.");
            Line(text);
        }
        else
        {
            var method = ab.Options.Paired is { } p
                ? $"paired verdict over rounds ({MarkdownText.Escape(p.Rule)}), threshold {MarkdownText.Escape(ab.Options.Threshold)}"
                : $"pooled Mann-Whitney, threshold {MarkdownText.Escape(ab.Options.Threshold)}";
            Line(text, $"**{TimingHeadline(ab.Summary)}** ({method}{(ab.Options.FailThreshold is { } f ? $"; fails above {MarkdownText.Escape(f)}" : string.Empty)})");
            Line(text);
            Note(text, ab.HarnessDifference is { } harness ? EnvironmentLines.HarnessLine(harness) : null);
            TimingTable(text, ab.Benchmarks.Where(b => b.Verdict is "Slower" or "Faster" or "Failed").ToList(), paired: ab.Options.Paired is not null);
            Details(text, $"All {ab.Benchmarks.Count} A/B verdicts", () => TimingTable(text, ab.Benchmarks, paired: ab.Options.Paired is not null));
        }

        if (ab is not null && counters is null)
        {
            // Without counted bytes, BenchmarkDotNet's bytes per operation are the A/B's allocation gate: show what it found.
            Line(text, $"### {section++}. Allocations: head vs base on this runner (BenchmarkDotNet's bytes, as the counters did not run)");
            Line(text);
            Line(text, $"**{AllocationHeadline(ab)}** (threshold {MarkdownText.Escape(ab.Options.AllocThreshold)})");
            Line(text);
            AllocationTable(text, ab, "Base");
        }

        Line(text, $"### {section++}. Allocations vs the stored baseline");
        Line(text);
        if (baseline is null)
        {
            Line(text, "ℹ️ No stored-baseline comparison for this OS.");
            Line(text);
        }
        else
        {
            Line(text, $"**{AllocationHeadline(baseline)}** (threshold {MarkdownText.Escape(baseline.Options.AllocThreshold)})");
            Line(text);
            Note(text, baseline.AllocationGateNote is { } gate ? $"ℹ️ {gate}" : null);
            AllocationTable(text, baseline, "Baseline");
        }

        Line(text, $"### {section}. Timing vs the stored baseline (indicative)");
        Line(text);
        if (baseline is null)
        {
            Line(text, "ℹ️ No stored-baseline comparison for this OS.");
            Line(text);
        }
        else
        {
            Line(text, "> ℹ️ Indicative only: the baseline was measured at another time, possibly on another machine. The A/B verdict above is the one to trust.");
            Line(text, ">");
            Line(text, report.BaselineProvenance is { } provenance ? $"> Baseline: {MarkdownText.Escape(provenance)}." : "> The stored baseline is empty: every benchmark is New.");
            if (report.EnvironmentDifferences.Count > 0)
            {
                Line(text, ">");
                Line(text, $"> ⚠️ This runner differs from the baseline's machine ({MarkdownText.Escape(string.Join("; ", report.EnvironmentDifferences))}): a timing difference here is a hint, not a measurement.");
            }

            if (baseline.HarnessDifference is { } harness)
            {
                Line(text, ">");
                Line(text, $"> {EnvironmentLines.HarnessLine(harness)}");
            }

            Line(text);
            Line(text, $"{TimingHeadline(baseline.Summary)} (threshold {MarkdownText.Escape(baseline.Options.Threshold)})");
            Line(text);
            Details(text, $"All {baseline.Benchmarks.Count} benchmarks vs the baseline", () => TimingTable(text, baseline.Benchmarks, paired: false));
        }

        Line(text, FailPolicy.Of(ab, baseline, countersRan: counters is not null).Markdown());
        Line(text);
        return text.ToString();
    }

    /// <summary>The per-OS headline: the A/B timing verdict, then allocations vs the baseline.</summary>
    public static string Headline(CompareJson? ab, string? abError, CompareJson? baseline, int failing, CountersComparison? counters = null, string? countersError = null)
    {
        var parts = new List<string>();
        var warn = failing > 0;
        if (counters is not null)
        {
            parts.Add(counters.Failing > 0 ? $"{counters.Moved} counters moved, {counters.Failing} failing" : $"{counters.Moved} counters moved");
            warn |= counters.Cases.Any(c => c.Counters.Any(v => v.Verdict == "More"));
        }
        else if (countersError is not null)
        {
            // A measurement that could not be made is said, and never all-clear (below), but it is not a regression.
            parts.Add("counters not measured");
        }

        if (ab is not null)
        {
            parts.Add($"{ab.Summary.Slower} slower, {ab.Summary.Faster} faster{(ab.Summary.Failed > 0 ? $", {ab.Summary.Failed} failed" : string.Empty)} (A/B)");
            warn |= ab.Summary.Slower > 0 || ab.Summary.Failed > 0;
        }
        else
        {
            parts.Add(abError is null ? "no A/B timing" : "A/B did not run");
            warn |= abError is not null;
        }

        var allocations = baseline ?? ab;
        if (allocations is not null)
        {
            parts.Add($"{allocations.Summary.AllocationRegressions} more allocations{(baseline is null ? " (A/B)" : string.Empty)}");
            warn |= allocations.Summary.AllocationRegressions > 0;
            if (baseline is { Summary.New: > 0 })
            {
                parts.Add($"{baseline.Summary.New} new (no baseline)");
            }
        }

        // Without counters, the A/B's own allocations gate too (FailPolicy): when they fail, the headline names them.
        if (counters is null && baseline is not null && ab is { Summary.AllocationRegressions: > 0 and var more })
        {
            parts.Add($"{more} more allocations (A/B)");
            warn = true;
        }

        // A benchmark that one side of the A/B lacks was not compared: never all-clear, even when the baseline has it.
        var undecided = (ab?.Summary.Unknown ?? 0) + (ab?.Summary.New ?? 0) + (ab?.Summary.Missing ?? 0)
            + (baseline?.Summary.New ?? 0) + (baseline?.Summary.Missing ?? 0);
        // Nor when either comparison held no benchmark at all: nothing compared is never "no regression".
        var empty = ab is { Summary.Total: 0 } || baseline is { Summary.Total: 0 };
        undecided += countersError is not null || counters?.BaseError is not null ? 1 : 0;
        var mark = warn ? "⚠️" : undecided > 0 || empty || ab is null || baseline is null ? "❔" : "✅";
        return $"{mark} {string.Join(", ", parts)}";
    }

    private static void AllocationTable(StringBuilder text, CompareJson comparison, string reference)
    {
        var changed = comparison.Benchmarks.Where(b => b.Allocation.Verdict is "Regression" or "Improvement").ToList();
        if (changed.Count == 0)
        {
            return;
        }

        Line(text, $"| Benchmark | Allocation | {reference} | Head | Delta |");
        Line(text, "|---|---|---:|---:|---:|");
        foreach (var b in changed.OrderBy(b => b.Allocation.Verdict, StringComparer.Ordinal).ThenByDescending(b => b.Allocation.DeltaBytes))
        {
            var mark = b.Allocation.Verdict == "Regression" ? (b.AllocationFails ? "❌ more" : "⚠️ more") : "✅ less";
            Line(text, $"| {Name(b)} | {mark} | {Units.Bytes(b.Allocation.BaseBytes)} | {Units.Bytes(b.Allocation.DiffBytes)} | {Units.ByteDelta(b.Allocation.BaseBytes, b.Allocation.DiffBytes)} |");
        }

        Line(text);
    }

    private static string TimingHeadline(CompareJsonSummary s)
    {
        var extras = new List<string>();
        foreach (var (count, word) in new[] { (s.Unknown, "unknown"), (s.New, "new"), (s.Missing, "missing"), (s.Failed, "failed") })
        {
            if (count > 0)
            {
                extras.Add($"{count} {word}");
            }
        }

        return $"{s.Slower} slower, {s.Faster} faster, {s.Same} same" + (extras.Count > 0 ? $", {string.Join(", ", extras)}" : string.Empty);
    }

    private static string AllocationHeadline(CompareJson comparison)
    {
        var s = comparison.Summary;
        var mark = s.AllocationRegressions > 0 ? "⚠️" : s.New + s.Missing > 0 ? "❔" : "✅";
        var text = $"{mark} {s.AllocationRegressions} more, {s.AllocationImprovements} fewer";
        if (s.New + s.Missing > 0)
        {
            text += $"; not compared: {s.New} new, {s.Missing} missing";
        }

        return text;
    }

    private static void TimingTable(StringBuilder text, IReadOnlyList<CompareJsonBenchmark> rows, bool paired)
    {
        if (rows.Count == 0)
        {
            return;
        }

        Line(text, paired ? "| Benchmark | Verdict | Base median | Head median | Ratio (paired) | Rounds slower/faster | Pooled |" : "| Benchmark | Verdict | Base median | Head median | Ratio |");
        Line(text, paired ? "|---|---|---:|---:|---:|---:|---|" : "|---|---|---:|---:|---:|");
        foreach (var b in rows.OrderByDescending(b => b.TimingFails).ThenByDescending(b => b.Ratio ?? 0))
        {
            var verdict = b.Verdict switch
            {
                "Slower" => b.TimingFails ? "❌ Slower" : "⚠️ Slower",
                "Faster" => "✅ Faster",
                "Unknown" => "❔ Unknown",
                "New" => "🆕 New",
                "Missing" => "➖ Missing",
                "Failed" => "💥 Failed",
                var other => MarkdownText.Escape(other),
            };
            Line(text, paired
                ? $"| {Name(b)} | {verdict} | {Units.Time(b.BaseMedianNs)} | {Units.Time(b.DiffMedianNs)} | {Units.Ratio(b.Ratio)} | {(b.Paired is { } p ? $"{p.SlowerRounds}/{p.FasterRounds} of {p.Rounds}" : "-")} | {MarkdownText.Escape(b.Pooled?.Verdict ?? "-")} |"
                : $"| {Name(b)} | {verdict} | {Units.Time(b.BaseMedianNs)} | {Units.Time(b.DiffMedianNs)} | {Units.Ratio(b.Ratio)} |");
        }

        Line(text);
    }

    private static void Note(StringBuilder text, string? note)
    {
        if (note is not null)
        {
            Line(text, $"> {note}");
            Line(text);
        }
    }

    private static void Details(StringBuilder text, string summary, Action body)
    {
        Line(text, "<details>");
        Line(text, $"<summary>{summary}</summary>");
        Line(text);
        body();
        Line(text, "</details>");
        Line(text);
    }

    private static string Name(CompareJsonBenchmark b) => MarkdownText.Escape(BenchmarkNames.Display(b.FullName, b.Type, fullId: false));

    private static void Line(StringBuilder text, string line = "") => text.Append(line).Append('\n');
}
