using BenchGuard.Comparison;
using Perfolizer.Mathematics.Cpd;

namespace BenchGuard.ChangePoints;

/// <summary>
/// Finds the steps of a series: Perfolizer's ED-PELT (a nonparametric change-point detector) proposes segments of
/// at least <see cref="ChangePointDefaults.MinSegment"/> points, and a boundary is kept as a step only when its
/// effect is at least <see cref="ChangePointDefaults.MinEffect"/> and the ratio's interval at
/// <see cref="ChangePointDefaults.Confidence"/> excludes 1, or when both segments have no spread at all (a counter).
/// A rejected boundary joins its two segments, and the boundaries beside it are judged again on the joined one.
/// </summary>
internal sealed class StepFinder
{
    private readonly int minSegment;
    private readonly double minEffect;
    private readonly double confidence;

    /// <summary>Creates a finder with the given settings (the defaults: <see cref="ChangePointDefaults"/>).</summary>
    public StepFinder(
        int minSegment = ChangePointDefaults.MinSegment,
        double minEffect = ChangePointDefaults.MinEffect,
        double confidence = ChangePointDefaults.Confidence)
    {
        this.minSegment = minSegment;
        this.minEffect = minEffect;
        this.confidence = confidence;
    }

    /// <summary>The steps of <paramref name="series"/>, oldest first.</summary>
    public IReadOnlyList<Step> Find(TrendSeries series) => this.Find(series.Values(), series.Points);

    /// <summary>The steps of the first <paramref name="count"/> values only: the series as it stood then.</summary>
    public IReadOnlyList<Step> Find(double[] values, IReadOnlyList<TrendPoint> points, int? count = null)
    {
        var n = count ?? values.Length;
        if (n < 2 * this.minSegment)
        {
            return [];
        }

        var data = n == values.Length ? values : values[..n];
        // Perfolizer returns the last index of each segment but the last; a boundary here is the first index after.
        var boundaries = EdPeltChangePointDetector.Instance.GetChangePointIndexes(data, this.minSegment)
            .Select(i => i + 1)
            .ToList();
        while (true)
        {
            var steps = new List<Step>();
            var rejected = new List<int>();
            for (var b = 0; b < boundaries.Count; b++)
            {
                var start = b == 0 ? 0 : boundaries[b - 1];
                var end = b + 1 < boundaries.Count ? boundaries[b + 1] : n;
                if (this.Judge(data, points, start, boundaries[b], end) is { } step)
                {
                    steps.Add(step);
                }
                else
                {
                    rejected.Add(boundaries[b]);
                }
            }

            if (rejected.Count == 0)
            {
                return steps;
            }

            boundaries.RemoveAll(rejected.Contains);
        }
    }

    // The step at `at` between the segment [start, at) and [at, end), or null when it is not one.
    private Step? Judge(double[] data, IReadOnlyList<TrendPoint> points, int start, int at, int end)
    {
        var before = data[start..at];
        var after = data[at..end];
        double medianBefore = Medians.Of(before), medianAfter = Medians.Of(after);
        var deterministic = before.All(v => v == before[0]) && after.All(v => v == after[0]);
        RatioInterval interval;
        if (deterministic)
        {
            if (medianAfter == medianBefore)
            {
                return null;
            }

            var exact = medianAfter / medianBefore;
            interval = new RatioInterval(exact, exact, exact);
        }
        else
        {
            // The points nearest the step: far ones say least about it, and the interval's Mann-Whitney
            // approximation holds only up to a size (ChangePointDefaults.MaxSidePoints).
            var cap = ChangePointDefaults.MaxSidePoints;
            interval = RatioInterval.Of(before[Math.Max(0, before.Length - cap)..], after[..Math.Min(cap, after.Length)], this.confidence);
            var effect = Math.Max(interval.Ratio, 1 / interval.Ratio) - 1;
            if (!(effect >= this.minEffect) || !interval.ExcludesOne)
            {
                return null;
            }
        }

        return new Step(at, points[at].Commit, points[at].Date, medianBefore, medianAfter, interval.Ratio, interval.Lower, interval.Upper, at - start, end - at, deterministic);
    }
}
