namespace BenchGuard.AB;

/// <summary>Progress lines on stdout, time-stamped; stderr stays for the one line that says why a run failed.</summary>
/// <param name="prefix">What the lines start with.</param>
internal sealed class ProgressLog(string prefix)
{
    /// <summary>Writes one progress line.</summary>
    public void Say(string message) => Console.Out.WriteLine($"[{prefix} {DateTime.UtcNow:HH:mm:ss}] {message}");

    /// <summary>Writes a warning that does not change the exit code (a checkout that could not be removed).</summary>
    public void Warn(string message) => Console.Error.WriteLine($"{prefix}: warning: {InputException.OneLine(message)}");
}
