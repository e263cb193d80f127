namespace BenchGuard.Counters;

/// <summary>The least and the most one operation of a case cost in one counter, within one run.</summary>
/// <param name="Min">The least.</param>
/// <param name="Max">The most.</param>
internal sealed record CounterRange(long Min, long Max)
{
    /// <summary>Gets whether the operations of one run differed: the case's count depends on timing, not only on code.</summary>
    public bool Varies => this.Min != this.Max;
}
