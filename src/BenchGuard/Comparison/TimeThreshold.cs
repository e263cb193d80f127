using Perfolizer.Horology;
using Perfolizer.Metrology;
using Pragmastat;
using Pragmastat.Estimators;
using Pragmastat.Metrology;

namespace BenchGuard.Comparison;

/// <summary>A Perfolizer threshold as given on the command line (<c>5%</c>, <c>0.3ns</c>).</summary>
/// <param name="Value">The parsed threshold.</param>
/// <param name="Text">The text the user gave.</param>
public sealed record TimeThreshold(Threshold Value, string Text)
{
    // A slowdown of more than 11 times, or of more than a second per operation, is no threshold but a gate turned
    // off; a typo that large is refused rather than obeyed. The allocation threshold shares the relative limit.
    internal const double MaxRelative = 10;
    private const double MaxAbsoluteSeconds = 1;

    // Perfolizer 0.6's Threshold.EffectiveShift has the opposite sign and, for a threshold of several parts, takes the
    // smallest, so the comparer keeps the parts and asks Perfolizer and Pragmastat for each part's shift itself.
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
            // Stryker disable once Block : see mutation-testing.md#same-error-later
            if (!PerfolizerMeasurementFormatter.Instance.TryParse(part, out var measurement))
            {
                // Stryker disable once Statement : see mutation-testing.md#same-error-later
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

        // Stryker disable once Logical,Block,Statement : see mutation-testing.md#unreachable
        if (!Threshold.TryParse(text, out var threshold) || threshold is null)
        {
            throw Invalid(option, text);
        }

        var parsed = new TimeThreshold(threshold, text) { Parts = parts };
        return parsed.EffectiveShift(Nanoseconds([1000.0])) >= 0 ? parsed : throw Invalid(option, text);
    }

    /// <summary>
    /// The shift this threshold allows on <paramref name="sample"/>, in its unit (Perfolizer 0.3's <c>EffectiveShift</c>):
    /// an absolute part as it is, a relative one as Pragmastat's Hodges-Lehmann shift of the sample scaled by
    /// Perfolizer's <see cref="Threshold.Apply"/> against the sample; the largest part wins.
    /// </summary>
    public double EffectiveShift(Sample sample) =>
        this.Parts
            .Select(part => part.Unit is TimeUnit unit
                ? TimeUnit.Convert(part.NominalValue, unit, (TimeUnit)sample.Unit)
                : ShiftEstimator.Instance.Estimate(Threshold.Apply(sample, part), sample).NominalValue)
            .DefaultIfEmpty(0)
            .Max();

    /// <summary>True when the threshold allows no shift at all (<c>0%</c>, <c>0ns</c>).</summary>
    public bool IsZero => this.EffectiveShift(Nanoseconds([1000.0])) == 0;

    /// <summary>True when the threshold has more than one part (<c>5%|1ns</c>).</summary>
    public bool IsCombined => this.Parts.Count > 1;

    /// <summary>The threshold as a fraction of <paramref name="baseMedian"/> (how ratio-based rules use it).</summary>
    public double RelativeTo(double baseMedian) =>
        baseMedian > 0 ? this.EffectiveShift(Nanoseconds([baseMedian])) / baseMedian : 0;

    /// <summary>A Perfolizer sample in nanoseconds, the unit an absolute threshold needs.</summary>
    public static Sample Nanoseconds(IReadOnlyList<double> values) => new(values, TimeUnit.Nanosecond);

    private static InputException Invalid(string option, string text) => new($"invalid {option} '{text}' (expected e.g. 5% or 0.3ns)");
}
