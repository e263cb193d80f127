namespace ResultsComparer.Counters;

/// <summary>One case's counters per operation; null where a counter is not measured (the file says why).</summary>
/// <param name="Benchmark">The case's full name, as BenchmarkDotNet's JSON spells it.</param>
/// <param name="AllocatedBytes">Managed bytes allocated per operation.</param>
/// <param name="ReadCalls">Read system calls per operation.</param>
/// <param name="WriteCalls">Write system calls per operation.</param>
/// <param name="Instructions">User-space instructions per operation, under callgrind.</param>
internal sealed record CaseCounters(string Benchmark, double AllocatedBytes, double? ReadCalls, double? WriteCalls, double? Instructions);
