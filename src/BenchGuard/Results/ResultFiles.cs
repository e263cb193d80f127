namespace BenchGuard.Results;

/// <summary>Finds BenchmarkDotNet JSON exports under a path.</summary>
internal static class ResultFiles
{
    /// <summary>The suffix of BenchmarkDotNet's full JSON export.</summary>
    public const string FullSuffix = "-report-full.json";

    /// <summary>The suffix of BenchmarkDotNet's compressed full JSON export.</summary>
    public const string CompressedSuffix = "-report-full-compressed.json";

    /// <summary>
    /// The file name of an export without its suffix: BenchmarkDotNet names exports after the benchmark class, so
    /// both exports of one class share it.
    /// </summary>
    public static string ClassKey(string file)
    {
        var name = Path.GetFileName(file);
        return name.EndsWith(CompressedSuffix, StringComparison.Ordinal) ? name[..^CompressedSuffix.Length]
            : name.EndsWith(FullSuffix, StringComparison.Ordinal) ? name[..^FullSuffix.Length]
            : Path.GetFileNameWithoutExtension(name);
    }

    /// <summary>The export files at <paramref name="path"/>: the file itself, or every export below a folder.</summary>
    public static IReadOnlyList<string> Find(string path)
    {
        if (File.Exists(path))
        {
            return [path];
        }

        if (!Directory.Exists(path))
        {
            throw new InputException($"{path}: no such file or folder");
        }

        List<string> files;
        try
        {
            files = JsonFilesBelow(path)
                .Where(f => f.EndsWith(FullSuffix, StringComparison.Ordinal) || f.EndsWith(CompressedSuffix, StringComparison.Ordinal))
                .ToList();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InputException($"{path}: cannot read folder ({e.Message})", e);
        }

        // BenchmarkDotNet writes both exports of one run next to each other when both exporters are on;
        // they hold the same benchmarks, so the compressed twin of a full export is skipped, not counted twice.
        var set = new HashSet<string>(files, StringComparer.Ordinal);
        files = files
            .Where(f => !f.EndsWith(CompressedSuffix, StringComparison.Ordinal)
                || !set.Contains(f[..^CompressedSuffix.Length] + FullSuffix))
            .Order(StringComparer.Ordinal)
            .ToList();
        if (files.Count == 0)
        {
            throw new InputException($"{path}: no *{FullSuffix} or *{CompressedSuffix} files in this folder");
        }

        return files;
    }

    /// <summary>
    /// Every JSON file below a folder, without entering symbolic links to folders: a link loop would never end, and a
    /// link to another results folder would count its benchmarks twice. Links to files are kept (and read as files).
    /// </summary>
    public static IEnumerable<string> JsonFilesBelow(string root)
    {
        var pending = new Stack<string>([root]);
        while (pending.Count > 0)
        {
            var folder = pending.Pop();
            foreach (var entry in new DirectoryInfo(folder).EnumerateFileSystemInfos())
            {
                var entryPath = Path.Combine(folder, entry.Name);
                if (entry is DirectoryInfo directory)
                {
                    if (directory.LinkTarget is null)
                    {
                        pending.Push(entryPath);
                    }
                }
                else if (entry.Name.EndsWith(".json", StringComparison.Ordinal))
                {
                    yield return entryPath;
                }
            }
        }
    }
}
