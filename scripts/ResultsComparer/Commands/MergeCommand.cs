using System.Text.Json;
using System.Text.Json.Nodes;
using ResultsComparer.Cli;
using ResultsComparer.Merging;
using ResultsComparer.Output;
using ResultsComparer.Results;

namespace ResultsComparer.Commands;

/// <summary>
/// <c>merge --inputs DIR... --out DIR</c>: joins single-launch runs of one side (the A/B rounds, in order) into one
/// BenchmarkDotNet-shaped <c>*-report-full.json</c> per class. Input k becomes launch k, so the paired verdict can
/// match base round k with head round k.
/// </summary>
internal static class MergeCommand
{
    private static readonly JsonSerializerOptions ExportStyle = new(JsonSerializerOptions.Default)
    {
        WriteIndented = true,
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    /// <summary>Runs the command.</summary>
    public static int Run(string[] args)
    {
        var a = CommandArguments.Parse("merge", args, ["--inputs*", "--out"], []);
        var inputs = a.Values("--inputs");
        if (inputs.Count == 0)
        {
            throw new InputException("merge: option --inputs is required");
        }

        var outDir = a.Required("--out");
        var written = Merge(inputs, outDir, Console.Error);
        Console.Out.WriteLine($"merge: {inputs.Count} launches into {written} files in {outDir}");
        return ExitCodes.Ok;
    }

    /// <summary>
    /// Merges <paramref name="inputs"/> (launch k is input k) into <paramref name="outDir"/>; what is missing or
    /// disagrees goes to <paramref name="notes"/>. Returns the number of files written. Bad input throws.
    /// </summary>
    public static int Merge(IReadOnlyList<string> inputs, string outDir, TextWriter notes)
    {
        var launches = inputs.SelectMany((input, i) => ResultFiles.Find(input).Select(file => Parse(i + 1, input, file))).ToList();
        var first = launches[0];
        foreach (var launch in launches.Skip(1))
        {
            var difference = launch.MachineDifference(first);
            if (difference.Length > 0)
            {
                throw new InputException($"{launch.File}: ran on a different machine than {first.File} ({difference}); merge refused");
            }
        }

        var written = 0;
        foreach (var group in launches.GroupBy(l => l.ClassKey, StringComparer.Ordinal))
        {
            var merged = MergeClass(group.ToList(), inputs.Count, notes);
            JsonFormat.WriteText(Path.Combine(outDir, group.Key + ResultFiles.FullSuffix), merged.ToJsonString(ExportStyle) + "\n");
            written++;
        }

        return written;
    }

    private static LaunchInput Parse(int round, string input, string file) =>
        new(round, input, file, ResultFiles.ClassKey(file), BdnReportFile.ReadTree(file));

    private static JsonObject MergeClass(List<LaunchInput> files, int rounds, TextWriter notes)
    {
        // FullName -> (round, benchmark) in round order; a FullName twice in one round is bad input.
        var byName = new Dictionary<string, List<(LaunchInput Launch, JsonObject Benchmark)>>(StringComparer.Ordinal);
        var order = new List<string>();
        foreach (var file in files.OrderBy(f => f.Round))
        {
            foreach (var benchmark in file.Benchmarks)
            {
                var fullName = benchmark["FullName"]?.GetValue<string>()
                    ?? throw new InputException($"{file.File}: not a BenchmarkDotNet JSON export (a benchmark without FullName)");
                if (!byName.TryGetValue(fullName, out var list))
                {
                    byName[fullName] = list = [];
                    order.Add(fullName);
                }

                if (list.Any(o => o.Launch.Round == file.Round))
                {
                    throw new InputException($"{file.File}: duplicate FullName '{fullName}' in one launch");
                }

                list.Add((file, benchmark));
            }
        }

        var merged = new JsonArray();
        foreach (var fullName in order)
        {
            merged.Add(MergeBenchmark(fullName, byName[fullName], rounds, notes));
        }

        var root = (JsonObject)files[0].Root.DeepClone();
        root["Title"] = $"{root["Title"]?.GetValue<string>()}-merged-{rounds}-launches";
        root["Benchmarks"] = merged;
        return root;
    }

    private static JsonObject MergeBenchmark(string fullName, List<(LaunchInput Launch, JsonObject Benchmark)> occurrences, int rounds, TextWriter notes)
    {
        var present = occurrences.Select(o => o.Launch.Round).ToHashSet();
        for (var round = 1; round <= rounds; round++)
        {
            if (!present.Contains(round))
            {
                notes.WriteLine($"merge: {fullName} is missing from launch {round}; kept with {present.Count} of {rounds} launches");
            }
        }

        var values = new List<double>();
        var measurements = new JsonArray();
        JsonObject? statisticsTemplate = null;
        foreach (var (launch, benchmark) in occurrences)
        {
            if (benchmark["Statistics"] is JsonObject statistics && statistics["OriginalValues"] is JsonArray original && original.Count > 0)
            {
                statisticsTemplate ??= statistics;
                values.AddRange(original.Select(v => v!.GetValue<double>()));
            }
            else
            {
                notes.WriteLine($"merge: {fullName} has no measurements in launch {launch.Round} ({launch.File})");
            }

            if (benchmark["Measurements"] is JsonArray launchMeasurements)
            {
                foreach (var measurement in launchMeasurements.OfType<JsonObject>())
                {
                    var copy = (JsonObject)measurement.DeepClone();
                    copy["LaunchIndex"] = launch.Round;
                    measurements.Add(copy);
                }
            }
        }

        var result = (JsonObject)occurrences[0].Benchmark.DeepClone();
        result["Statistics"] = statisticsTemplate is null ? null : StatisticsJson.Of(values, statisticsTemplate);
        if (result.ContainsKey("Measurements"))
        {
            result["Measurements"] = measurements;
        }

        MergeMemory(fullName, result, occurrences.Select(o => o.Benchmark).ToList(), notes);
        return result;
    }

    // Allocations per operation are deterministic and should agree; if they do not, the largest is kept, so the
    // allocation gate errs towards reporting, and the disagreement is said out loud.
    private static void MergeMemory(string fullName, JsonObject result, List<JsonObject> benchmarks, TextWriter notes)
    {
        if (result["Memory"] is not JsonObject memory)
        {
            return;
        }

        var bytes = benchmarks.Select(b => b["Memory"]?["BytesAllocatedPerOperation"]).OfType<JsonValue>().Select(v => v.GetValue<long>()).Distinct().ToList();
        if (bytes.Count > 1)
        {
            notes.WriteLine($"merge: {fullName} allocated different bytes per operation across launches ({string.Join(", ", bytes)}); keeping {bytes.Max()}");
        }

        if (bytes.Count > 0)
        {
            memory["BytesAllocatedPerOperation"] = bytes.Max();
        }

        foreach (var counter in new[] { "Gen0Collections", "Gen1Collections", "Gen2Collections", "TotalOperations" })
        {
            if (memory.ContainsKey(counter))
            {
                memory[counter] = benchmarks.Select(b => b["Memory"]?[counter]).OfType<JsonValue>().Sum(v => v.GetValue<long>());
            }
        }
    }
}
