using System.Text.Json;
using BenchGuard.Configuration;
using BenchGuard.Results;

namespace BenchGuard.Baselines;

/// <summary>Reads and writes <c>baselines/&lt;os&gt;/baseline.json</c>.</summary>
internal static class BaselineStore
{
    /// <summary>The one file each OS folder holds.</summary>
    public const string FileName = "baseline.json";

    // The one JSON style of the tool (indented, LF, camelCase), so a bump diffs line by line.
    private static readonly JsonSerializerOptions Options = Output.JsonFormat.Options;

    /// <summary>
    /// True when <paramref name="path"/> is a store folder or a store file. A folder directly in the baselines folder
    /// that holds no JSON yet is an empty store (an OS in the matrix not measured so far), so comparing against it
    /// reports every benchmark as New instead of failing. The baselines folder is the one the nearest
    /// benchguard.json names, or without one a folder of the configuration's default name.
    /// </summary>
    public static bool IsStore(string path)
    {
        if (!Directory.Exists(path))
        {
            return Path.GetFileName(path) == FileName;
        }

        if (File.Exists(Path.Combine(path, FileName)))
        {
            return true;
        }

        var parent = Path.GetDirectoryName(Trimmed(Path.GetFullPath(path)));
        return parent is not null && IsBaselinesFolder(parent) && !ResultFiles.JsonFilesBelow(path).Any();
    }

    private static bool IsBaselinesFolder(string folder)
    {
        if (ConfigurationFile.Find(folder) is not { } file)
        {
            return Path.GetFileName(folder) == GuardConfiguration.DefaultBaselines;
        }

        var configured = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(file)!, ConfigurationFile.Load(file).Baselines));
        return string.Equals(Trimmed(configured), folder, OperatingSystem.IsWindows() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal);
    }

    private static string Trimmed(string fullPath) => fullPath.TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar);

    /// <summary>
    /// Reads the store at a folder or file; a store folder without its file yet is empty. Anything else in the file's
    /// place (a folder, a link loop, a FIFO, an unreadable file) is bad input naming it, never an empty store.
    /// </summary>
    public static BaselineDocument LoadOrEmpty(string path, string os)
    {
        var file = FileOf(path);
        return Input.InputFile.IsPresent(file) ? Load(file) : BaselineDocument.Empty(os);
    }

    /// <summary>The store file's bytes as they are now, or null when there is none yet; bad input as <see cref="LoadOrEmpty"/>.</summary>
    public static byte[]? BytesOrNull(string file) => Input.InputFile.IsPresent(file) ? Input.InputFile.ReadBytes(file) : null;

    /// <summary>The store file for a folder or file path.</summary>
    public static string FileOf(string path) => Directory.Exists(path) ? Path.Combine(path, FileName) : path;

    /// <summary>Reads a store file; a malformed one is bad input.</summary>
    public static BaselineDocument Load(string file)
    {
        var parsed = Input.InputFile.Deserialize<BaselineDocument>(file, "a baseline store");
        if (!Output.SchemaName.Accepts(BaselineDocument.CurrentFormat, parsed.Format))
        {
            throw new InputException($"{file}: not a baseline store (format must be \"{BaselineDocument.CurrentFormat}\")");
        }

        var duplicate = parsed.Benchmarks.GroupBy(b => b.FullName, StringComparer.Ordinal).FirstOrDefault(g => g.Count() > 1);
        if (duplicate is not null)
        {
            throw new InputException($"{file}: FullName '{duplicate.Key}' is stored twice");
        }

        var runs = parsed.Runs.Select(r => r.Id).ToList();
        if (runs.Distinct(StringComparer.Ordinal).Count() != runs.Count)
        {
            throw new InputException($"{file}: a run id is stored twice");
        }

        foreach (var entry in parsed.Benchmarks)
        {
            // What a comparison reads must be a measurement: a name, times of at least zero, bytes of at least zero.
            var problem = string.IsNullOrWhiteSpace(entry.FullName) ? "has an empty FullName"
                : !runs.Contains(entry.Run, StringComparer.Ordinal) ? $"names run '{entry.Run}', which is not in runs"
                : entry.AllocatedBytes < 0 ? $"has negative allocatedBytes {entry.AllocatedBytes}"
                : entry.Launches.Any(l => l.Any(v => v is < 0 or > BdnReportFile.MaxNanoseconds)) ? $"has a time below 0 or above {BdnReportFile.MaxNanoseconds:0e0} ns"
                : null;
            if (problem is not null)
            {
                throw new InputException($"{file}: benchmark '{entry.FullName}' {problem}");
            }
        }

        return parsed;
    }

    /// <summary>Writes a store file atomically, sorted so a bump diffs well.</summary>
    public static void Save(string file, BaselineDocument document)
    {
        var sorted = document with
        {
            Runs = document.Runs.OrderBy(r => r.Id, StringComparer.Ordinal).ToList(),
            Benchmarks = document.Benchmarks.OrderBy(b => b.FullName, StringComparer.Ordinal).ToList(),
        };
        try
        {
            AtomicFile.Write(file, stream =>
            {
                JsonSerializer.Serialize(stream, sorted, Options);
                stream.WriteByte((byte)'\n');
            });
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // AtomicFile left the old store as it was.
            throw new InputException($"{file}: cannot write ({e.Message}); nothing stored", e);
        }
    }

    /// <summary>The store as one side of a comparison, with its provenance.</summary>
    public static ResultSet ToResultSet(string source, string file, BaselineDocument document)
    {
        var benchmarks = new Dictionary<string, BenchmarkResult>(StringComparer.Ordinal);
        var runs = document.Runs.GroupBy(r => r.Id, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        foreach (var entry in document.Benchmarks)
        {
            var launches = entry.Launches.Select((values, i) => new LaunchValues(i + 1, values)).ToList();
            var values = entry.Launches.SelectMany(l => l).ToList();
            benchmarks[entry.FullName] = new BenchmarkResult(
                entry.FullName, entry.Type, values, launches, values.Count > 0 ? values.Average() : null, null, entry.AllocatedBytes, entry.Job, file)
            {
                StoredRun = runs.GetValueOrDefault(entry.Run),
            };
        }

        var usedRuns = document.Runs.ToList();
        var first = usedRuns.FirstOrDefault();
        var environment = first is null ? null : EnvironmentOf(first);
        var mixed = usedRuns.Skip(1).SelectMany(r => environment!.DifferencesFrom(EnvironmentOf(r))).Distinct().ToList();
        return new ResultSet(source, benchmarks, environment, mixed, usedRuns);
    }

    /// <summary>The BenchmarkDotNet environment a run recorded.</summary>
    public static HostEnvironment EnvironmentOf(BaselineRun run) =>
        new(run.OsVersion, run.Cpu, run.Runtime, HarnessOf(run), run.Architecture, run.LogicalCores);

    /// <summary>
    /// The run's BenchmarkDotNet version. A store that did not record it says "unknown" rather than guess: every
    /// store so far was written by 0.14.0, but a hand-made or older file need not have been.
    /// </summary>
    public static string HarnessOf(BaselineRun run) => string.IsNullOrEmpty(run.BenchmarkDotNet) ? "unknown" : run.BenchmarkDotNet;
}
