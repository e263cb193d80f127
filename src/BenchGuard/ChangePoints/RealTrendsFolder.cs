using System.Globalization;
using System.Text;
using System.Text.Json;
using BenchGuard.Input;

namespace BenchGuard.ChangePoints;

/// <summary>One real history with what its source says of it.</summary>
/// <param name="Repository">owner/name of the project that measured it.</param>
/// <param name="Series">The history.</param>
/// <param name="NoisePercent">Its run-to-run noise (the source's robust CV%, from consecutive log ratios).</param>
/// <param name="VisibleSteps">The indexes of the level changes of 15% or more the source lists for it.</param>
internal sealed record RealSeries(string Repository, TrendSeries Series, double NoisePercent, IReadOnlyList<int> VisibleSteps);

/// <summary>
/// A folder of real trend histories in the restructured format: <c>owner__name.json</c> files
/// (<c>{"source", "series": [{"suite", "name", "unit", "biggerIsBetter", "points": [{"commit", "date", "value"}]}]}</c>)
/// and <c>summary.csv</c>, one row per series with its noise (<c>cv_pct</c>) and visible steps
/// (<c>steps_index_commit_pct</c>: <c>index:commit:percent</c> joined by <c>;</c>).
/// </summary>
internal static class RealTrendsFolder
{
    /// <summary>Every series of the folder that summary.csv describes, in file and series order.</summary>
    public static IReadOnlyList<RealSeries> Read(string folder)
    {
        if (!Directory.Exists(folder))
        {
            throw new InputException($"{folder}: no such folder");
        }

        var summaryPath = Path.Combine(folder, "summary.csv");
        if (!File.Exists(summaryPath))
        {
            throw new InputException($"{folder}: no summary.csv (the per-series noise and visible steps)");
        }

        var summary = ReadSummary(summaryPath);
        var found = new List<RealSeries>();
        foreach (var file in Directory.EnumerateFiles(folder, "*__*.json").Order(StringComparer.Ordinal))
        {
            var repository = Path.GetFileNameWithoutExtension(file).Replace("__", "/", StringComparison.Ordinal);
            foreach (var series in InputFile.Read(file, root => ReadSeries(file, root)))
            {
                if (summary.TryGetValue((repository, series.Suite, series.Name, series.Unit), out var row))
                {
                    found.Add(new RealSeries(repository, series, row.Noise, row.Steps));
                }
            }
        }

        return found.Count > 0 ? found : throw new InputException($"{folder}: no series that summary.csv describes");
    }

    private static List<TrendSeries> ReadSeries(string file, JsonElement root)
    {
        var top = root.ValueKind == JsonValueKind.Object ? new JsonFields(file, "root", root) : throw new InputException($"{file}: not an object");
        var list = new List<TrendSeries>();
        foreach (var s in top.Objects("series"))
        {
            var points = s.Objects("points")
                .Select(p => new TrendPoint(p.String("commit") ?? throw p.Error("no commit"), p.String("date") ?? string.Empty, p.Number("value") ?? throw p.Error("no value")))
                .ToList();
            var bigger = s.Element.TryGetProperty("biggerIsBetter", out var b) && b.ValueKind == JsonValueKind.True;
            list.Add(new TrendSeries(s.String("suite") ?? string.Empty, s.String("name") ?? throw s.Error("no name"), s.String("unit") ?? string.Empty, bigger, points));
        }

        return list;
    }

    private static Dictionary<(string, string, string, string), (double Noise, int[] Steps)> ReadSummary(string path)
    {
        var lines = Encoding.UTF8.GetString(InputFile.ReadBytes(path)).Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var header = Fields(lines[0].TrimEnd('\r'));
        int Column(string name) => header.IndexOf(name) is var i and >= 0 ? i : throw new InputException($"{path}: no column {name}");
        int repo = Column("repo"), suite = Column("suite"), name = Column("name"), unit = Column("unit"), cv = Column("cv_pct"), steps = Column("steps_index_commit_pct");
        var rows = new Dictionary<(string, string, string, string), (double, int[])>();
        for (var l = 1; l < lines.Length; l++)
        {
            var f = Fields(lines[l].TrimEnd('\r'));
            if (f.Count != header.Count || !double.TryParse(f[cv], NumberStyles.Float, CultureInfo.InvariantCulture, out var noise))
            {
                throw new InputException($"{path}: line {l + 1} is not a row of {header.Count} fields with a number in cv_pct");
            }

            var indexes = f[steps].Split(';', StringSplitOptions.RemoveEmptyEntries)
                .Select(s => int.TryParse(s.Split(':')[0], NumberStyles.None, CultureInfo.InvariantCulture, out var i) ? i : throw new InputException($"{path}: line {l + 1}: step '{s}' is not index:commit:percent"))
                .ToArray();
            rows[(f[repo], f[suite], f[name], f[unit])] = (noise, indexes);
        }

        return rows;
    }

    // One CSV line: fields separated by commas, a quoted field may hold commas and doubled quotes.
    private static List<string> Fields(string line)
    {
        var fields = new List<string>();
        var field = new StringBuilder();
        var quoted = false;
        for (var i = 0; i < line.Length; i++)
        {
            var c = line[i];
            if (quoted)
            {
                if (c == '"' && i + 1 < line.Length && line[i + 1] == '"')
                {
                    field.Append('"');
                    i++;
                }
                else if (c == '"')
                {
                    quoted = false;
                }
                else
                {
                    field.Append(c);
                }
            }
            else if (c == '"')
            {
                quoted = true;
            }
            else if (c == ',')
            {
                fields.Add(field.ToString());
                field.Clear();
            }
            else
            {
                field.Append(c);
            }
        }

        fields.Add(field.ToString());
        return fields;
    }
}
