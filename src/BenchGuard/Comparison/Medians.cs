using Perfolizer.Mathematics.QuantileEstimators;
using Pragmastat;

namespace BenchGuard.Comparison;

/// <summary>The median as BenchmarkDotNet reports it (Perfolizer's simple quantile estimator).</summary>
internal static class Medians
{
    /// <summary>The median of <paramref name="values"/>, or NaN when there are none.</summary>
    public static double Of(IReadOnlyList<double> values) =>
        values.Count == 0 ? double.NaN : SimpleQuantileEstimator.Instance.Quantile(new Sample(values), Probability.Half);
}
