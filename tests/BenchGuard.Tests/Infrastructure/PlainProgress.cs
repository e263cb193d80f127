using System.Runtime.CompilerServices;

namespace BenchGuard.Tests.Infrastructure;

/// <summary>Progress as plain lines in every test, also when the test program itself is started on a terminal.</summary>
internal static class PlainProgress
{
    // The tests read the commands' progress lines; on a terminal those would be a status line redrawn in place.
    [ModuleInitializer]
    internal static void Set() => Environment.SetEnvironmentVariable("TERM", "dumb");
}
