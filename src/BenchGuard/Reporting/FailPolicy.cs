using System.Globalization;
using BenchGuard.Comparison;
using BenchGuard.Counters;
using BenchGuard.Output;

namespace BenchGuard.Reporting;

/// <summary>
/// What fails one OS report's check, as its comparisons applied it: the OS section's footer. Built from the settings
/// the comparisons ran with and from <see cref="CounterPolicy"/>, so the sentence cannot drift from the verdict.
/// </summary>
/// <param name="AbCompared">Whether the A/B comparison (head vs base on this runner) ran.</param>
/// <param name="GatedCounters">The counters whose increase fails, or null when the counters did not run.</param>
/// <param name="CounterTolerance">How far a gated counter may rise per operation before it counts.</param>
/// <param name="InstructionTolerance">How far instructions may move, as a fraction of the base, before they are reported.</param>
/// <param name="AbAllocation">BenchmarkDotNet's bytes per operation, head vs base, where the counters did not run.</param>
/// <param name="BaselineAllocation">Bytes per operation vs the stored baseline, or null when that comparison did not run.</param>
/// <param name="TimingFailThreshold">The A/B timing's hard limit, or null when no timing fails.</param>
/// <param name="TimingFailRounds">The fewest paired rounds a timing failure needs, or null for the pooled verdict.</param>
internal sealed record FailPolicy(
    bool AbCompared,
    IReadOnlyList<CounterKind>? GatedCounters,
    double CounterTolerance,
    double InstructionTolerance,
    AllocationThreshold? AbAllocation,
    AllocationThreshold? BaselineAllocation,
    string? TimingFailThreshold,
    int? TimingFailRounds)
{
    /// <summary>The policy a report applies to these comparisons.</summary>
    /// <param name="ab">The A/B comparison, if it ran.</param>
    /// <param name="baseline">The stored-baseline comparison, if it ran.</param>
    /// <param name="countersRan">Whether the counters were compared; their bytes then replace BenchmarkDotNet's in the A/B.</param>
    /// <returns>The policy.</returns>
    public static FailPolicy Of(CompareJson? ab, CompareJson? baseline, bool countersRan) => new(
        ab is not null,
        countersRan ? Enum.GetValues<CounterKind>().Where(CounterPolicy.IncreaseFails).ToList() : null,
        CounterPolicy.ExactTolerance,
        CounterPolicy.InstructionTolerance,
        ab is not null && !countersRan ? AllocationThreshold.Parse(ab.Options.AllocThreshold) : null,
        baseline is null ? null : AllocationThreshold.Parse(baseline.Options.AllocThreshold),
        ab?.Options.FailThreshold,
        ab?.Options.Paired is { } paired ? PairedTimingTest.RoundsToFail(paired.Alpha) : null);

    /// <summary>The footer: one paragraph.</summary>
    /// <returns>Markdown, without a line end.</returns>
    public string Markdown()
    {
        var fails = new List<string>();
        if (this.AbCompared || this.BaselineAllocation is not null)
        {
            fails.Add("a benchmark that throws in the head");
        }

        if (this.GatedCounters is { Count: > 0 } gated)
        {
            fails.Add($"{Join(gated.Select(CountersMarkdown.Label), "or")} per operation, counted head vs base: {Increase(this.CounterTolerance)} "
                + "(each where measured; a case whose operations differ within a run is only reported)");
        }

        if (this.AbAllocation is { } ab)
        {
            fails.Add($"BenchmarkDotNet's bytes allocated per operation, head vs base, as the counters did not run: {Increase(ab, "the base")}");
        }

        if (this.BaselineAllocation is { } stored)
        {
            fails.Add($"bytes allocated per operation vs the stored baseline, for entries measured on a GitHub runner: {Increase(stored, "it")}");
        }

        if (this.TimingFailThreshold is { } limit)
        {
            var rounds = this.TimingFailRounds is { } n ? $", over at least {n} paired rounds" : string.Empty;
            fails.Add($"A/B timing: Slower by more than {MarkdownText.Escape(limit)}{rounds}");
        }

        var reported = new List<string>();
        if (this.GatedCounters is not null)
        {
            // As CounterPolicy.Tolerance: instructions move relative to the base, the other counters by the exact bound.
            reported.AddRange(Enum.GetValues<CounterKind>().Where(k => !this.GatedCounters.Contains(k)).Select(k =>
                $"{CountersMarkdown.Label(k)} ({(k == CounterKind.Instructions ? $"beyond ±{Percent(this.InstructionTolerance)}" : Increase(this.CounterTolerance))})"));
        }

        if (this.AbCompared)
        {
            reported.Add(this.TimingFailThreshold is null ? "A/B timing" : "smaller A/B timing changes");
        }

        if (this.BaselineAllocation is not null)
        {
            reported.Add("timing vs the stored baseline");
        }

        var text = $"**What fails this check:** {(fails.Count > 0 ? string.Join("; ", fails) : "nothing, as no comparison ran")}.";
        return reported.Count > 0 ? $"{text} Reported, never failed: {Join(reported, "and")}." : text;
    }

    private static string Increase(double tolerance) =>
        tolerance < 1 ? "any increase" : $"an increase of more than {tolerance.ToString("0.##", CultureInfo.InvariantCulture)}";

    private static string Increase(AllocationThreshold threshold, string reference) =>
        threshold.Value == 0 ? "any increase"
        : $"more than {(threshold.Relative ? Percent(threshold.Value) : MarkdownText.Escape(threshold.Text))} above {reference}";

    private static string Percent(double fraction) => $"{(fraction * 100).ToString("0.##", CultureInfo.InvariantCulture)}%";

    private static string Join(IEnumerable<string> items, string conjunction)
    {
        var list = items.ToList();
        return list.Count <= 1 ? string.Concat(list) : $"{string.Join(", ", list[..^1])} {conjunction} {list[^1]}";
    }
}
