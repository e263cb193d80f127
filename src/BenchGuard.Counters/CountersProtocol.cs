namespace BenchGuard.Counters;

/// <summary>
/// What the counters mode and the tool that runs it (BenchGuard's <c>counters</c> and <c>pr-report</c>) must agree on,
/// defined once: the tool references this assembly for these values.
/// </summary>
public static class CountersProtocol
{
    /// <summary>The argument that selects the counters mode; it comes first on the command line.</summary>
    public const string Switch = "--counters";

    /// <summary>The flag that asks for a marked run under callgrind.</summary>
    public const string MarksSwitch = "--marks";

    /// <summary>The JSON format's version, written into every file.</summary>
    public const int FormatVersion = 1;

    /// <summary>The variable that must turn tiered compilation off in the counting process.</summary>
    public const string TieredCompilationVariable = "DOTNET_TieredCompilation";

    /// <summary>
    /// The variable that must turn the runtime's W^X double mapping off in a marked run. The JIT then writes code
    /// through a second, file-backed mapping, which valgrind does not watch for new code: code memory freed and reused
    /// (reflection's emitted invoke stubs) ran stale translations, which threw NullReferenceException or crashed.
    /// </summary>
    public const string WriteXorExecuteVariable = "DOTNET_EnableWriteXorExecute";

    /// <summary>What a marked run writes to standard error before each case, so a crash names the case it was in.</summary>
    public const string CountingPrefix = "counters: counting ";

    /// <summary>The libc function each mark enters; callgrind is told to dump before it.</summary>
    public const string MarkFunction = "getpgrp";

    /// <summary>Marks per case: before N operations, between them and 2N more, and after those.</summary>
    public const int MarksPerCase = 3;

    /// <summary>Why system calls are not counted where they are not.</summary>
    public const string SystemCallsNotLinux = "not measured: the kernel's per-process system-call counts (/proc/self/io) exist only on Linux";
}
