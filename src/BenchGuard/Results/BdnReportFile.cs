using System.Text.Json;
using BenchGuard.Input;

namespace BenchGuard.Results;

/// <summary>Reads one BenchmarkDotNet JSON export (<c>*-report-full.json</c> or its compressed twin).</summary>
internal static class BdnReportFile
{
    /// <summary>The largest time per operation read, in nanoseconds: beyond it a mean or sum could overflow.</summary>
    public const double MaxNanoseconds = 1e15;

    /// <summary>Parses a file; any problem becomes an <see cref="InputException"/> naming the file.</summary>
    public static (HostEnvironment Environment, IReadOnlyList<BenchmarkResult> Benchmarks) Read(string path) =>
        InputFile.Read(path, root => Read(path, root));

    /// <summary>Opens and parses JSON, turning I/O and syntax failures into one-line input errors.</summary>
    public static JsonDocument ParseJson(string path) => InputFile.ParseJson(path);

    private static (HostEnvironment Environment, IReadOnlyList<BenchmarkResult> Benchmarks) Read(string path, JsonElement root)
    {
        var (hostElement, benchmarks) = ExportParts(path, root);
        var host = new JsonFields(path, "HostEnvironmentInfo", hostElement);
        var environment = new HostEnvironment(
            host.String("OsVersion") ?? string.Empty,
            host.String("ProcessorName") ?? string.Empty,
            host.String("RuntimeVersion") ?? string.Empty,
            host.String("BenchmarkDotNetVersion") ?? string.Empty,
            host.String("Architecture") ?? string.Empty,
            host.Integer("LogicalCoreCount", 1) is { } cores ? (cores <= int.MaxValue ? (int)cores : throw host.Error($"LogicalCoreCount {cores} is out of range")) : null);

        var list = new List<BenchmarkResult>();
        var i = 0;
        foreach (var benchmark in benchmarks.EnumerateArray())
        {
            list.Add(ReadBenchmark(path, i++, benchmark));
        }

        return (environment, list);
    }

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

    private static BenchmarkResult ReadBenchmark(string path, int index, JsonElement element)
    {
        if (element.ValueKind != JsonValueKind.Object
            || !element.TryGetProperty("FullName", out var fullNameElement)
            || fullNameElement.ValueKind != JsonValueKind.String
            || string.IsNullOrWhiteSpace(fullNameElement.GetString()))
        {
            throw new InputException($"{path}: not a BenchmarkDotNet JSON export (Benchmarks[{index}] has no FullName)");
        }

        var fullName = fullNameElement.GetString()!;
        var benchmark = new JsonFields(path, fullName, element);
        var ns = benchmark.String("Namespace");
        var type = benchmark.String("Type") ?? string.Empty;
        var typeName = string.IsNullOrEmpty(ns) ? type : $"{ns}.{type}";

        // Times are nanoseconds per operation: never negative (BenchmarkDotNet clamps at zero), never infinite,
        // and never so large that a sum of them could overflow (1e15 ns is eleven days per operation).
        var values = new List<double>();
        double? mean = null;
        double? margin = null;
        if (benchmark.Object("Statistics") is { } statistics)
        {
            values = statistics.Numbers("OriginalValues", 0, MaxNanoseconds);
            mean = statistics.NumberOrNotFinite("Mean");
            margin = statistics.Object("ConfidenceInterval")?.NumberOrNotFinite("Margin");
        }

        long? allocated = null;
        if (benchmark.Object("Memory") is { } memory)
        {
            // The counters merge sums must be whole numbers too, so a merge never meets a value it cannot add.
            foreach (var counter in new[] { "Gen0Collections", "Gen1Collections", "Gen2Collections", "TotalOperations" })
            {
                memory.Integer(counter, 0);
            }

            allocated = memory.Integer("BytesAllocatedPerOperation", 0);
        }

        return new BenchmarkResult(
            fullName,
            typeName,
            values,
            ReadLaunches(benchmark, values),
            mean,
            margin,
            allocated,
            JobOf(benchmark.String("DisplayInfo") ?? string.Empty),
            path);
    }

    // OriginalValues are the "Workload/Result" measurements in order; grouping those by LaunchIndex keeps the
    // process structure the paired verdict needs. When the export holds no measurements, all values are one launch.
    private static IReadOnlyList<LaunchValues> ReadLaunches(JsonFields benchmark, List<double> values)
    {
        var byLaunch = new SortedDictionary<int, List<double>>();
        foreach (var m in benchmark.Objects("Measurements"))
        {
            var mode = m.String("IterationMode");
            var stage = m.String("IterationStage");
            var ns = m.Number("Nanoseconds", 0);
            var ops = m.Integer("Operations", 1);
            var launch = m.Integer("LaunchIndex", 0);
            if (mode == "Workload" && stage == "Result" && ns is { } nanoseconds && ops is { } operations && launch is { } index)
            {
                if (index > int.MaxValue)
                {
                    throw m.Error($"LaunchIndex {index} is out of range");
                }

                if (!byLaunch.TryGetValue((int)index, out var list))
                {
                    byLaunch[(int)index] = list = [];
                }

                list.Add(nanoseconds / operations);
            }
        }

        if (values.Count == 0)
        {
            return [];
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
}
