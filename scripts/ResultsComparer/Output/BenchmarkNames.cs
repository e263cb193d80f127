namespace ResultsComparer.Output;

/// <summary>How a benchmark is named in tables.</summary>
internal static class BenchmarkNames
{
    /// <summary>The FullName, or without its namespace unless <paramref name="fullId"/> (ResultsComparer's --full-id).</summary>
    public static string Display(string fullName, string type, bool fullId)
    {
        if (fullId)
        {
            return fullName;
        }

        var lastDot = type.LastIndexOf('.');
        return lastDot >= 0 && fullName.StartsWith(type, StringComparison.Ordinal) ? fullName[(lastDot + 1)..] : fullName;
    }

    /// <summary>Escapes text for a markdown table cell.</summary>
    public static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal);
}
