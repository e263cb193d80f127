using System.Text.Encodings.Web;
using System.Text.Json;
using BenchGuard.Input;

namespace BenchGuard.Merging;

/// <summary>
/// Writes the merge of one class's launches straight from the parsed inputs to the output file, value by value:
/// no second tree of the whole export is built, so a merge needs about the memory of its inputs' documents, not the
/// many times that a mutable tree of every measurement took (7.7 GB for two 200 MB exports).
/// </summary>
internal static class MergedExportWriter
{
    // Stryker disable once all : see mutation-testing.md#static-initializer
    private static readonly JsonWriterOptions Style = new() { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };
    // Stryker disable once all : see mutation-testing.md#static-initializer
    private static readonly string[] SummedCounters = ["Gen0Collections", "Gen1Collections", "Gen2Collections", "TotalOperations"];

    /// <summary>Merges <paramref name="files"/> (one class, any rounds) into <paramref name="output"/>; notes go to <paramref name="notes"/>.</summary>
    public static void Write(IReadOnlyList<LaunchInput> files, int rounds, Stream output, TextWriter notes, MergedBytes bytesRule = MergedBytes.Most)
    {
        var documents = new List<(LaunchInput Launch, JsonDocument Document)>();
        try
        {
            foreach (var file in files.OrderBy(f => f.Round))
            {
                documents.Add((file, InputFile.ParseJson(file.File)));
            }

            // FullName -> (round, benchmark) in round order; a FullName twice in one round is bad input.
            var byName = new Dictionary<string, List<(LaunchInput Launch, JsonElement Benchmark)>>(StringComparer.Ordinal);
            var order = new List<string>();
            foreach (var (launch, document) in documents)
            {
                foreach (var benchmark in document.RootElement.GetProperty("Benchmarks").EnumerateArray())
                {
                    var fullName = benchmark.GetProperty("FullName").GetString()!;
                    if (!byName.TryGetValue(fullName, out var list))
                    {
                        byName[fullName] = list = [];
                        order.Add(fullName);
                    }

                    if (list.Any(o => o.Launch.Round == launch.Round))
                    {
                        throw new InputException($"{launch.File}: duplicate FullName '{fullName}' in one launch (two jobs ran it: a job of the program's own beside the one its command line makes?)");
                    }

                    list.Add((launch, benchmark));
                }
            }

            using var writer = new Utf8JsonWriter(output, Style);
            writer.WriteStartObject();
            var titled = false;
            foreach (var property in documents[0].Document.RootElement.EnumerateObject())
            {
                if (property.NameEquals("Benchmarks"))
                {
                    writer.WriteStartArray("Benchmarks");
                    foreach (var fullName in order)
                    {
                        WriteBenchmark(writer, fullName, byName[fullName], rounds, notes, bytesRule);
                    }

                    writer.WriteEndArray();
                }
                else if (property.NameEquals("Title"))
                {
                    writer.WriteString("Title", $"{(property.Value.ValueKind == JsonValueKind.String ? property.Value.GetString() : null)}-merged-{rounds}-launches");
                    titled = true;
                }
                else
                {
                    property.WriteTo(writer);
                }
            }

            if (!titled)
            {
                writer.WriteString("Title", $"-merged-{rounds}-launches");
            }

            writer.WriteEndObject();
            writer.Flush();
            output.WriteByte((byte)'\n');
        }
        finally
        {
            foreach (var (_, document) in documents)
            {
                // Stryker disable once Statement : see mutation-testing.md#memory-only
                document.Dispose();
            }
        }
    }

    private static void WriteBenchmark(Utf8JsonWriter writer, string fullName, List<(LaunchInput Launch, JsonElement Benchmark)> occurrences, int rounds, TextWriter notes, MergedBytes bytesRule)
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
        (JsonElement Shape, string File)? template = null;
        foreach (var (launch, benchmark) in occurrences)
        {
            if (benchmark.TryGetProperty("Statistics", out var statistics) && statistics.ValueKind == JsonValueKind.Object
                && statistics.TryGetProperty("OriginalValues", out var original) && original.ValueKind == JsonValueKind.Array && original.GetArrayLength() > 0)
            {
                template ??= (statistics, launch.File);
                values.AddRange(original.EnumerateArray().Select(v => v.GetDouble()));
            }
            else
            {
                notes.WriteLine($"merge: {fullName} has no measurements in launch {launch.Round} ({launch.File})");
            }
        }

