namespace BenchGuard.Counters;

/// <summary>The least and the most one operation of a case cost in one counter.</summary>
/// <param name="Min">The least.</param>
/// <param name="Max">The most.</param>
internal readonly record struct OperationRange(long Min, long Max)
{
    /// <summary>The range of one value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>The range.</returns>
    public static OperationRange Of(long value) => new(value, value);

    /// <summary>The range widened to take <paramref name="value"/> in.</summary>
    /// <param name="value">The value.</param>
    /// <returns>The wider range.</returns>
    public OperationRange With(long value) => new(Math.Min(this.Min, value), Math.Max(this.Max, value));
}
