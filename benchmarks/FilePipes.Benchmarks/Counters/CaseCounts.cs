namespace FilePipes.Benchmarks.Counters;

/// <summary>What one case's counted operations cost in total.</summary>
/// <param name="Benchmark">The case's full name, as BenchmarkDotNet's JSON spells it.</param>
/// <param name="AllocatedBytes">Managed bytes allocated.</param>
/// <param name="ReadCalls">Read system calls, or null where not counted.</param>
/// <param name="WriteCalls">Write system calls, or null where not counted.</param>
internal sealed record CaseCounts(string Benchmark, long AllocatedBytes, long? ReadCalls, long? WriteCalls);
