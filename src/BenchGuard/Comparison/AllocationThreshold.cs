using System.Globalization;

namespace BenchGuard.Comparison;

/// <summary>How many more bytes per operation are tolerated: absolute (<c>0B</c>, <c>64B</c>, <c>1KB</c>) or relative (<c>1%</c>).</summary>
/// <param name="Value">Bytes, or a fraction when <paramref name="Relative"/>.</param>
/// <param name="Relative">True for a percentage of the base.</param>
/// <param name="Text">The text the user gave.</param>
public sealed record AllocationThreshold(double Value, bool Relative, string Text)
{
    /// <summary>The default: any increase is a regression.</summary>
    public static readonly AllocationThreshold Zero = new(0, false, "0B");

    // As for timing (TimeThreshold): more than 11 times the base, or more than a gibibyte per operation, is no
    // tolerance but the gate switched off, so a typo that large is refused rather than obeyed.
    private const double MaxBytes = 1024 * 1024 * 1024;

    /// <summary>Parses the option value; anything else, or a tolerance past the limits, is bad input.</summary>
    public static AllocationThreshold Parse(string text)
    {
        var units = new (string Suffix, double Scale, bool Relative)[] { ("%", 0.01, true), ("KB", 1024, false), ("MB", 1024 * 1024, false), ("B", 1, false) };
        foreach (var (suffix, scale, relative) in units)
        {
            if (text.EndsWith(suffix, StringComparison.OrdinalIgnoreCase)
                && double.TryParse(text[..^suffix.Length], NumberStyles.Float, CultureInfo.InvariantCulture, out var number)
                && number >= 0 && double.IsFinite(number * scale))
            {
                // A percentage is checked as written: 1000 × 0.01 need not be exactly 10 in binary.
                var inRange = relative ? number <= TimeThreshold.MaxRelative * 100 : number * scale <= MaxBytes;
                return inRange
                    ? new AllocationThreshold(number * scale, relative, text)
                    : throw new InputException(
                        $"invalid allocation threshold '{text}': out of range (at most {TimeThreshold.MaxRelative * 100}% or {MaxBytes / (1024 * 1024)}MB)");
            }
        }

        throw new InputException($"invalid allocation threshold '{text}' (expected e.g. 0B, 64B, 1KB or 1%)");
    }

    /// <summary>The allocation verdict for a pair of figures.</summary>
    public AllocationVerdict Judge(long? baseBytes, long? diffBytes)
    {
        if (baseBytes is not { } b || diffBytes is not { } d)
        {
            return AllocationVerdict.NotMeasured;
        }

        var allowed = this.Relative ? b * this.Value : this.Value;
        return d - b > allowed ? AllocationVerdict.Regression : d < b ? AllocationVerdict.Improvement : AllocationVerdict.Same;
    }
}
