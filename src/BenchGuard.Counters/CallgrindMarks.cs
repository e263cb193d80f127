using System.Runtime.InteropServices;

namespace BenchGuard.Counters;

/// <summary>
/// Marks where callgrind cuts its counts. Callgrind's client requests cannot be issued from .NET, but callgrind can
/// dump at the entry of a named native function: each mark enters libc's <c>getpgrp</c>, and the tool runs callgrind
/// with <c>--dump-before=getpgrp</c>, so the instructions between two marks become one dump of their own. No native
/// library of the .NET 10 runtime imports <c>getpgrp</c> (<c>nm -D --undefined-only</c>), so only marks enter it; the
/// tool also checks that the number of dumps is the number of marks.
/// </summary>
internal static class CallgrindMarks
{
    /// <summary>Makes one mark.</summary>
    public static void Mark() => _ = GetProcessGroup();

    [DllImport("libc", EntryPoint = CountersProtocol.MarkFunction)]
    [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
    private static extern int GetProcessGroup();
}