        writer.WriteStartObject();
        var wroteStatistics = false;
        foreach (var property in occurrences[0].Benchmark.EnumerateObject())
        {
            if (property.NameEquals("Statistics"))
            {
                WriteStatistics(writer, values, template);
                wroteStatistics = true;
            }
            else if (property.NameEquals("Measurements"))
            {
                WriteMeasurements(writer, occurrences);
            }
            else if (property.NameEquals("Memory") && property.Value.ValueKind == JsonValueKind.Object)
            {
                WriteMemory(writer, fullName, property.Value, occurrences, notes, bytesRule);
            }
            else
            {
                property.WriteTo(writer);
            }
        }

        if (!wroteStatistics)
        {
            WriteStatistics(writer, values, template);
        }

        writer.WriteEndObject();
    }

    private static void WriteStatistics(Utf8JsonWriter writer, List<double> values, (JsonElement Shape, string File)? template)
    {
        writer.WritePropertyName("Statistics");
        if (template is { } t)
        {
            StatisticsJson.Of(values, System.Text.Json.Nodes.JsonObject.Create(t.Shape)!, t.File).WriteTo(writer);
        }
        else
        {
            writer.WriteNullValue();
        }
    }

    // Each input's measurements, in round order, with the input's round as their LaunchIndex.
    private static void WriteMeasurements(Utf8JsonWriter writer, List<(LaunchInput Launch, JsonElement Benchmark)> occurrences)
    {
        writer.WriteStartArray("Measurements");
        foreach (var (launch, benchmark) in occurrences)
        {
            if (!benchmark.TryGetProperty("Measurements", out var measurements) || measurements.ValueKind != JsonValueKind.Array)
            {
                continue;
            }

            foreach (var measurement in measurements.EnumerateArray())
            {
                writer.WriteStartObject();
                var indexed = false;
                foreach (var property in measurement.EnumerateObject())
                {
                    if (property.NameEquals("LaunchIndex"))
                    {
                        writer.WriteNumber("LaunchIndex", launch.Round);
                        indexed = true;
                    }
                    else
                    {
                        property.WriteTo(writer);
                    }
                }

                if (!indexed)
                {
                    writer.WriteNumber("LaunchIndex", launch.Round);
                }

                writer.WriteEndObject();
            }
        }

        writer.WriteEndArray();
    }

    // Allocations per operation should agree across launches; if they do not, the rule picks one (MergedBytes) and the
    // disagreement is said out loud. GC counters are summed.
    private static void WriteMemory(Utf8JsonWriter writer, string fullName, JsonElement memory, List<(LaunchInput Launch, JsonElement Benchmark)> occurrences, TextWriter notes, MergedBytes bytesRule)
    {
        IEnumerable<long> Counter(string name) => occurrences
            .Select(o => o.Benchmark.TryGetProperty("Memory", out var m) && m.ValueKind == JsonValueKind.Object && m.TryGetProperty(name, out var v) && v.ValueKind == JsonValueKind.Number ? v.GetInt64() : (long?)null)
            .OfType<long>();

        var bytes = Counter("BytesAllocatedPerOperation").Distinct().ToList();
        var kept = bytes.Count == 0 ? 0 : bytesRule == MergedBytes.Least ? bytes.Min() : bytes.Max();
        if (bytes.Count > 1)
        {
            notes.WriteLine($"merge: {fullName} allocated different bytes per operation across launches ({string.Join(", ", bytes)}); keeping {kept}");
        }

        writer.WriteStartObject("Memory");
        foreach (var property in memory.EnumerateObject())
        {
            if (property.NameEquals("BytesAllocatedPerOperation") && bytes.Count > 0)
            {
                writer.WriteNumber(property.Name, kept);
            }
            else if (SummedCounters.Contains(property.Name, StringComparer.Ordinal))
            {
                writer.WriteNumber(property.Name, Counter(property.Name).Sum());
            }
            else
            {
                property.WriteTo(writer);
            }
        }

        writer.WriteEndObject();
    }
}
