using System.Security.Cryptography;
using System.Text;
using BenchGuard.Commands;
using BenchGuard.Comparison;
using BenchGuard.Results;

namespace BenchGuard.Trials;

/// <summary>One benchmark's verdicts in one trial.</summary>
/// <param name="Name">Its FullName.</param>
/// <param name="Pooled">The pooled Mann-Whitney verdict (or the verdict, when there is none: New, Failed).</param>
/// <param name="Paired">The paired verdict (or the verdict, when there is none).</param>
internal sealed record TrialVerdict(string Name, Verdict Pooled, Verdict Paired);

/// <summary>
/// The comparer's own merge and verdict code, in process, for every trial: each side's launches merged once (cached
/// under the analysis folder), each loaded once, each comparison made once.
/// </summary>
/// <param name="work">Where the merged sides go.</param>
internal sealed class TrialComparer(string work)
{
    private readonly Dictionary<string, ResultSet> loaded = new(StringComparer.Ordinal);
    private readonly Dictionary<string, IReadOnlyList<TrialVerdict>> compared = new(StringComparer.Ordinal);

    /// <summary>How many comparisons were made (not cached).</summary>
    public int Comparisons { get; private set; }

    /// <summary>The verdicts of one trial at a threshold, pooled only (rule null) or also paired by a rule ("t@0.01": t at alpha 0.01).</summary>
    public IReadOnlyList<TrialVerdict> Compare(Trial trial, string threshold, string? rule)
    {
        var key = string.Join('|', [.. trial.Base, "/", .. trial.Head, threshold, rule ?? "-"]);
        if (this.compared.TryGetValue(key, out var cached))
        {
            return cached;
        }

        PairedOptions? paired = null;
        if (rule is not null)
        {
            var parts = rule.Split('@');
            paired = new PairedOptions(
                parts[0],
                parts.Length > 1 ? double.Parse(parts[1], System.Globalization.CultureInfo.InvariantCulture) : VerdictDefaults.PairedAlpha,
                VerdictDefaults.PairedConfidence,
                VerdictDefaults.PairedMinRounds);
        }

        var options = new CompareOptions(
            TimeThreshold.Parse("--thresholds", threshold),
            TimeThreshold.Parse("--noise", VerdictDefaults.Noise),
            AllocationThreshold.Parse(VerdictDefaults.AllocationThreshold),
            null,
            "verdict",
            paired,
            []);
        var report = ComparisonBuilder.Build(null, options, this.Side(trial.Base), this.Side(trial.Head));
        this.Comparisons++;
        var verdicts = report.Benchmarks
            // A benchmark's verdict is its paired one whenever a paired outcome exists (ComparisonBuilder), else the pooled one.
            .Select(b => new TrialVerdict(b.FullName, b.Pooled?.Verdict ?? b.Verdict, b.Verdict))
            .ToList();
        this.compared[key] = verdicts;
        return verdicts;
    }

    private ResultSet Side(IReadOnlyList<string> launches)
    {
        var name = Convert.ToHexString(SHA1.HashData(Encoding.UTF8.GetBytes(string.Join('|', launches))))[..16].ToLowerInvariant();
        var folder = Path.Combine(work, "merged", name);
        if (this.loaded.TryGetValue(folder, out var set))
        {
            return set;
        }

        if (!Directory.Exists(folder))
        {
            var partial = folder + ".tmp";
            if (Directory.Exists(partial))
            {
                Directory.Delete(partial, recursive: true);
            }

            MergeCommand.Merge(launches, partial, TextWriter.Null);
            Directory.Move(partial, folder);
        }

        return this.loaded[folder] = ResultSetLoader.Load(folder);
    }
}
