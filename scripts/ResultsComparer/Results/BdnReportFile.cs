using System.Text.Json;
using System.Text.Json.Nodes;

namespace ResultsComparer.Results;

/// <summary>Reads one BenchmarkDotNet JSON export (<c>*-report-full.json</c> or its compressed twin).</summary>
internal static class BdnReportFile
{
    /// <summary>Parses a file; any problem becomes an <see cref="InputException"/> naming the file.</summary>
    public static (HostEnvironment Environment, IReadOnlyList<BenchmarkResult> Benchmarks) Read(string path)
    {
        using var document = ParseJson(path);
        var (host, benchmarks) = ExportParts(path, document.RootElement);
        var environment = new HostEnvironment(
            Text(host, "OsVersion"),
            Text(host, "ProcessorName"),
            Text(host, "RuntimeVersion"),
            Text(host, "BenchmarkDotNetVersion"),
            Text(host, "Architecture"),
            host.TryGetProperty("LogicalCoreCount", out var cores) && cores.ValueKind == JsonValueKind.Number && cores.TryGetInt32(out var count) ? count : null);

        var list = new List<BenchmarkResult>();
        foreach (var benchmark in benchmarks.EnumerateArray())
        {
            list.Add(ReadBenchmark(path, benchmark));
        }

        return (environment, list);
    }

    /// <summary>
    /// Parses an export once into a mutable tree (for rewriting it), refusing anything not shaped like an export.
    /// </summary>
    public static JsonObject ReadTree(string path)
    {
        // A deserialized JsonElement owns its memory, so the tree built over it needs no document kept alive or disposed.
        var root = Parse(path, stream => JsonSerializer.Deserialize<JsonElement>(stream));
        ExportParts(path, root);
        return JsonObject.Create(root)!;
    }

    /// <summary>Opens and parses JSON, turning I/O and syntax failures into one-line input errors.</summary>
    public static JsonDocument ParseJson(string path) => Parse(path, stream => JsonDocument.Parse(stream));

    private static (JsonElement Host, JsonElement Benchmarks) ExportParts(string path, JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object
            || !root.TryGetProperty("Benchmarks", out var benchmarks) || benchmarks.ValueKind != JsonValueKind.Array
            || !root.TryGetProperty("HostEnvironmentInfo", out var host) || host.ValueKind != JsonValueKind.Object)
        {
            throw new InputException($"{path}: not a BenchmarkDotNet JSON export (no Benchmarks array or HostEnvironmentInfo)");
        }

        return (host, benchmarks);
    }

    private static T Parse<T>(string path, Func<Stream, T> parse)
    {
        try
        {
            using var stream = File.OpenRead(path);
            return parse(stream);
        }
        catch (JsonException e)
        {
            throw new InputException($"{path}: corrupt JSON ({e.Message})", e);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InputException($"{path}: cannot read ({e.Message})", e);
        }
    }

    private static BenchmarkResult ReadBenchmark(string path, JsonElement benchmark)
    {
        if (benchmark.ValueKind != JsonValueKind.Object
            || !benchmark.TryGetProperty("FullName", out var fullNameElement)
            || fullNameElement.ValueKind != JsonValueKind.String
            || string.IsNullOrEmpty(fullNameElement.GetString()))
        {
            throw new InputException($"{path}: not a BenchmarkDotNet JSON export (a benchmark without FullName)");
        }

        var fullName = fullNameElement.GetString()!;
        var ns = benchmark.TryGetProperty("Namespace", out var nsElement) && nsElement.ValueKind == JsonValueKind.String ? nsElement.GetString() : null;
        var type = Text(benchmark, "Type");
        var typeName = string.IsNullOrEmpty(ns) ? type : $"{ns}.{type}";

        var values = new List<double>();
        double? mean = null;
        double? margin = null;
        if (benchmark.TryGetProperty("Statistics", out var statistics) && statistics.ValueKind == JsonValueKind.Object)
        {
            if (statistics.TryGetProperty("OriginalValues", out var original) && original.ValueKind == JsonValueKind.Array)
            {
                foreach (var value in original.EnumerateArray())
                {
                    values.Add(Number(path, fullName, value));
                }
            }

            mean = OptionalNumber(statistics, "Mean");
            if (statistics.TryGetProperty("ConfidenceInterval", out var ci) && ci.ValueKind == JsonValueKind.Object)
            {
                margin = OptionalNumber(ci, "Margin");
            }
        }

        long? allocated = null;
        if (benchmark.TryGetProperty("Memory", out var memory) && memory.ValueKind == JsonValueKind.Object
            && memory.TryGetProperty("BytesAllocatedPerOperation", out var bytes) && bytes.ValueKind == JsonValueKind.Number)
        {
            allocated = bytes.TryGetInt64(out var whole) ? whole : (long)Math.Round(bytes.GetDouble());
        }

        return new BenchmarkResult(
            fullName,
            typeName,
            values,
            ReadLaunches(benchmark, values),
            mean,
            margin,
            allocated,
            JobOf(Text(benchmark, "DisplayInfo")),
            path);
    }

    // OriginalValues are the "Workload/Result" measurements in order; grouping those by LaunchIndex keeps the
    // process structure the paired verdict needs. When the export holds no measurements, all values are one launch.
    private static IReadOnlyList<LaunchValues> ReadLaunches(JsonElement benchmark, List<double> values)
    {
        if (values.Count == 0)
        {
            return [];
        }

        var byLaunch = new SortedDictionary<int, List<double>>();
        if (benchmark.TryGetProperty("Measurements", out var measurements) && measurements.ValueKind == JsonValueKind.Array)
        {
            foreach (var m in measurements.EnumerateArray())
            {
                if (m.ValueKind == JsonValueKind.Object
                    && Text(m, "IterationMode") == "Workload" && Text(m, "IterationStage") == "Result"
                    && OptionalNumber(m, "Nanoseconds") is { } ns && OptionalNumber(m, "Operations") is { } ops && ops > 0
                    && m.TryGetProperty("LaunchIndex", out var li) && li.ValueKind == JsonValueKind.Number)
                {
                    var index = li.GetInt32();
                    if (!byLaunch.TryGetValue(index, out var list))
                    {
                        byLaunch[index] = list = [];
                    }

                    list.Add(ns / ops);
                }
            }
        }

        if (byLaunch.Values.Sum(l => l.Count) != values.Count)
        {
            return [new LaunchValues(1, values)];
        }

        return byLaunch.Select(p => new LaunchValues(p.Key, p.Value)).ToList();
    }

    // DisplayInfo is "Type.Method: Job(settings) [Params]"; the job is the middle part.
    private static string? JobOf(string displayInfo)
    {
        var colon = displayInfo.IndexOf(": ", StringComparison.Ordinal);
        if (colon < 0)
        {
            return null;
        }

        var job = displayInfo[(colon + 2)..];
        if (job.EndsWith(']'))
        {
            var bracket = job.LastIndexOf(" [", StringComparison.Ordinal);
            if (bracket >= 0)
            {
                job = job[..bracket];
            }
        }

        return job;
    }

    private static string Text(JsonElement element, string name) =>
        element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() ?? string.Empty : string.Empty;

    private static double? OptionalNumber(JsonElement element, string name) =>
        element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.Number ? value.GetDouble() : null;

    private static double Number(string path, string fullName, JsonElement value) =>
        value.ValueKind == JsonValueKind.Number
            ? value.GetDouble()
            : throw new InputException($"{path}: {fullName}: OriginalValues holds a non-number");
}
