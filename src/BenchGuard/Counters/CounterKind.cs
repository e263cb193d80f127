namespace BenchGuard.Counters;

/// <summary>The deterministic counters, per operation.</summary>
internal enum CounterKind
{
    /// <summary>Managed bytes allocated.</summary>
    AllocatedBytes,

    /// <summary>Read system calls (Linux).</summary>
    ReadCalls,

    /// <summary>Write system calls (Linux).</summary>
    WriteCalls,

    /// <summary>User-space instructions under callgrind (Linux).</summary>
    Instructions,
}
