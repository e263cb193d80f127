using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.SignificanceTesting;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;
using Pragmastat.Estimators;

namespace BenchGuard.Comparison;

/// <summary>
/// dotnet/performance ResultsComparer's verdict: a Mann-Whitney equivalence test against the threshold, then the same test against the
/// absolute noise floor (a change that is not also a change beyond the noise is Same).
/// </summary>
internal static class PooledTimingTest
{
    private static readonly SimpleEquivalenceTest EquivalenceTest = new(MannWhitneyTest.Instance);

    /// <summary>Decides one benchmark from its two samples (nanoseconds per operation).</summary>
    public static PooledOutcome Decide(IReadOnlyList<double> baseValues, IReadOnlyList<double> diffValues, TimeThreshold threshold, TimeThreshold noise)
    {
        var ratio = Medians.Of(diffValues) / Medians.Of(baseValues);
        if (!CanReject(baseValues.Count, diffValues.Count, SignificanceLevel.P05))
        {
            return new PooledOutcome(Verdict.Unknown, ratio, $"{baseValues.Count} vs {diffValues.Count} values: no Mann-Whitney test of this size can reach p < 0.05");
        }

        var x = TimeThreshold.Nanoseconds(baseValues);
        var y = TimeThreshold.Nanoseconds(diffValues);
        var result = Equivalence(x, y, threshold, SignificanceLevel.P05);
        // Stryker disable once Block,String : see mutation-testing.md#unreachable
        if (result == ComparisonResult.Unknown)
        {
            return new PooledOutcome(Verdict.Unknown, ratio, "the equivalence test could not decide");
        }

        if (result == ComparisonResult.Indistinguishable)
        {
            return new PooledOutcome(Verdict.Same, ratio, null);
        }

        if (Equivalence(x, y, noise, SignificanceLevel.P05) == ComparisonResult.Indistinguishable)
        {
            return new PooledOutcome(Verdict.Same, ratio, $"within the noise floor {noise.Text}");
        }

        // With x = base, Greater means the base takes longer: the diff is faster.
        return new PooledOutcome(result == ComparisonResult.Greater ? Verdict.Faster : Verdict.Slower, ratio, null);
    }

    // Perfolizer's own equivalence test, except where its practical-significance shortcut (a shift ten times the
    // threshold's needs no test) is wrong for us: under a zero threshold it calls any shift a difference, and under a
    // combined one (5%|1ns) it measures against the smallest part. Those keep the shortcut as Perfolizer 0.3 had it,
    // against the largest part and never at zero, on Pragmastat's shift estimator, before the same two tests.
    internal static ComparisonResult Equivalence(Sample x, Sample y, TimeThreshold threshold, SignificanceLevel alpha)
    {
        if (!threshold.IsZero && !threshold.IsCombined)
        {
            return EquivalenceTest.Perform(x, y, threshold.Value, alpha);
        }

        if (x.Size <= 1 && y.Size <= 1)
        {
            return ComparisonResult.Unknown;
        }

        var shift = ShiftEstimator.Instance.Estimate(x, y).NominalValue;
        var allowed = Math.Max(threshold.EffectiveShift(x), threshold.EffectiveShift(y));
        if (allowed > 0 && Math.Abs(shift) > allowed * 10)
        {
            // Stryker disable once Equality : see mutation-testing.md#off-boundary
            return shift > 0 ? ComparisonResult.Greater : ComparisonResult.Lesser;
        }

        return MannWhitneyTest.Instance.GetPValue(x, y, AlternativeHypothesis.Greater, threshold.Value) < alpha ? ComparisonResult.Greater
            : MannWhitneyTest.Instance.GetPValue(y, x, AlternativeHypothesis.Greater, threshold.Value) < alpha ? ComparisonResult.Lesser
            : ComparisonResult.Indistinguishable;
    }

    // The smallest p-value a sample size allows is that of two samples that do not overlap at all; Perfolizer's
    // own Mann-Whitney test computes it. If even that is not significant, Indistinguishable means "too small".
    internal static bool CanReject(int baseCount, int diffCount, SignificanceLevel alpha)
    {
        if (baseCount < 2 || diffCount < 2)
        {
            return false;
        }

        var lower = Enumerable.Range(1, baseCount).Select(i => (double)i).ToArray();
        var upper = Enumerable.Range(baseCount + 1, diffCount).Select(i => (double)i).ToArray();
        var p = MannWhitneyTest.Instance.Perform(new Sample(upper), new Sample(lower), AlternativeHypothesis.Greater, Threshold.Zero).PValue;
        return p < alpha;
    }
}
