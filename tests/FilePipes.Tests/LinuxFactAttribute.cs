using System.Runtime.CompilerServices;

namespace FilePipes.Tests;

/// <summary>A fact that needs Linux (FIFOs made with mkfifo, /proc/self/fd); skipped elsewhere with the reason given.</summary>
[AttributeUsage(AttributeTargets.Method)]
internal sealed class LinuxFactAttribute : FactAttribute
{
    // xunit v3 reports a test's source location from the caller's file and line (rule xUnit3003).
    public LinuxFactAttribute(string reason, [CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        if (!OperatingSystem.IsLinux())
        {
            this.Skip = reason;
        }
    }
}
