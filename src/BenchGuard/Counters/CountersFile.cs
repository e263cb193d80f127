namespace BenchGuard.Counters;

/// <summary>What <c>counters</c> writes: every case's counters per operation, and why a counter was not measured.</summary>
/// <param name="Operations">Operations the allocations and system calls were counted over.</param>
/// <param name="InstructionOperations">N of the callgrind runs: instructions are (count at 2N − count at N) / N.</param>
/// <param name="SystemCallsNotMeasured">Why system calls are missing, or null.</param>
/// <param name="InstructionsNotMeasured">Why instructions are missing, or null.</param>
/// <param name="Cases">The cases.</param>
internal sealed record CountersFile(
    int Operations, int InstructionOperations, string? SystemCallsNotMeasured, string? InstructionsNotMeasured, IReadOnlyList<CaseCounters> Cases);
