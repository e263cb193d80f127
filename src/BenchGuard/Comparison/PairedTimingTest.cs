using System.Globalization;
using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.Distributions.DiscreteDistributions;
using Perfolizer.Mathematics.QuantileEstimators;
using Perfolizer.Mathematics.SignificanceTesting;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Pragmastat;
using BenchGuard.Results;

namespace BenchGuard.Comparison;

/// <summary>
/// The A/B verdict: base launch r and head launch r ran next to each other in time, so their ratio cancels the
/// slow drift that makes whole processes differ. The rounds, not the iterations, are the independent units.
/// </summary>
internal static class PairedTimingTest
{
    /// <summary>Decides one benchmark from its launches on both sides, paired by launch index.</summary>
    public static PairedOutcome Decide(
        IReadOnlyList<LaunchValues> baseLaunches,
        IReadOnlyList<LaunchValues> diffLaunches,
        TimeThreshold threshold,
        double noiseNs,
        PairedOptions options)
    {
        var diffByRound = diffLaunches.Where(l => l.Values.Count > 0).ToDictionary(l => l.LaunchIndex);
        var pairs = baseLaunches
            .Where(l => l.Values.Count > 0 && diffByRound.ContainsKey(l.LaunchIndex))
            .OrderBy(l => l.LaunchIndex)
            .Select(l => (Base: Medians.Of(l.Values), Diff: Medians.Of(diffByRound[l.LaunchIndex].Values)))
            .ToList();
        var ratios = pairs.Select(p => p.Diff / p.Base).ToList();
        var baseMedian = Medians.Of(baseLaunches.SelectMany(l => l.Values).ToList());
        var t = threshold.RelativeTo(baseMedian);
        var k = ratios.Count;
        var slowerRounds = ratios.Count(r => r > 1 + t);
        var fasterRounds = ratios.Count(r => r < 1 / (1 + t));

        if (k < Math.Max(2, options.MinRounds) || ratios.Any(r => !double.IsFinite(r)))
        {
            return new PairedOutcome(Verdict.Unknown, options.Rule, k, ratios, double.NaN, double.NaN, double.NaN, t, slowerRounds, fasterRounds, double.NaN, double.NaN,
                $"{k} paired rounds; the paired verdict needs at least {Math.Max(2, options.MinRounds)} (merged A/B results with the same launches on both sides)");
        }

        var sample = new Sample(ratios);
        double median = HarrellDavisQuantileEstimator.Instance.Quantile(sample, Probability.Half);
        var ci = HarrellDavisQuantileEstimator.Instance
            .QuantileConfidenceIntervalEstimator(sample, Probability.Half)
            .ConfidenceInterval(new ConfidenceLevel(options.Confidence));
        var pSlower = AtLeast(k, slowerRounds);
        var pFaster = AtLeast(k, fasterRounds);

        Verdict verdict;
        string? reason = null;
        switch (options.Rule)
        {
            case "sign":
                verdict = pSlower <= options.Alpha ? Verdict.Slower : pFaster <= options.Alpha ? Verdict.Faster : Verdict.Same;
                if (verdict == Verdict.Same && AtLeast(k, k) > options.Alpha)
                {
                    verdict = Verdict.Unknown;
                    reason = $"{k} rounds: a sign test cannot reach p <= {options.Alpha} even if every round agrees";
                }

                break;
            case "ci":
                // Stryker disable once Logical : see mutation-testing.md#paired-rule-bounds
                verdict = !double.IsFinite(ci.Lower) || !double.IsFinite(ci.Upper) ? Verdict.Unknown
                    : ci.Lower > 1 + t ? Verdict.Slower
                    : ci.Upper < 1 / (1 + t) ? Verdict.Faster
                    : Verdict.Same;
                break;
            case "t":
                // Each round's log ratio is one observation of the head's effect; noise multiplies a process's
                // times, so it adds on the log scale. The geometric mean ratio must pass the threshold and a
                // one-sided Student t-test (Perfolizer's) must find it different from 1 at --paired-alpha.
                var logs = new Sample(ratios.Select(r => Math.Log(r)).ToList());
                var moments = Moments.Create(logs);
                var geometricMean = Math.Exp(moments.Mean);
                // Stryker disable once Equality : see mutation-testing.md#paired-rule-bounds
                verdict = !(moments.StandardDeviation > 0) ? Verdict.Unknown
                    : geometricMean > 1 + t && StudentTest.Instance.Run(logs, 0, AlternativeHypothesis.Greater).PValue <= options.Alpha ? Verdict.Slower
                    : geometricMean < 1 / (1 + t) && StudentTest.Instance.Run(logs, 0, AlternativeHypothesis.Less).PValue <= options.Alpha ? Verdict.Faster
                    : Verdict.Same;
                if (verdict == Verdict.Unknown)
                {
                    reason = "the per-round ratios have no spread, so the t-test is undefined";
                }

                break;
            case "rounds-mw":
                // Each round's median is one measurement of its side, the independent unit. Perfolizer's equivalence
                // test (two one-sided Mann-Whitney tests against the threshold) compares the base's and the head's
                // round medians as two samples, and Pragmastat's ratio estimator (the median of every head/base ratio)
                // says by how much. It ignores which rounds ran together: the trials weigh that against the others.
                var baseRounds = TimeThreshold.Nanoseconds(pairs.Select(p => p.Base).ToList());
                var headRounds = TimeThreshold.Nanoseconds(pairs.Select(p => p.Diff).ToList());
                median = Toolkit.Ratio(headRounds, baseRounds).NominalValue;
                if (!PooledTimingTest.CanReject(k, k, options.Alpha))
                {
                    verdict = Verdict.Unknown;
                    reason = $"{k} rounds a side: no Mann-Whitney test of this size can reach p < {options.Alpha}";
                    break;
                }

                verdict = PooledTimingTest.Equivalence(baseRounds, headRounds, threshold, options.Alpha) switch
                {
                    ComparisonResult.Greater => Verdict.Faster,
                    ComparisonResult.Lesser => Verdict.Slower,
                    ComparisonResult.Indistinguishable => Verdict.Same,
                    _ => Verdict.Unknown,
                };
                // Stryker disable once Conditional,String : see mutation-testing.md#unreachable
                reason = verdict == Verdict.Unknown ? "the equivalence test could not decide" : null;
                break;
            default:
                // Stryker disable once Logical,Equality : see mutation-testing.md#paired-rule-bounds
                verdict = !double.IsFinite(ci.Lower) || !double.IsFinite(ci.Upper) ? Verdict.Unknown
                    : median > 1 + t && ci.Lower > 1 ? Verdict.Slower
                    : median < 1 / (1 + t) && ci.Upper < 1 ? Verdict.Faster
                    : median > 1 + t || median < 1 / (1 + t) ? Verdict.Unknown
                    : Verdict.Same;
                if (verdict == Verdict.Unknown && double.IsFinite(ci.Lower) && double.IsFinite(ci.Upper))
                {
                    // The median says changed and its interval does not rule out no change: undecided, never Same.
                    reason = string.Create(CultureInfo.InvariantCulture, $"undecided over {k} rounds: the median ratio {median:0.00} is beyond the threshold, but its {options.Confidence:0%} interval [{ci.Lower:0.00}, {ci.Upper:0.00}] includes 1");
                }

                break;
        }

        if (verdict == Verdict.Unknown && reason is null)
        {
            reason = "the confidence interval of the median ratio could not be computed";
        }

        if (verdict is Verdict.Slower or Verdict.Faster
            && Math.Abs(Medians.Of(diffLaunches.SelectMany(l => l.Values).ToList()) - baseMedian) <= noiseNs)
        {
            verdict = Verdict.Same;
            reason = "within the noise floor";
        }

        return new PairedOutcome(verdict, options.Rule, k, ratios, median, ci.Lower, ci.Upper, t, slowerRounds, fasterRounds, pSlower, pFaster, reason);
    }

    /// <summary>
    /// The fewest paired rounds that can fail the check: where every round agreeing could pass a one-sided sign test
    /// at <paramref name="alpha"/> (5 at 0.05). Fewer rounds cannot tell a slower head from one slow core.
    /// </summary>
    public static int RoundsToFail(double alpha)
    {
        var rounds = 1;
        while (AtLeast(rounds, rounds) > alpha)
        {
            rounds++;
        }

        return rounds;
    }

    // One-sided sign test: the chance of at least `count` of `rounds` fair coin flips.
    // Stryker disable once Conditional,Equality : see mutation-testing.md#same-value
    private static double AtLeast(int rounds, int count) =>
        count <= 0 ? 1.0 : 1.0 - new BinomialDistribution(rounds, Probability.Half).Cdf(count - 1);
}
