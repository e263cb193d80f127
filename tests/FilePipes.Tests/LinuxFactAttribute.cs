namespace FilePipes.Tests;

/// <summary>A fact that needs Linux (FIFOs made with mkfifo, /proc/self/fd); skipped elsewhere with the reason given.</summary>
[AttributeUsage(AttributeTargets.Method)]
internal sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute(string reason)
    {
        if (!OperatingSystem.IsLinux())
        {
            this.Skip = reason;
        }
    }
}
