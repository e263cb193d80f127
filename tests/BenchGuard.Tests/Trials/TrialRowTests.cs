using BenchGuard.Comparison;
using BenchGuard.Trials;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// How one cell of the trials table is counted: only decided comparisons count (New, Missing and Failed do not), a
/// suite run is flagged when any of its comparisons is, Unknown is counted apart; on A/A Slower and Faster are false
/// alarms, on a slowed level only Slower is a catch.
/// </summary>
public sealed class TrialRowTests
{
    [Theory]
    [InlineData("A/A", Verdict.Slower, true)]
    [InlineData("A/A", Verdict.Faster, true)]
    [InlineData("A/A", Verdict.Same, false)]
    [InlineData("A/A", Verdict.Unknown, false)]
    [InlineData("+20%", Verdict.Slower, true)]
    [InlineData("+20%", Verdict.Faster, false)]
    [InlineData("+20%", Verdict.Same, false)]
    public void WhatIsFlaggedDependsOnTheLevel(string level, Verdict verdict, bool flagged) =>
        Assert.Equal(flagged, TrialRow.IsFlagged(level, verdict));

    [Fact]
    public void OnlyDecidedComparisonsCountAndARunIsFlaggedByAnyOfThem()
    {
        Verdict[][] trials =
        [
            [Verdict.Slower, Verdict.Same, Verdict.New],
            [Verdict.Same, Verdict.Unknown, Verdict.Missing],
            [Verdict.New, Verdict.Missing, Verdict.Failed],
            [Verdict.Slower, Verdict.Slower],
            [],
        ];

        var row = TrialRow.Tally("A/B, 6 rounds", "paired sign", "5%", "+20%", trials);

        // Decided: 2 + 2 + 0 + 2; the third and last trials decide nothing and are no runs.
        Assert.Equal(new TrialRow("A/B, 6 rounds", "paired sign", "5%", "+20%", Comparisons: 6, Flagged: 3, Runs: 3, RunsFlagged: 2, Unknown: 1), row);
    }

    [Fact]
    public void OnAaFasterIsAFalseAlarmToo()
    {
        var row = TrialRow.Tally("m", "v", "5%", "A/A", [[Verdict.Faster, Verdict.Same], [Verdict.Same], [Verdict.Unknown, Verdict.Unknown]]);

        Assert.Equal((4 + 1, 1, 3, 1, 2), (row.Comparisons, row.Flagged, row.Runs, row.RunsFlagged, row.Unknown));
    }
}
