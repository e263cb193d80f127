namespace BenchGuard.ChangePoints;

/// <summary>
/// main's alert rule as github-action-benchmark applies it: a point alerts when it is worse than the previous point
/// of another commit by more than the threshold (value/previous for times, previous/value for throughputs).
/// </summary>
internal static class RatioRule
{
    /// <summary>The indexes of the points that alert, oldest first.</summary>
    public static IReadOnlyList<int> Alerts(TrendSeries series, double threshold = ChangePointDefaults.RatioRuleThreshold)
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
