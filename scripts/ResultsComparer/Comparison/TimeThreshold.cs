using Perfolizer.Horology;
using Perfolizer.Mathematics.QuantileEstimators;
using Perfolizer.Metrology;
using Pragmastat;
using Pragmastat.Metrology;

namespace ResultsComparer.Comparison;

/// <summary>A Perfolizer threshold as given on the command line (<c>5%</c>, <c>0.3ns</c>).</summary>
/// <param name="Value">The parsed threshold.</param>
/// <param name="Text">The text the user gave.</param>
public sealed record TimeThreshold(Threshold Value, string Text)
{
    // A slowdown of more than 11 times, or of more than a second per operation, is no threshold but a gate turned
    // off; a typo that large is refused rather than obeyed.
    private const double MaxRelative = 10;
    private const double MaxAbsoluteSeconds = 1;

    // Perfolizer 0.6 flipped the sign of Threshold.EffectiveShift, so the comparer keeps the parts and computes the
    // shift as Perfolizer 0.3 did: the verdicts must not move with a library upgrade.
    private IReadOnlyList<Measurement> Parts { get; init; } = [];

    /// <summary>
    /// Parses with <see cref="Threshold.TryParse"/>; a threshold that allows a negative shift, or one without a unit
    /// that applies to times (a bare number, a size, a frequency), is bad input.
    /// </summary>
    public static TimeThreshold Parse(string option, string text)
    {
        var parts = new List<Measurement>();
        foreach (var part in text.Split('|'))
        {
            if (!PerfolizerMeasurementFormatter.Instance.TryParse(part, out var measurement))
            {
                throw Invalid(option, text);
            }

            // Perfolizer reads "5" as 5 ns; as a gate that is almost always a percentage missing its sign.
            if (measurement.Unit is NumberUnit)
            {
                throw new InputException($"invalid {option} '{text}': a bare number has no unit; write {part}% for a percentage or {part}ns for nanoseconds");
            }

            if (measurement.Unit is not (TimeUnit or PercentUnit or RatioUnit))
            {
                throw Invalid(option, text);
            }

            // Infinity (or 1e400, which parses as infinity) would switch the gate off without a word.
            var value = measurement.NominalValue;
            var limit = measurement.Unit switch
            {
                TimeUnit unit => TimeUnit.Convert(value, unit, TimeUnit.Second) <= MaxAbsoluteSeconds,
                PercentUnit => value <= MaxRelative * 100,
                _ => value <= MaxRelative,
            };
            if (!double.IsFinite(value) || !limit)
            {
                throw new InputException($"invalid {option} '{text}': {part} is out of range (at most {MaxRelative * 100}% or {MaxAbsoluteSeconds} s)");
            }

            parts.Add(measurement);
        }

        if (!Threshold.TryParse(text, out var threshold) || threshold is null)
        {
            throw Invalid(option, text);
        }

        var parsed = new TimeThreshold(threshold, text) { Parts = parts };
        return parsed.EffectiveShift(Nanoseconds([1000.0])) >= 0 ? parsed : throw Invalid(option, text);
    }

    /// <summary>
    /// The shift this threshold allows on <paramref name="sample"/>, in its unit (Perfolizer 0.3's
    /// <c>EffectiveShift</c>): an absolute part as it is, a relative one as the Hodges-Lehmann shift of the scaled
    /// sample against the sample; the largest part wins.
    /// </summary>
    public double EffectiveShift(Sample sample) =>
        this.Parts
            .Select(part => part.Unit switch
            {
                TimeUnit unit => TimeUnit.Convert(part.NominalValue, unit, (TimeUnit)sample.Unit),
                PercentUnit => HodgesLehmannShift(Scaled(sample, 1.0 + (part.NominalValue / 100.0)), sample),
                _ => HodgesLehmannShift(Scaled(sample, part.NominalValue), sample),
            })
            .DefaultIfEmpty(0)
            .Max();

    /// <summary>The threshold as a fraction of <paramref name="baseMedian"/> (how ratio-based rules use it).</summary>
    public double RelativeTo(double baseMedian) =>
        baseMedian > 0 ? this.EffectiveShift(Nanoseconds([baseMedian])) / baseMedian : 0;

    /// <summary>A Perfolizer sample in nanoseconds, the unit an absolute threshold needs.</summary>
    public static Sample Nanoseconds(IReadOnlyList<double> values) => new(values, TimeUnit.Nanosecond);

    /// <summary>The Hodges-Lehmann shift of <paramref name="x"/> against <paramref name="y"/>: the median of all x - y.</summary>
    public static double HodgesLehmannShift(Sample x, Sample y)
    {
        var differences = x.Values.SelectMany(xi => y.Values.Select(yj => xi - yj)).ToArray();
        return SimpleQuantileEstimator.Instance.Quantile(new Sample(differences), Probability.Half);
    }

    private static Sample Scaled(Sample sample, double ratio) => new(sample.Values.Select(x => x * ratio).ToArray(), sample.Unit);

    private static InputException Invalid(string option, string text) => new($"invalid {option} '{text}' (expected e.g. 5% or 0.3ns)");
}
