namespace BenchGuard.Output;

/// <summary>
/// The name a JSON file of the tool carries in its schema (or format) field: <c>benchguard-&lt;kind&gt;/&lt;version&gt;</c>.
/// The tool wrote <c>filepipes-&lt;kind&gt;/&lt;version&gt;</c> before it had a name of its own (stored baselines and
/// older runs' artifacts still do): the same format, so a reader takes either.
/// </summary>
internal static class SchemaName
{
    /// <summary>The prefix of every name the tool writes.</summary>
    public const string Prefix = "benchguard-";

    /// <summary>The prefix the same formats carried before the tool had its name.</summary>
    public const string FormerPrefix = "filepipes-";

    /// <summary>True when <paramref name="given"/> is <paramref name="current"/>, or the same format under its former name.</summary>
    public static bool Accepts(string current, string? given) =>
        given == current || (current.StartsWith(Prefix, StringComparison.Ordinal) && given == FormerPrefix + current[Prefix.Length..]);
}
