namespace BenchGuard.AB;

/// <summary>How one child process ended.</summary>
/// <param name="ExitCode">Its exit code; -1 when it was killed at its time limit.</param>
/// <param name="TimedOut">True when it ran past its time limit and its process tree was killed.</param>
/// <param name="Output">Its standard output, lines joined with LF whatever the child wrote.</param>
/// <param name="Error">Its standard error, likewise.</param>
/// <param name="Elapsed">How long it ran.</param>
internal sealed record ChildOutcome(int ExitCode, bool TimedOut, string Output, string Error, TimeSpan Elapsed)
{
    /// <summary>True when it exited 0 in time.</summary>
    public bool Succeeded => this.ExitCode == 0 && !this.TimedOut;

    /// <summary>The first non-empty line of standard error, for one-line messages.</summary>
    public string FirstErrorLine =>
        this.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).FirstOrDefault()
        ?? (this.TimedOut ? "timed out" : $"exit code {this.ExitCode}");
}
