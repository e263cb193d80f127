namespace BenchGuard.Counters;

/// <summary>The process's running totals at one moment; system calls are null where they are not counted.</summary>
/// <param name="AllocatedBytes">Bytes allocated on the managed heap so far, by every thread.</param>
/// <param name="ReadCalls">Read system calls so far, or null.</param>
/// <param name="WriteCalls">Write system calls so far, or null.</param>
internal readonly record struct CounterReading(long AllocatedBytes, long? ReadCalls, long? WriteCalls)
{
    /// <summary>What happened between <paramref name="before"/> and <paramref name="after"/>.</summary>
    /// <param name="after">The later reading.</param>
    /// <param name="before">The earlier reading.</param>
    /// <returns>The difference.</returns>
    public static CounterReading operator -(CounterReading after, CounterReading before) =>
        new(after.AllocatedBytes - before.AllocatedBytes, after.ReadCalls - before.ReadCalls, after.WriteCalls - before.WriteCalls);
}
