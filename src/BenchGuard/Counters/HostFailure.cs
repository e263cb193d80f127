using System.Text.RegularExpressions;
using BenchGuard.AB;

namespace BenchGuard.Counters;

/// <summary>
/// One line that says why a counters host run failed: the host's own failure line (the case and its exception), or
/// else the runtime's first words and the case the host was counting, never valgrind's banner.
/// </summary>
internal static partial class HostFailure
{
    /// <summary>What the host writes to standard error before each case of a marked run.</summary>
    public const string CountingPrefix = CountersProtocol.CountingPrefix;

    /// <summary>Describes a failed run.</summary>
    /// <param name="outcome">How the host ended.</param>
    /// <returns>One line, without the log's path.</returns>
    public static string Describe(ChildOutcome outcome)
    {
        var lines = outcome.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Where(line => !ValgrindLine().IsMatch(line))
            .ToList();
        var counting = lines.LastOrDefault(line => line.StartsWith(CountingPrefix, StringComparison.Ordinal))?[CountingPrefix.Length..];
        var said = lines.Where(line => !line.StartsWith(CountingPrefix, StringComparison.Ordinal)).ToList();
        if (said.FirstOrDefault(line => line.StartsWith("counters: ", StringComparison.Ordinal)) is { } own)
        {
            return own;
        }

        // A crash: the runtime's first two lines ("Process terminated." and why), not its stack.
        var what = said.Count > 0 ? string.Join(' ', said.TakeWhile(line => !line.StartsWith("at ", StringComparison.Ordinal)).Take(2))
            : outcome.TimedOut ? "timed out"
            : $"exit code {outcome.ExitCode}";
        return counting is null ? what : $"{what}, while counting {counting}";
    }

    // valgrind's own lines: "==1234== ..." (the tool's banner and summary) and "--1234-- ..." (its warnings).
    [GeneratedRegex(@"^(==|--)\d+(==|--)")]
    private static partial Regex ValgrindLine();
}
