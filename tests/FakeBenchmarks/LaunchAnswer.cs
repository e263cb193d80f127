using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace FakeBenchmarks;

/// <summary>
/// A launch: the selected benchmarks written as BenchmarkDotNet writes them, to DIR/results/Namespace.Type-report-full.json,
/// every time scaled by the benchmark's <c>slower</c> factor, by FILEPIPES_SLOWDOWN (as the suite's injected slowdown),
/// and by a launch's own drift of at most ±1%, which depends only on the launch folder's last three names, so that
/// two launches differ and every run of a test sees the same figures.
/// </summary>
internal static class LaunchAnswer
{
    // Statistics that do not scale with the times (counts, shape) and the one that scales with their square.
    private static readonly HashSet<string> Unscaled = new(StringComparer.Ordinal) { "N", "Level", "Skewness", "Kurtosis" };

    public static int Write(Behaviour behaviour, Arguments arguments, Selection selection)
    {
        var inProcess = arguments.Has("--inProcess");
        if ((inProcess ? behaviour.ExitCode : behaviour.OutOfProcessExitCode ?? behaviour.ExitCode) is { } crash)
        {
            Console.Error.WriteLine($"the planted build crashes with exit code {crash}");
            return crash;
        }

        var artifacts = arguments.Value("--artifacts") ?? throw new FakeInputException("a launch needs --artifacts DIR");
        if (selection.Benchmarks.Count == 0)
        {
            Console.Error.WriteLine("No benchmark ran: the filter matched none in this profile.");
            return 2;
        }

        var slowdown = Environment.GetEnvironmentVariable("FILEPIPES_SLOWDOWN") is { Length: > 0 } text ? double.Parse(text, CultureInfo.InvariantCulture) : 0;
        var failed = false;
        foreach (var type in selection.Benchmarks.GroupBy(b => $"{b["Namespace"]!.GetValue<string>()}.{b["Type"]!.GetValue<string>()}"))
        {
            var export = selection.Export.Root.DeepClone().AsObject();
            var benchmarks = new JsonArray();
            foreach (var source in type)
            {
                var benchmark = source.DeepClone().AsObject();
                var fullName = benchmark["FullName"]!.GetValue<string>();
                if (inProcess)
                {
                    benchmark["DisplayInfo"] = InProcessDisplay(benchmark["DisplayInfo"]!.GetValue<string>());
                }

                if (behaviour.Fails(fullName))
                {
                    failed = true;
                    Console.Error.WriteLine($"{fullName} failed: injected");
                    benchmark["Statistics"] = null;
                    benchmark["Measurements"] = new JsonArray();
                }
                else
                {
                    if (benchmark["Memory"] is JsonObject memory && memory["BytesAllocatedPerOperation"] is JsonValue bytes)
                    {
                        memory["BytesAllocatedPerOperation"] = bytes.GetValue<long>() + behaviour.ExtraBytes(fullName);
                    }

                    Scale(benchmark, behaviour.Slower(fullName) * (1 + slowdown) * (1 + Drift(artifacts, fullName)));
                }

                benchmarks.Add(benchmark);
            }

            export["Benchmarks"] = benchmarks;
            var path = Path.Combine(artifacts, "results", type.Key + "-report-full.json");
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            var json = export.ToJsonString(new JsonSerializerOptions { WriteIndented = true });
            File.WriteAllText(path, behaviour.DamagedExport ? json[..(json.Length / 2)] : json);
            if (behaviour.DuplicateExport)
            {
                File.WriteAllText(Path.Combine(artifacts, "results", type.Key + "Again-report-full.json"), json);
            }
        }

        return failed ? 1 : 0;
    }

    // A number in [-0.01, 0.01] from the folder's last three names and the benchmark (FNV-1a): the same in every run.
    private static double Drift(string artifacts, string fullName)
    {
        var parts = Path.GetFullPath(artifacts).TrimEnd(Path.DirectorySeparatorChar).Split(Path.DirectorySeparatorChar);
        var key = string.Join('/', parts[Math.Max(0, parts.Length - 3)..]) + "/" + fullName;
        var hash = 2166136261u;
        foreach (var c in key)
        {
            hash = unchecked((hash ^ c) * 16777619u);
        }

        return ((hash % 2001) / 100000.0) - 0.01;
    }

    private static string InProcessDisplay(string display)
    {
        // "Type.Method: Job(...) [params]": the job part is what an in-process launch changes.
        var colon = display.IndexOf(": ", StringComparison.Ordinal);
        var bracket = display.IndexOf(" [", StringComparison.Ordinal);
        var head = colon < 0 ? display : display[..colon];
        var tail = bracket < 0 ? "" : display[bracket..];
        return $"{head}: Job-FAKE(Toolchain=InProcessEmitToolchain, IterationTime=200ms, UnrollFactor=1){tail}";
    }

    private static void Scale(JsonObject benchmark, double factor)
    {
        if (benchmark["Statistics"] is JsonObject statistics)
        {
            ScaleStatistics(statistics, factor);
        }

        if (benchmark["Measurements"] is JsonArray measurements)
        {
            foreach (var measurement in measurements)
            {
                var m = measurement!.AsObject();
                m["Nanoseconds"] = m["Nanoseconds"]!.GetValue<double>() * factor;
            }
        }
    }

    private static void ScaleStatistics(JsonObject statistics, double factor)
    {
        foreach (var (name, value) in statistics.ToList())
        {
            switch (value)
            {
                case JsonObject inner:
                    ScaleStatistics(inner, factor);
                    break;
                case JsonArray values:
                    for (var i = 0; i < values.Count; i++)
                    {
                        values[i] = values[i]!.GetValue<double>() * factor;
                    }

                    break;
                case JsonValue number when number.GetValueKind() == JsonValueKind.Number && !Unscaled.Contains(name):
                    statistics[name] = number.GetValue<double>() * (name == "Variance" ? factor * factor : factor);
                    break;
            }
        }
    }
}
