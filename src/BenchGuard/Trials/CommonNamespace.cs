namespace BenchGuard.Trials;

/// <summary>
/// The namespace every benchmark of a table shares, which the table leaves out of its names so that they say what
/// differs: the dot-separated words before the type and method that all full names (before any parameters) start with.
/// </summary>
internal static class CommonNamespace
{
    /// <summary>The shared prefix, with its final '.', or the empty string when the names share none.</summary>
    public static string Of(IEnumerable<string> fullNames)
    {
        string[]? common = null;
        foreach (var fullName in fullNames)
        {
            // Parameters may hold dots ("File: 1.5MiB"); the type and the method are never part of the namespace.
            var words = fullName.Split('(')[0].Split('.');
            var space = words[..Math.Max(0, words.Length - 2)];
            common = common is null ? space : [.. common.Zip(space).TakeWhile(pair => pair.First == pair.Second).Select(pair => pair.First)];
        }

        return common is { Length: > 0 } ? string.Join('.', common) + "." : string.Empty;
    }
}
