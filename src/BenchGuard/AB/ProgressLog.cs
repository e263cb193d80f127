namespace BenchGuard.AB;

/// <summary>Progress lines on stdout, time-stamped; stderr stays for the one line that says why a run failed.</summary>
/// <param name="prefix">What the lines start with.</param>
internal sealed class ProgressLog(string prefix)
{
    /// <summary>Writes one progress line.</summary>
    public void Say(string message) => Console.Out.WriteLine($"[{prefix} {DateTime.UtcNow:HH:mm:ss}] {message}");

    /// <summary>How far a run of <paramref name="total"/> steps is after <paramref name="done"/> took <paramref name="elapsed"/>.</summary>
    /// <returns>"3 of 40, 1m05s so far, about 13m00s left"; no estimate before the first step is done.</returns>
    public static string Pace(int done, int total, TimeSpan elapsed)
    {
        var text = $"{done + 1} of {total}";
        return done == 0 ? text
            : $"{text}, {Duration(elapsed)} so far, about {Duration(elapsed / done * (total - done))} left";
    }

    /// <summary>A duration as a person reads it: 45s, 3m05s, 1h02m.</summary>
    public static string Duration(TimeSpan span) =>
        span.TotalHours >= 1 ? $"{(int)span.TotalHours}h{span.Minutes:00}m"
        : span.TotalMinutes >= 1 ? $"{(int)span.TotalMinutes}m{span.Seconds:00}s"
        : $"{(int)Math.Round(span.TotalSeconds)}s";

    /// <summary>Writes a warning that does not change the exit code (a checkout that could not be removed).</summary>
    public void Warn(string message) => Console.Error.WriteLine($"{prefix}: warning: {InputException.OneLine(message)}");
}
