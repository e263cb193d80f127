namespace BenchGuard.Output;

/// <summary>How a benchmark is named in tables.</summary>
internal static class BenchmarkNames
{
    /// <summary>The FullName, or without its namespace unless <paramref name="fullId"/> (BenchGuard's --full-id).</summary>
    public static string Display(string fullName, string type, bool fullId)
    {
        if (fullId)
        {
            return fullName;
        }

        var lastDot = type.LastIndexOf('.');
        return lastDot >= 0 && fullName.StartsWith(type, StringComparison.Ordinal) ? fullName[(lastDot + 1)..] : fullName;
    }

    /// <summary>
    /// The name for a console line: control characters shown as visible symbols, so a name cannot start a new line
    /// (a CI log reads a line starting with <c>::</c> as a workflow command).
    /// </summary>
    public static string OneLine(string text) =>
        string.Concat(text.Select(c => c < ' ' ? (char)('\u2400' + c) : c == '\u007f' ? '\u2421' : c));
}
