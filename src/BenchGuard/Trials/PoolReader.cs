using System.Globalization;

namespace BenchGuard.Trials;

/// <summary>One usable launch of a suite pool (launches.tsv).</summary>
/// <param name="Seq">Its place in the schedule.</param>
/// <param name="Kind">P, S10 or S20.</param>
/// <param name="Folder">Its results.</param>
internal sealed record PoolLaunch(int Seq, string Kind, string Folder);

/// <summary>One complete round of a rounds pool (rounds.tsv): every method launched on both sides, with results.</summary>
/// <param name="Number">The round.</param>
/// <param name="Kind">P or S + percent.</param>
/// <param name="Level">A/A or +N%.</param>
/// <param name="Base">The base side's launches.</param>
/// <param name="Head">The head side's launches.</param>
internal sealed record PoolRound(int Number, string Kind, string Level, string Base, string Head);

/// <summary>Reads the two pool layouts.</summary>
internal static class PoolReader
{
    /// <summary>A/A for P, +N% for SN.</summary>
    public static string LevelOf(string kind) =>
        kind == "P" ? "A/A" : $"+{int.Parse(kind[1..], CultureInfo.InvariantCulture)}%";

    /// <summary>The launches of a suite pool that have results, between two schedule positions.</summary>
    public static List<PoolLaunch> Launches(string pool, int firstSeq, int lastSeq)
    {
        var launches = new List<PoolLaunch>();
        foreach (var row in Rows(Path.Combine(pool, "launches.tsv")))
        {
            var seq = int.Parse(row["seq"], CultureInfo.InvariantCulture);
            if (row["json"] == "0" || seq < firstSeq || seq > lastSeq)
            {
                continue;
            }

            // A launch whose child build failed (BenchmarkDotNet's build timeout) writes JSON without a single
            // measurement: a lost launch, not a data point.
            var name = $"L{seq:000}-{row["kind"]}";
            var log = Path.Combine(pool, "logs", name + ".log");
            var text = File.Exists(log) ? File.ReadAllText(log) : "";
            if (text.Contains("// Build Error", StringComparison.Ordinal) || text.Contains("executed benchmarks: 0", StringComparison.Ordinal))
            {
                continue;
            }

            launches.Add(new PoolLaunch(seq, row["kind"], Path.Combine(pool, "launches", name)));
        }

        return launches;
    }

    /// <summary>The complete rounds of a rounds pool, in order.</summary>
    public static List<PoolRound> Rounds(string pool)
    {
        var rounds = new SortedDictionary<int, (string Kind, bool Ok, int Launches)>();
        foreach (var row in Rows(Path.Combine(pool, "rounds.tsv")))
        {
            var number = int.Parse(row["round"], CultureInfo.InvariantCulture);
            var ok = row["exit"] == "0" && row["json"] != "0";
            rounds[number] = rounds.TryGetValue(number, out var r) ? (r.Kind, r.Ok && ok, r.Launches + 1) : (row["kind"], ok, 1);
        }

        var complete = rounds.Values.Select(r => r.Launches).DefaultIfEmpty(0).Max();
        return rounds
            .Where(r => r.Value.Ok && r.Value.Launches == complete)
            .Select(r =>
            {
                var folder = Path.Combine(pool, "launches", $"R{r.Key:000}-{r.Value.Kind}");
                return new PoolRound(r.Key, r.Value.Kind, LevelOf(r.Value.Kind), Path.Combine(folder, "base"), Path.Combine(folder, "head"));
            })
            .ToList();
    }

    private static IEnumerable<Dictionary<string, string>> Rows(string tsv)
    {
        if (!File.Exists(tsv))
        {
            throw new InputException($"{tsv}: no such file (collect the pool first)");
        }

        var lines = File.ReadAllLines(tsv);
        var header = lines[0].Split('\t');
        foreach (var line in lines.Skip(1).Where(l => l.Length > 0))
        {
            var fields = line.Split('\t');
            if (fields.Length != header.Length)
            {
                throw new InputException($"{tsv}: a line with {fields.Length} fields, not {header.Length}");
            }

            yield return header.Zip(fields).ToDictionary(p => p.First, p => p.Second, StringComparer.Ordinal);
        }
    }
}
