using System.Text.Json.Nodes;
using BenchmarkDotNet.Mathematics;

namespace BenchGuard.Tests.Infrastructure;

/// <summary>Writes BenchmarkDotNet-shaped <c>*-report-full.json</c> files (statistics by BenchmarkDotNet's own code).</summary>
internal static class BdnJson
{
    public const string DefaultCpu = "Test CPU @ 3.00GHz";

    /// <summary>Writes one export holding <paramref name="benchmarks"/>; returns its path.</summary>
    public static string Write(string folder, IEnumerable<FakeBenchmark> benchmarks, string cpu = DefaultCpu, string fileStem = "Demo.ReadBenchmarks", string runtime = ".NET 10.0.0")
    {
        var root = new JsonObject
        {
            ["Title"] = fileStem + "-20260101-000000",
            ["HostEnvironmentInfo"] = new JsonObject
            {
                ["BenchmarkDotNetCaption"] = "BenchmarkDotNet",
                ["BenchmarkDotNetVersion"] = "0.14.0",
                ["OsVersion"] = "Debian GNU/Linux 12 (bookworm)",
                ["ProcessorName"] = cpu,
                ["PhysicalProcessorCount"] = 1,
                ["PhysicalCoreCount"] = 2,
                ["LogicalCoreCount"] = 2,
                ["RuntimeVersion"] = runtime,
                ["Architecture"] = "X64",
                ["HasAttachedDebugger"] = false,
                ["HasRyuJit"] = true,
                ["Configuration"] = "RELEASE",
                ["DotNetCliVersion"] = "10.0.401",
                ["ChronometerFrequency"] = new JsonObject { ["Hertz"] = 1000000000 },
                ["HardwareTimerKind"] = "Unknown",
            },
            ["Benchmarks"] = new JsonArray(benchmarks.Select(Benchmark).ToArray<JsonNode?>()),
        };
        Directory.CreateDirectory(folder);
        var path = Path.Combine(folder, fileStem + "-report-full.json");
        File.WriteAllText(path, root.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true }));
        return path;
    }

    private static JsonObject Benchmark(FakeBenchmark b)
    {
        var lastDot = b.Type.LastIndexOf('.');
        var values = b.Launches.SelectMany(l => l).ToList();
        var measurements = new JsonArray();
        var launchIndex = 0;
        foreach (var launch in b.Launches)
        {
            launchIndex++;
            var iteration = 0;
            foreach (var value in launch)
            {
                iteration++;
                foreach (var stage in new[] { "Actual", "Result" })
                {
                    measurements.Add(new JsonObject
                    {
                        ["IterationMode"] = "Workload",
                        ["IterationStage"] = stage,
                        ["LaunchIndex"] = launchIndex,
                        ["IterationIndex"] = iteration,
                        ["Operations"] = 1024,
                        ["Nanoseconds"] = value * 1024,
                    });
                }
            }
        }

        return new JsonObject
        {
            ["DisplayInfo"] = $"{b.Type[(lastDot + 1)..]}.{b.Method}: ShortRun(IterationCount=15, LaunchCount=1, WarmupCount=3)" + (b.Parameters.Length > 0 ? $" [{b.Parameters.Replace(": ", "=", StringComparison.Ordinal)}]" : string.Empty),
            ["Namespace"] = b.Type[..lastDot],
            ["Type"] = b.Type[(lastDot + 1)..],
            ["Method"] = b.Method,
            ["MethodTitle"] = b.Method,
            ["Parameters"] = b.Parameters,
            ["FullName"] = b.FullName,
            ["HardwareIntrinsics"] = "AVX2",
            ["Statistics"] = values.Count == 0 ? null : StatisticsJson(values),
            ["Memory"] = new JsonObject
            {
                ["Gen0Collections"] = 0,
                ["Gen1Collections"] = 0,
                ["Gen2Collections"] = 0,
                ["TotalOperations"] = values.Count * 1024,
                ["BytesAllocatedPerOperation"] = b.AllocatedBytes,
            },
            ["Measurements"] = measurements,
        };
    }

    private static JsonObject StatisticsJson(List<double> values)
    {
        var s = new Statistics(values);
        return new JsonObject
        {
            ["OriginalValues"] = new JsonArray(values.Select(v => (JsonNode)v).ToArray()),
            ["N"] = s.N,
            ["Min"] = s.Min,
            ["Median"] = s.Median,
            ["Mean"] = s.Mean,
            ["Max"] = s.Max,
            ["StandardDeviation"] = s.StandardDeviation,
            ["ConfidenceInterval"] = new JsonObject
            {
                ["N"] = s.N,
                ["Mean"] = s.Mean,
                ["StandardError"] = s.StandardError,
                ["Level"] = 12,
                ["Margin"] = s.ConfidenceInterval.Margin,
                ["Lower"] = s.ConfidenceInterval.Lower,
                ["Upper"] = s.ConfidenceInterval.Upper,
            },
        };
    }
}
