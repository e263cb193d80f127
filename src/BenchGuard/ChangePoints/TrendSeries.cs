namespace BenchGuard.ChangePoints;

/// <summary>One point of a series: the commit measured, when, and its value.</summary>
/// <param name="Commit">The commit id.</param>
/// <param name="Date">When it was recorded, as the source wrote it (may be empty).</param>
/// <param name="Value">The value.</param>
internal sealed record TrendPoint(string Commit, string Date, double Value);

/// <summary>The history of one benchmark in one suite and unit (a benchmark × OS × metric), oldest first.</summary>
/// <param name="Suite">The suite (github-action-benchmark's entry name, e.g. "FilePipes time (ubuntu-latest)").</param>
/// <param name="Name">The benchmark.</param>
/// <param name="Unit">The unit.</param>
/// <param name="BiggerIsBetter">True for throughput (ops/s): then a smaller value is the regression.</param>
/// <param name="Points">The points, oldest first.</param>
internal sealed record TrendSeries(string Suite, string Name, string Unit, bool BiggerIsBetter, IReadOnlyList<TrendPoint> Points)
{
    /// <summary>The values, oldest first.</summary>
    public double[] Values() => this.Points.Select(p => p.Value).ToArray();
}

/// <summary>A whole data.js: the repository it belongs to and every series in it.</summary>
/// <param name="RepoUrl">The repository's address as the action recorded it (<c>repoUrl</c>); empty when absent.</param>
/// <param name="Series">Every series, in the file's order.</param>
internal sealed record TrendHistory(string RepoUrl, IReadOnlyList<TrendSeries> Series);
