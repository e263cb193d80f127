namespace BenchGuard.Baselines;

/// <summary>The OS matrix: the folder names under <c>baselines/</c>, the one source of truth the workflows share.</summary>
internal static class BaselineMatrix
{
    /// <summary>The OS names (sorted); bad input when the folder is missing.</summary>
    public static IReadOnlyList<string> OsNames(string baselines)
    {
        if (!Directory.Exists(baselines))
        {
            throw new InputException($"{baselines}: no such baselines folder");
        }

        return Directory.EnumerateDirectories(baselines).Select(Path.GetFileName).OfType<string>()
            .Where(name => !name.StartsWith('.'))
            .Order(StringComparer.Ordinal)
            .ToList();
    }

    /// <summary>The store folder of <paramref name="os"/>; refuses an OS that is not in the matrix.</summary>
    public static string FolderOf(string baselines, string os)
    {
        var names = OsNames(baselines);
        return names.Contains(os, StringComparer.Ordinal)
            ? Path.Combine(baselines, os)
            : throw new InputException($"{baselines}: OS '{os}' is not in the matrix (folders: {string.Join(", ", names)})");
    }
}
