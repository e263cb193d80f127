using System.Globalization;
using System.CommandLine;
using BenchGuard.Cli;
using BenchGuard.Configuration;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Results;

namespace BenchGuard.Commands;

/// <summary>
/// <c>export-trend --results DIR --os OS --out-dir DIR [--counters counters.json] [--summary FILE] [--allow-failed]</c>:
/// github-action-benchmark <c>customSmallerIsBetter</c> input, one file per metric (<c>time.json</c> in ns,
/// <c>allocated.json</c> in B, and with <c>--counters</c> one per counter this OS measures, <see cref="CounterTrend"/>),
/// so each gets its own suite name and none hides another's regressions. With <c>--summary</c>, the series written and
/// every counter left out, and why, are appended to FILE (the job summary) as Markdown.
/// </summary>
internal static class ExportTrendCommand
{
    /// <summary>The time file name.</summary>
    public const string TimeFile = TimeMetric + ".json";

    /// <summary>The allocation file name.</summary>
    public const string AllocatedFile = AllocatedMetric + ".json";

    /// <summary>The timing series' metric: its file's name and the word in its suite's name.</summary>
    public const string TimeMetric = "time";

    /// <summary>The series of BenchmarkDotNet's bytes per operation: its metric, as <see cref="TimeMetric"/>.</summary>
    public const string AllocatedMetric = "allocated";

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("export-trend", "Writes github-action-benchmark customSmallerIsBetter files: time, allocated bytes, and with --counters the counters this OS measures.")
        {
            CommandOption.Single("--results", "DIR", "The BenchmarkDotNet results to export (not a baseline store). Required."),
            CommandOption.Single("--os", "OS", "The runner OS the results were measured on. Required."),
            CommandOption.Single("--out-dir", "DIR", "Where time.json, allocated.json and the counters' files are written. Required."),
            CommandOption.Single("--counters", "FILE", "One build's counters.json (counters --program): one more file per counter it measured."),
            CommandOption.Single("--summary", "FILE", "Appends the series written and every counter left out, and why, to FILE (the job summary) as Markdown."),
            CommandOption.Flag("--allow-failed", "A failed benchmark is left out and listed, without exit 1."),
        };
        command.SetAction(result => Run(new CommandArguments("export-trend", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var results = ResultSetLoader.Load(a.Required("--results"));
        var os = a.Required("--os");
        var outDir = a.Required("--out-dir");
        if (results.IsBaseline)
        {
            throw new InputException($"{results.Source}: export-trend reads BenchmarkDotNet results, not a baseline store");
        }

        var ordered = results.Benchmarks.Values.OrderBy(b => b.FullName, StringComparer.Ordinal).ToList();
        var failed = ordered.Where(b => b.Failed).ToList();
        var time = ordered.Where(b => !b.Failed).Select(TimeEntry).ToList();
        var allocated = ordered.Where(b => !b.Failed && b.AllocatedBytes is not null).Select(AllocatedEntry).ToList();

        // Empty series would look like a run that measured nothing slower; an export of nothing is no success, and
        // nothing is written, so no earlier file is replaced by an empty one.
        if (ordered.Count == 0)
        {
            throw new InputException($"{results.Source}: its exports hold no benchmarks; nothing exported");
        }

        if (time.Count == 0)
        {
            throw new InputException($"{results.Source}: all {failed.Count} benchmarks failed (no measurements, first: {failed[0].FullName}); nothing exported");
        }

        JsonFormat.Write(Path.Combine(outDir, TimeFile), time);
        JsonFormat.Write(Path.Combine(outDir, AllocatedFile), allocated);
        Console.Out.WriteLine($"export-trend: {time.Count} time and {allocated.Count} allocation entries for {os} in {outDir}");
        // The suites' names as the configuration gives them, for the trend steps that publish these files.
        var suite = ConfigurationFile.Nearest(".")?.TrendSuite is { } prefix ? prefix + " " : "";
        Console.Out.WriteLine($"  {TimeFile} -> suite \"{suite}time ({os})\", {AllocatedFile} -> suite \"{suite}allocated ({os})\"");

        List<(string Metric, int Entries)> written = [(TimeMetric, time.Count), (AllocatedMetric, allocated.Count)];
        IReadOnlyList<string> notes = [];
        if (a.Value("--counters") is { } countersPath)
        {
            (var files, notes) = CounterTrend.Of(CountersCommand.ReadCounters(countersPath));
            foreach (var (series, entries) in files)
            {
                JsonFormat.Write(Path.Combine(outDir, series.Metric + ".json"), entries);
                written.Add((series.Metric, entries.Count));
                Console.Out.WriteLine($"  {series.Metric}.json -> suite \"{suite}{series.Metric} ({os})\", {entries.Count} entries in {series.Unit}");
            }

            foreach (var note in notes)
            {
                Console.Out.WriteLine($"  {note}");
            }
        }

        if (a.Value("--summary") is { } summary)
        {
            AppendSummary(summary, os, written, notes);
        }

        foreach (var b in failed)
        {
            Console.Error.WriteLine($"export-trend: left out failed benchmark (no measurements): {b.FullName}");
        }

        return failed.Count > 0 && !a.Has("--allow-failed") ? ExitCodes.Regression : ExitCodes.Ok;
    }

    // A series missing from the trend is said where the run is read, with its reason, rather than dropped in silence.
    private static void AppendSummary(string path, string os, List<(string Metric, int Entries)> written, IReadOnlyList<string> notes)
    {
        var series = string.Join(", ", written.Select(w => $"{w.Metric} ({w.Entries.ToString(CultureInfo.InvariantCulture)})"));
        var quoted = notes.Count == 0 ? string.Empty : string.Join("\n>\n", notes.Select(note => $"> ℹ️ {MarkdownText.Escape(note)}")) + "\n\n";
        try
        {
            File.AppendAllText(path, $"### Trend series ({MarkdownText.Escape(os)})\n\n{series}\n\n{quoted}");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InputException($"{path}: the summary cannot be written: {e.Message}", e);
        }
    }

    private static TrendEntry TimeEntry(BenchmarkResult b) => new(
        b.FullName,
        b.Mean ?? b.Values.Average(),
        "ns",
        b.ConfidenceMargin is { } margin && double.IsFinite(margin) ? "± " + margin.ToString("0.###", CultureInfo.InvariantCulture) : null,
        string.Join('\n', new[]
        {
            $"median: {Comparison.Medians.Of(b.Values).ToString("0.###", CultureInfo.InvariantCulture)} ns",
            $"iterations: {b.Values.Count}",
            b.Job is null ? null : $"job: {b.Job}",
        }.Where(line => line is not null)));

    private static TrendEntry AllocatedEntry(BenchmarkResult b) => new(
        b.FullName,
        b.AllocatedBytes!.Value,
        "B",
        null,
        b.Job is null ? null : $"job: {b.Job}");
}
