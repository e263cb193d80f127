using Perfolizer;
using Perfolizer.Horology;
using Perfolizer.Metrology;

namespace ResultsComparer.Comparison;

/// <summary>A Perfolizer threshold as given on the command line (<c>5%</c>, <c>0.3ns</c>).</summary>
/// <param name="Value">The parsed threshold.</param>
/// <param name="Text">The text the user gave.</param>
public sealed record TimeThreshold(Threshold Value, string Text)
{
    /// <summary>Parses with <see cref="Threshold.TryParse"/>; an invalid or negative value is bad input.</summary>
    public static TimeThreshold Parse(string option, string text)
    {
        if (!Threshold.TryParse(text, out var threshold) || threshold is null || !(threshold.EffectiveShift(Nanoseconds([1000.0])) >= 0))
        {
            throw new InputException($"invalid {option} '{text}' (expected e.g. 5% or 0.3ns)");
        }

        return new TimeThreshold(threshold, text);
    }

    /// <summary>The threshold as a fraction of <paramref name="baseMedian"/> (how ratio-based rules use it).</summary>
    public double RelativeTo(double baseMedian) =>
        baseMedian > 0 ? this.Value.EffectiveShift(Nanoseconds([baseMedian])) / baseMedian : 0;

    /// <summary>A Perfolizer sample in nanoseconds, the unit an absolute threshold needs.</summary>
    public static Sample Nanoseconds(IReadOnlyList<double> values) => new(values, TimeUnit.Nanosecond);
}
