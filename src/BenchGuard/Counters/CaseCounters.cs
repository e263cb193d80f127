namespace BenchGuard.Counters;

/// <summary>One case's counters per operation; null where a counter is not measured (the file says why).</summary>
/// <param name="Benchmark">The case's full name, as BenchmarkDotNet's JSON spells it.</param>
/// <param name="AllocatedBytes">Managed bytes allocated per operation.</param>
/// <param name="ReadCalls">Read system calls per operation.</param>
/// <param name="WriteCalls">Write system calls per operation.</param>
/// <param name="Instructions">User-space instructions per operation, under callgrind.</param>
internal sealed record CaseCounters(string Benchmark, double AllocatedBytes, double? ReadCalls, double? WriteCalls, double? Instructions)
{
    /// <summary>Gets the bytes of the cheapest and the dearest single operation, when the host said.</summary>
    public CounterRange? AllocatedBytesRange { get; init; }

    /// <summary>Gets the read calls of the cheapest and the dearest single operation, when counted.</summary>
    public CounterRange? ReadCallsRange { get; init; }

    /// <summary>Gets the write calls of the cheapest and the dearest single operation, when counted.</summary>
    public CounterRange? WriteCallsRange { get; init; }
}
