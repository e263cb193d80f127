using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Pragmastat;
using Pragmastat.Algorithms;

namespace BenchGuard.ChangePoints;

/// <summary>
/// The after/before ratio of two samples with its confidence interval: Pragmastat's ratio estimator (the median of
/// every after/before ratio) and the interval that inverts the Mann-Whitney test (Bauer's: the order statistics of
/// the pairwise log ratios at the test's critical value, taken from Perfolizer's distribution of U and picked by
/// Pragmastat's pairwise-difference quantiles).
/// </summary>
/// <param name="Ratio">After/before.</param>
/// <param name="Lower">The lower bound; 0 when the samples are too small for the level.</param>
/// <param name="Upper">The upper bound; infinity when the samples are too small for the level.</param>
internal readonly record struct RatioInterval(double Ratio, double Lower, double Upper)
{
    /// <summary>True when the interval lies wholly above or wholly below 1.</summary>
    public bool ExcludesOne => this.Lower > 1 || this.Upper < 1;

    /// <summary>
    /// The interval at <paramref name="confidence"/>; each side is cut to its <see cref="ChangePointDefaults.MaxSidePoints"/>
    /// points nearest the step by the caller. Values must be positive (times, throughputs).
    /// </summary>
    public static RatioInterval Of(IReadOnlyList<double> before, IReadOnlyList<double> after, double confidence)
    {
        int n = after.Count, m = before.Count;
        if (n == 0 || m == 0 || before.Any(v => !(v > 0)) || after.Any(v => !(v > 0)))
        {
            return new RatioInterval(double.NaN, double.NaN, double.NaN);
        }

        var ratio = Toolkit.Ratio(new Sample(after.ToArray()), new Sample(before.ToArray())).NominalValue;
        var u = CriticalU(n, m, (1 - confidence) / 2);
        if (u < 0)
        {
            return new RatioInterval(ratio, 0, double.PositiveInfinity);
        }

        // The pairs ordered by log(after) - log(before): the (u+1)-th smallest and the (u+1)-th largest bound the
        // shift every two-sided Mann-Whitney test at this level accepts.
        var last = (double)n * m - 1;
        var bounds = FastShift.Estimate(
            after.Select(v => Math.Log(v)).ToArray(),
            before.Select(v => Math.Log(v)).ToArray(),
            [u / last, (last - u) / last],
            false);
        return new RatioInterval(ratio, Math.Exp(bounds[0]), Math.Exp(bounds[1]));
    }

    // The largest c with P(U <= c) at most alpha; -1 when even U = 0 is likelier. Perfolizer's Cdf(n, m, t) is
    // P(U < t) (checked in ChangePointRatioTests), so c is one below the largest t that passes.
    private static int CriticalU(int n, int m, double alpha)
    {
        IMannWhitneyCdf cdf = n + m <= ChangePointDefaults.MaxExactPoints
            ? MannWhitneyLoefflerExactCdf.Instance
            : MannWhitneyEdgeworthApproxCdf.Instance;
        if (cdf.Cdf(n, m, 1) > alpha)
        {
            return -1;
        }

        int low = 1, high = (n * m / 2) + 1;
        while (low < high)
        {
            var mid = (low + high + 1) / 2;
            if (cdf.Cdf(n, m, mid) <= alpha)
            {
                low = mid;
            }
            else
            {
                high = mid - 1;
            }
        }

        return low - 1;
    }
}
