using System.Globalization;
using System.Text;
using System.Text.Json;
using BenchGuard.Input;

namespace BenchGuard.ChangePoints;

/// <summary>
/// github-action-benchmark's <c>data.js</c> (<c>window.BENCHMARK_DATA = {...}</c>): one series per suite, benchmark
/// name and unit, points in the order the action appended them (oldest first).
/// </summary>
internal static class BenchmarkDataFile
{
    private const string Prefix = "window.BENCHMARK_DATA";

    // The action's tools whose values grow when things get better (its write.ts, biggerIsBetter).
    private static readonly HashSet<string> BiggerIsBetterTools = new(StringComparer.Ordinal) { "benchmarkjs", "pytest", "customBiggerIsBetter" };

    /// <summary>Reads every series of the file and its repository's address; bad input names the file and the field.</summary>
    public static TrendHistory Read(string path)
    {
        var text = Encoding.UTF8.GetString(InputFile.ReadBytes(path)).TrimStart('\uFEFF').Trim();
        var start = text.IndexOf('{', StringComparison.Ordinal);
        if (!text.StartsWith(Prefix, StringComparison.Ordinal) || start < 0 || text[Prefix.Length..start].Trim() != "=")
        {
            throw new InputException($"{path}: not a github-action-benchmark data.js (no window.BENCHMARK_DATA = {{...}})");
        }

        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(text[start..].TrimEnd(';', ' ', '\n', '\r', '\t'), new JsonDocumentOptions { AllowDuplicateProperties = false });
        }
        catch (JsonException e)
        {
            throw new InputException($"{path}: data.js does not hold JSON ({e.Message})", e);
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new InputException($"{path}: data.js holds no object");
            }

            var root = new JsonFields(path, "BENCHMARK_DATA", document.RootElement);
            var entries = root.Object("entries") ?? throw root.Error("no entries");
            var series = new List<TrendSeries>();
            foreach (var suite in entries.Element.EnumerateObject())
            {
                series.AddRange(ReadSuite(new JsonFields(path, $"entries.{suite.Name}", suite.Value), suite.Name));
            }

            return new TrendHistory(root.String("repoUrl") ?? string.Empty, series);
        }
    }

    private static IEnumerable<TrendSeries> ReadSuite(JsonFields suite, string name)
    {
        if (suite.Element.ValueKind != JsonValueKind.Array)
        {
            throw suite.Error("not an array of runs");
        }

        var points = new Dictionary<(string Name, string Unit), List<TrendPoint>>();
        var bigger = new Dictionary<(string Name, string Unit), bool>();
        var i = 0;
        foreach (var item in suite.Element.EnumerateArray())
        {
            var run = item.ValueKind == JsonValueKind.Object ? new JsonFields(suite.File, $"{suite.Where}[{i}]", item) : throw suite.Error($"run {i} is not an object");
            var commit = run.Object("commit")?.String("id") ?? throw run.Error("no commit.id");
            var date = run.Number("date", 0) is { } ms
                ? DateTimeOffset.FromUnixTimeMilliseconds((long)ms).UtcDateTime.ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture)
                : string.Empty;
            var biggerIsBetter = BiggerIsBetterTools.Contains(run.String("tool") ?? string.Empty);
            foreach (var bench in run.Objects("benches"))
            {
                var key = (bench.String("name") ?? throw bench.Error("no name"), bench.String("unit") ?? string.Empty);
                var value = bench.Number("value") ?? throw bench.Error("no value");
                if (!points.TryGetValue(key, out var list))
                {
                    points[key] = list = [];
                }

                list.Add(new TrendPoint(commit, date, value));
                bigger[key] = biggerIsBetter;
            }

            i++;
        }

        return points.Select(p => new TrendSeries(name, p.Key.Name, p.Key.Unit, bigger[p.Key], p.Value));
    }
}
