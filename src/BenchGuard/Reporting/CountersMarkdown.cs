using System.Globalization;
using System.Text;
using BenchGuard.Counters;
using BenchGuard.Output;

namespace BenchGuard.Reporting;

/// <summary>The report's counters section: base and head per case, what moved, and why a counter was not measured.</summary>
internal static class CountersMarkdown
{
    /// <summary>Appends the section's body (its heading is the caller's).</summary>
    /// <param name="text">The report.</param>
    /// <param name="counters">The comparison, or null.</param>
    /// <param name="error">Why there is none.</param>
    public static void Write(StringBuilder text, CountersComparison? counters, string? error)
    {
        if (counters is null)
        {
            Line(text, $"⚠️ The counters were not measured: {MarkdownText.Escape(error ?? "no reason given")}");
            Line(text);
            return;
        }

        Line(text, $"**{Headline(counters)}** (exact counts per operation, base and head built and counted on this runner; more bytes or system calls fail the check; instructions beyond ±{(CounterPolicy.InstructionTolerance * 100).ToString("0.##", CultureInfo.InvariantCulture)}% are reported)");
        Line(text);
        foreach (var reason in new[] { counters.BaseError, counters.SystemCallsNotMeasured is { } s ? $"System calls {s}" : null, counters.InstructionsNotMeasured is { } i ? $"Instructions {i}" : null })
        {
            if (reason is not null)
            {
                Line(text, $"> ℹ️ {MarkdownText.Escape(reason)}.");
                Line(text);
            }
        }

        var moved = counters.Cases.SelectMany(c => c.Counters.Where(v => v.Verdict is "More" or "Fewer").Select(v => (Case: c, Counter: v))).ToList();
        if (moved.Count > 0)
        {
            Line(text, "| Benchmark | Counter | Base | Head | Change |");
            Line(text, "|---|---|---:|---:|---:|");
            foreach (var (c, v) in moved.OrderByDescending(m => m.Counter.Fails).ThenBy(m => m.Counter.Verdict, StringComparer.Ordinal))
            {
                Line(text, $"| {Name(c)} | {Mark(v)} {Label(v.Counter)} | {Value(v.Counter, v.Base)} | {Value(v.Counter, v.Head)} | {Change(v)} |");
            }

            Line(text);
        }

        if (counters.Cases.Any(c => c.TimingDependent))
        {
            // Their moves are every run's, so they stay out of the table above and show in the full one.
            Line(text, $"> ⏱️ Timing-dependent: {MarkdownText.Escape(CounterPolicy.TimingDependent)}.");
            Line(text);
        }

        Line(text, "<details>");
        Line(text, $"<summary>All {counters.Cases.Count} cases' counters</summary>");
        Line(text);
        Line(text, "| Benchmark | Bytes allocated | Read calls | Write calls | Instructions |");
        Line(text, "|---|---:|---:|---:|---:|");
        foreach (var c in counters.Cases)
        {
            Line(text, $"| {Name(c)} | {string.Join(" | ", c.Counters.Select(Cell))} |");
        }

        Line(text);
        Line(text, "</details>");
        Line(text);
    }

    /// <summary>The section's headline.</summary>
    /// <param name="counters">The comparison.</param>
    /// <returns>The line.</returns>
    public static string Headline(CountersComparison counters)
    {
        var more = counters.Cases.Sum(c => c.Counters.Count(v => v.Verdict == "More"));
        var unclear = counters.BaseError is not null || counters.Cases.Any(c => c.Counters.Any(v => v.Verdict is "New" or "Missing"));
        var mark = counters.Failing > 0 || more > 0 ? "⚠️" : unclear ? "❔" : "✅";
        return $"{mark} {counters.Moved} of {counters.Cases.Count} cases' counters moved, {counters.Failing} failing";
    }

    private static string Cell(CounterVerdict v) => v.Verdict switch
    {
        "NotMeasured" => "-",
        "Same" => Value(v.Counter, v.Head),
        "New" => $"🆕 {Value(v.Counter, v.Head)}",
        "Missing" => $"➖ {Value(v.Counter, v.Base)}",
        _ => $"{Mark(v)} {Value(v.Counter, v.Base)} → {Value(v.Counter, v.Head)}",
    };

    private static string Mark(CounterVerdict v) => v.Verdict switch
    {
        "More" => v.Fails ? "❌" : "⚠️",
        "Fewer" => "✅",
        "Varies" => "⏱️",
        _ => "",
    };

    /// <summary>A counter's name in the report.</summary>
    /// <param name="kind">The counter.</param>
    /// <returns>Its words.</returns>
    internal static string Label(CounterKind kind) => kind switch
    {
        CounterKind.AllocatedBytes => "bytes allocated",
        CounterKind.ReadCalls => "read calls",
        CounterKind.WriteCalls => "write calls",
        _ => "instructions",
    };

    private static string Value(CounterKind kind, double? value) =>
        value is not { } v ? "-"
        : (v == Math.Floor(v) ? v.ToString("#,0", CultureInfo.InvariantCulture) : v.ToString("#,0.0##", CultureInfo.InvariantCulture))
            + (kind == CounterKind.AllocatedBytes ? " B" : string.Empty);

    private static string Change(CounterVerdict v)
    {
        if (v.Base is not { } b || v.Head is not { } h)
        {
            return "-";
        }

        var sign = h >= b ? "+" : "-";
        var relative = b == 0 ? string.Empty : $" ({sign}{Math.Abs((h - b) / b * 100).ToString("0.##", CultureInfo.InvariantCulture)}%)";
        return $"{sign}{Value(v.Counter, Math.Abs(h - b))}{relative}";
    }

    private static string Name(CaseComparison c) =>
        MarkdownText.Escape(BenchmarkNames.Display(c.Benchmark, TypeOf(c.Benchmark), fullId: false)) + (c.TimingDependent ? " ⏱️" : string.Empty);

    // The counters know a case by its full name only: the type is what comes before the method, parameters aside.
    private static string TypeOf(string fullName)
    {
        var method = fullName.IndexOf('(', StringComparison.Ordinal) is var paren and >= 0 ? fullName[..paren] : fullName;
        return method.LastIndexOf('.') is var dot and >= 0 ? method[..dot] : string.Empty;
    }

    private static void Line(StringBuilder text, string line = "") => text.Append(line).Append('\n');
}
