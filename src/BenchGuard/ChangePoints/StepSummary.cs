using System.Text.Json.Serialization;

namespace BenchGuard.ChangePoints;

/// <summary>
/// The small summary of main's trend that the page draws first (gh-pages' <c>dev/bench/steps.json</c>): every series'
/// newest point and every step, the withdrawn ones included, so that the page needs the whole history only for a chart.
/// </summary>
/// <param name="Schema">The format's version (<see cref="CurrentSchema"/>).</param>
/// <param name="Tool">The tool that wrote it (<see cref="Output.ToolVersion.Label"/>).</param>
/// <param name="RepoUrl">The repository's address as data.js has it (for links to commits); empty when absent.</param>
/// <param name="Policy">The finder's settings the steps were found with, for the page to state.</param>
/// <param name="Series">Every series of the history, in data.js' order.</param>
/// <param name="Steps">Every step, active or withdrawn, by series and then oldest first.</param>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record StepSummary(int Schema, string Tool, string RepoUrl, StepPolicy Policy, IReadOnlyList<SummarySeries> Series, IReadOnlyList<SummaryStep> Steps)
{
    /// <summary>The version of the format this tool writes and reads.</summary>
    public const int CurrentSchema = 1;
}

/// <summary>The settings of the finder (<see cref="ChangePointDefaults"/>), written so the page restates none.</summary>
/// <param name="MinSegment">The fewest points a side of a step has.</param>
/// <param name="MinEffect">The smallest effect reported.</param>
/// <param name="Confidence">The level of the ratio's interval.</param>
/// <param name="SameStepDistance">How near (in points) a step found again must be to keep its identity.</param>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record StepPolicy(int MinSegment, double MinEffect, double Confidence, int SameStepDistance);

/// <summary>One series (a benchmark × suite × unit) and its newest point.</summary>
/// <param name="Suite">github-action-benchmark's suite name.</param>
/// <param name="Os">The OS the suite name carries ("FilePipes time (ubuntu-latest)": ubuntu-latest); empty if none.</param>
/// <param name="Metric">The metric the suite name carries (time); empty if none.</param>
/// <param name="Benchmark">The benchmark's name.</param>
/// <param name="Unit">The unit.</param>
/// <param name="BiggerIsBetter">True for throughputs.</param>
/// <param name="Points">How many points the history holds.</param>
/// <param name="Latest">The newest point.</param>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record SummarySeries(string Suite, string Os, string Metric, string Benchmark, string Unit, bool BiggerIsBetter, int Points, SummaryPoint Latest);

/// <summary>A point of the history: a commit, its date, and the value there (absent for a mere moment in time).</summary>
/// <param name="Commit">The commit id.</param>
/// <param name="Date">Its date as data.js gives it (ISO 8601 UTC, or empty).</param>
/// <param name="Value">The value, where one belongs.</param>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record SummaryPoint(string Commit, string Date, double? Value = null);

/// <summary>Which way a step went, for the reader: a regression is worse (slower, more bytes, fewer ops/s).</summary>
internal enum StepKind
{
    /// <summary>Worse after the step.</summary>
    [JsonStringEnumMemberName("regression")]
    Regression,

    /// <summary>Better after the step.</summary>
    [JsonStringEnumMemberName("improvement")]
    Improvement,
}

/// <summary>Whether the newest history still supports a step.</summary>
internal enum StepState
{
    /// <summary>Found in the newest history.</summary>
    [JsonStringEnumMemberName("active")]
    Active,

    /// <summary>Listed before, no longer found with more data.</summary>
    [JsonStringEnumMemberName("withdrawn")]
    Withdrawn,
}

/// <summary>The same-runner A/B's word on a step; the summary carries it from run to run.</summary>
internal enum StepConfirmation
{
    /// <summary>Not re-measured (yet).</summary>
    [JsonStringEnumMemberName("unconfirmed")]
    Unconfirmed,

    /// <summary>The A/B of the step's commit against its parent found the change.</summary>
    [JsonStringEnumMemberName("confirmed")]
    Confirmed,

    /// <summary>The A/B did not find it.</summary>
    [JsonStringEnumMemberName("not-confirmed")]
    NotConfirmed,
}

/// <summary>One step of one series as the summary keeps it.</summary>
/// <param name="Id">Its identity, kept while it is found again near the same commit.</param>
/// <param name="Suite">The series' suite.</param>
/// <param name="Os">The suite's OS.</param>
/// <param name="Metric">The suite's metric.</param>
/// <param name="Benchmark">The series' benchmark.</param>
/// <param name="Unit">The series' unit.</param>
/// <param name="Kind">Regression or improvement.</param>
/// <param name="State">Active or withdrawn.</param>
/// <param name="Commit">The first commit after the step.</param>
/// <param name="Date">That commit's date.</param>
/// <param name="MedianBefore">The median of the segment before.</param>
/// <param name="MedianAfter">The median of the segment after.</param>
/// <param name="Ratio">After/before; null when not finite (a counter growing from 0).</param>
/// <param name="Lower">The ratio's lower bound; null when not finite.</param>
/// <param name="Upper">The ratio's upper bound; null when not finite.</param>
/// <param name="PointsBefore">The points of the segment before.</param>
/// <param name="PointsAfter">The points of the segment after.</param>
/// <param name="Deterministic">True for a counter's exact step.</param>
/// <param name="FirstSeen">The series' newest point when the step was first found.</param>
/// <param name="Withdrawn">The series' newest point when the step was no longer found; null while active.</param>
/// <param name="Confirmation">The A/B's word.</param>
/// <param name="Base">
/// The commit of the series' point before the step: the A/B's base, since one push to main may bring several commits;
/// null in a summary written before it was kept (the A/B then takes the commit's parent).
/// </param>
/// <param name="Bisect">
/// Where a confirmed regression is looked for when the A/B's range held several commits; null otherwise. Once its
/// <see cref="BisectRange.Commits"/> is 1, <see cref="BisectRange.Bad"/> is the commit that brought it.
/// </param>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record SummaryStep(
    string Id,
    string Suite,
    string Os,
    string Metric,
    string Benchmark,
    string Unit,
    StepKind Kind,
    StepState State,
    string Commit,
    string Date,
    double MedianBefore,
    double MedianAfter,
    double? Ratio,
    double? Lower,
    double? Upper,
    int PointsBefore,
    int PointsAfter,
    bool Deterministic,
    SummaryPoint FirstSeen,
    SummaryPoint? Withdrawn,
    StepConfirmation Confirmation,
    string? Base = null,
    BisectRange? Bisect = null);

/// <summary>The commits a confirmed regression is known to lie in, narrowed by one A/B per run, as asv's find does.</summary>
/// <param name="Good">The newest commit known without the regression.</param>
/// <param name="Bad">The oldest commit known with it.</param>
/// <param name="Commits">The first-parent commits after <paramref name="Good"/> up to <paramref name="Bad"/>.</param>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record BisectRange(string Good, string Bad, int Commits);
