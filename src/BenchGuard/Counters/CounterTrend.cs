using System.Globalization;
using BenchGuard.Output;

namespace BenchGuard.Counters;

/// <summary>One counter's trend series: its metric name (file <c>&lt;metric&gt;.json</c>, suite "&lt;suite&gt; &lt;metric&gt; (&lt;os&gt;)", the suite prefix from benchguard.json) and unit.</summary>
/// <param name="Counter">The counter.</param>
/// <param name="Metric">The metric's name in the file, the suite and the page.</param>
/// <param name="Unit">The unit of every entry.</param>
internal sealed record CounterSeries(CounterKind Counter, string Metric, string Unit);

/// <summary>
/// The counters of one build as github-action-benchmark <c>customSmallerIsBetter</c> series, one per counter that this
/// OS measures. A counter whose single operations differed within the run (timing-dependent, see
/// <see cref="CounterPolicy.TimingDependent"/>) is left out of its series: its value depends on the run, and the
/// trend's ratio alert would ring on the run, not on the code.
/// </summary>
internal static class CounterTrend
{
    /// <summary>The series, in the order the page lists them.</summary>
    public static readonly IReadOnlyList<CounterSeries> Series =
    [
        new(CounterKind.AllocatedBytes, "counted-bytes", "B"),
        new(CounterKind.ReadCalls, "read-calls", "calls"),
        new(CounterKind.WriteCalls, "write-calls", "calls"),
        new(CounterKind.Instructions, "instructions", "instructions"),
    ];

    /// <summary>The entries of each measured series, and a line for each series or case left out and why.</summary>
    /// <param name="counted">One build's counters.</param>
    /// <returns>The series with at least one entry, and the notes.</returns>
    public static (IReadOnlyList<(CounterSeries Series, IReadOnlyList<TrendEntry> Entries)> Files, IReadOnlyList<string> Notes) Of(CountersFile counted)
    {
        var files = new List<(CounterSeries, IReadOnlyList<TrendEntry>)>();
        var notes = new List<string>();
        foreach (var series in Series)
        {
            var entries = new List<TrendEntry>();
            foreach (var c in counted.Cases.OrderBy(c => c.Benchmark, StringComparer.Ordinal))
            {
                var (value, range) = Read(c, series.Counter);
                if (value is null)
                {
                    continue;
                }

                if (range is { Varies: true })
                {
                    notes.Add($"{series.Metric}: left out {c.Benchmark}: its operations differed within the run ({Text(range.Min)}–{Text(range.Max)})");
                    continue;
                }

                entries.Add(new TrendEntry(c.Benchmark, value.Value, series.Unit, null, How(counted, series.Counter)));
            }

            if (entries.Count > 0)
            {
                files.Add((series, entries));
            }
            else if (!counted.Cases.Any(c => Read(c, series.Counter).Value is not null))
            {
                notes.Add($"{series.Metric}: {NotMeasured(counted, series.Counter)}");
            }
            else
            {
                // Measured, but no case's operations agreed: the series gets no point this run, which is said, not silent.
                notes.Add($"{series.Metric}: no point this run: every case's operations differed within the run");
            }
        }

        return (files, notes);
    }

    private static (double? Value, CounterRange? Range) Read(CaseCounters c, CounterKind counter) => counter switch
    {
        CounterKind.AllocatedBytes => (c.AllocatedBytes, c.AllocatedBytesRange),
        CounterKind.ReadCalls => (c.ReadCalls, c.ReadCallsRange),
        CounterKind.WriteCalls => (c.WriteCalls, c.WriteCallsRange),
        _ => (c.Instructions, null),
    };

    private static string How(CountersFile counted, CounterKind counter) => counter == CounterKind.Instructions
        ? $"per operation: (2N − N operations) / N under callgrind, N = {Text(counted.InstructionOperations)}"
        : $"per operation, over {Text(counted.Operations)} operations, each the same";

    private static string NotMeasured(CountersFile counted, CounterKind counter) =>
        (counter == CounterKind.Instructions ? counted.InstructionsNotMeasured
            : counter == CounterKind.AllocatedBytes ? null
            : counted.SystemCallsNotMeasured) ?? "no case has it";

    private static string Text(long value) => value.ToString("N0", CultureInfo.InvariantCulture);
}
