using System.Globalization;
using BenchGuard.Comparison;

namespace BenchGuard.ChangePoints;

/// <summary>
/// main's alert rule as github-action-benchmark applies it: a point alerts when it is worse than the previous point
/// of another commit by more than the threshold (value/previous for times, previous/value for throughputs).
/// </summary>
internal static class RatioRule
{
    /// <summary>Gets main's threshold (<see cref="VerdictDefaults.TrendAlertThreshold"/>, "130%") as a ratio.</summary>
    public static double MainThreshold { get; } =
        double.Parse(VerdictDefaults.TrendAlertThreshold.TrimEnd('%'), CultureInfo.InvariantCulture) / 100;

    /// <summary>The indexes of the points that alert at main's threshold, oldest first.</summary>
    public static IReadOnlyList<int> Alerts(TrendSeries series) => Alerts(series, MainThreshold);

    /// <summary>The indexes of the points that alert, oldest first.</summary>
    public static IReadOnlyList<int> Alerts(TrendSeries series, double threshold)
    {
        var alerts = new List<int>();
        var points = series.Points;
        for (var i = 1; i < points.Count; i++)
        {
            var previous = i - 1;
            while (previous >= 0 && points[previous].Commit == points[i].Commit)
            {
                previous--;
            }

            if (previous < 0)
            {
                continue;
            }

            var ratio = series.BiggerIsBetter ? points[previous].Value / points[i].Value : points[i].Value / points[previous].Value;
            if (ratio > threshold)
            {
                alerts.Add(i);
            }
        }

        return alerts;
    }
}
