using BenchGuard.Baselines;

namespace BenchGuard.Results;

/// <summary>Loads one side of a comparison from BenchmarkDotNet exports or from a baseline store.</summary>
internal static class ResultSetLoader
{
    /// <summary>Loads <paramref name="path"/>; bad input (including a FullName twice on one side) throws.</summary>
    public static ResultSet Load(string path)
    {
        if (BaselineStore.IsStore(path))
        {
            var file = BaselineStore.FileOf(path);
            if (!File.Exists(file) && !Directory.Exists(path))
            {
                throw new InputException($"{path}: no such file or folder");
            }

            return BaselineStore.ToResultSet(path, file, BaselineStore.LoadOrEmpty(path, Path.GetFileName(Path.GetFullPath(path).TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar))));
        }

        var benchmarks = new Dictionary<string, BenchmarkResult>(StringComparer.Ordinal);
        HostEnvironment? environment = null;
        var mixed = new List<string>();
        foreach (var file in ResultFiles.Find(path))
        {
            var (fileEnvironment, results) = BdnReportFile.Read(file);
            if (environment is null)
            {
                environment = fileEnvironment;
            }
            else
            {
                mixed.AddRange(environment.DifferencesFrom(fileEnvironment).Where(d => !mixed.Contains(d)));
            }

            foreach (var result in results)
            {
                if (benchmarks.TryGetValue(result.FullName, out var earlier))
                {
                    var where = earlier.SourceFile == file ? "twice in this file (two jobs in one run?)" : $"also in {earlier.SourceFile}";
                    throw new InputException($"{file}: duplicate FullName '{result.FullName}', {where}");
                }

                benchmarks[result.FullName] = result;
            }
        }

        return new ResultSet(path, benchmarks, environment, mixed, null);
    }
}
