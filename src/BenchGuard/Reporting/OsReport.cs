using BenchGuard.Output;

namespace BenchGuard.Reporting;

/// <summary>The <c>report --json</c> document: one OS section of the PR comment, for the comment-merging step.</summary>
/// <param name="Schema">Always <see cref="CurrentSchema"/>.</param>
/// <param name="Os">The runner OS.</param>
/// <param name="Headline">The one line for this OS.</param>
/// <param name="Failing">Verdicts that fail the check (A/B timing above the hard limit, allocations, failed benchmarks).</param>
/// <param name="AbStatus">ok, failed (with <paramref name="AbError"/>) or absent.</param>
/// <param name="AbError">Why the A/B step did not produce a result.</param>
/// <param name="Ab">The A/B summary, when it ran.</param>
/// <param name="Baseline">The stored-baseline summary, when compared.</param>
/// <param name="BaselineProvenance">The stored baseline's provenance phrase.</param>
/// <param name="EnvironmentDifferences">How this runner differs from the baseline's machine.</param>
public sealed record OsReport(
    string Schema,
    string Os,
    string Headline,
    int Failing,
    string AbStatus,
    string? AbError,
    CompareJsonSummary? Ab,
    CompareJsonSummary? Baseline,
    string? BaselineProvenance,
    IReadOnlyList<string> EnvironmentDifferences)
{
    /// <summary>The schema marker.</summary>
    public const string CurrentSchema = SchemaName.Prefix + "report/1";

    /// <summary>Gets the deterministic counters' summary, when they were compared.</summary>
    public CountersSummary? Counters { get; init; }

    /// <summary>Gets why the counters were not compared, or null.</summary>
    public string? CountersError { get; init; }

    /// <summary>Gets the tool that made the report (<see cref="ToolVersion.Label"/>); null in a report made before it was recorded.</summary>
    public string? Tool { get; init; }
}

/// <summary>The counters' part of the report's summary.</summary>
/// <param name="Cases">Cases compared.</param>
/// <param name="Moved">Counters that moved beyond their tolerance.</param>
/// <param name="Failing">Moves that fail the check (more bytes or system calls).</param>
public sealed record CountersSummary(int Cases, int Moved, int Failing);
