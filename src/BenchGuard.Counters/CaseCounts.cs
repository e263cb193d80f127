namespace BenchGuard.Counters;

/// <summary>What one case's counted operations cost in total, and the least and most of a single operation.</summary>
/// <param name="Benchmark">The case's full name, as BenchmarkDotNet's JSON spells it.</param>
/// <param name="AllocatedBytes">Managed bytes allocated.</param>
/// <param name="ReadCalls">Read system calls, or null where not counted.</param>
/// <param name="WriteCalls">Write system calls, or null where not counted.</param>
/// <param name="AllocatedBytesPerOperation">The bytes of the cheapest and of the dearest operation.</param>
/// <param name="ReadCallsPerOperation">The read calls of the cheapest and dearest operation, or null.</param>
/// <param name="WriteCallsPerOperation">The write calls of the cheapest and dearest operation, or null.</param>
internal sealed record CaseCounts(
    string Benchmark,
    long AllocatedBytes,
    long? ReadCalls,
    long? WriteCalls,
    OperationRange AllocatedBytesPerOperation,
    OperationRange? ReadCallsPerOperation,
    OperationRange? WriteCallsPerOperation);
