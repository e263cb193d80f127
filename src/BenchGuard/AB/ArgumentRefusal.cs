namespace BenchGuard.AB;

/// <summary>
/// BenchmarkDotNet's answer to a command line it does not take: "ERROR(S):", the error, then its help, and exit
/// code 0. A plain BenchmarkSwitcher program answers so to a --profile or --counters it has no use for.
/// </summary>
internal static class ArgumentRefusal
{
    /// <summary>The error BenchmarkDotNet printed after "ERROR(S):" in <paramref name="output"/>, or null when it printed none.</summary>
    public static string? Find(string output)
    {
        var lines = output.Split('\n', StringSplitOptions.TrimEntries);
        var errors = Array.IndexOf(lines, "ERROR(S):");
        return errors < 0 ? null : lines.Skip(errors + 1).FirstOrDefault(line => line.Length > 0) ?? "(no error given)";
    }
}
