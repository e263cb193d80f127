using System.CommandLine;
using System.Globalization;
using System.Text;
using System.Text.Json;
using BenchGuard.ChangePoints;
using BenchGuard.Cli;
using BenchGuard.Counters;
using BenchGuard.Output;

namespace BenchGuard.Commands;

/// <summary>
/// <c>change-points --data data.js [--json] [--md] [--summary steps.json [--previous old-steps.json]]</c>: the steps of
/// every series of a github-action-benchmark data.js (each benchmark × suite × unit), found by <see cref="StepFinder"/>;
/// with <c>--summary</c>, also the small summary the trend page draws first (<see cref="StepSummary"/>), which keeps the
/// previous summary's steps, withdrawn where the history no longer supports them (<see cref="StepLedger"/>). <c>change-points evaluate --trends DIR
/// [--sweep] [--seed N] [--placements N]</c>: plants steps and creeps into real histories and scores the finder against
/// the 130% ratio rule (docs/verdict-quality.md, "Steps in the trend"). Exit codes: 0 written; 2 bad usage or input.
/// </summary>
internal static class ChangePointsCommand
{
    // evaluate's defaults, which its help states: the seed and placements of the table in docs/verdict-quality.md.
    private const int DefaultSeed = 34;
    private const int DefaultPlacements = 5;

    /// <summary>The file a step-check leg's output folder holds its leg in (<see cref="StepCheckLeg"/>, as check-plan printed it).</summary>
    public const string LegFile = "leg.json";

    // The settings the sweep tries besides the defaults: a larger minimum effect, a stricter interval, longer segments.
    private static readonly (int MinSegment, double MinEffect, double Confidence)[] SweepSettings =
    [
        (ChangePointDefaults.MinSegment, ChangePointDefaults.MinEffect, ChangePointDefaults.Confidence),
        (ChangePointDefaults.MinSegment, ChangePointDefaults.MinEffect, 0.999),
        (ChangePointDefaults.MinSegment, 0.08, ChangePointDefaults.Confidence),
        (8, ChangePointDefaults.MinEffect, ChangePointDefaults.Confidence),
        (8, 0.08, 0.999),
    ];

    /// <summary>The command, its options and its sub-commands, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var checkPlan = new Command("check-plan", "Prints, as one line of JSON (a workflow matrix), the A/B legs that re-measure the summary's unchecked active regressions.")
        {
            CommandOption.Single("--summary", "FILE", "The steps summary (steps.json). Required."),
            CommandOption.Single("--budget", "N", FormattableString.Invariant($"At most N legs, 0 to 20 (default: {ChangePointDefaults.ChecksPerRun}); the rest are named on stderr.")),
        };
        checkPlan.SetAction(result => CheckPlan(new CommandArguments("change-points check-plan", result)));

        var settle = new Command("settle", "Writes what each leg's A/B found into the summary and prints the confirmed regressions as Markdown.")
        {
            CommandOption.Single("--summary", "FILE", "The steps summary (steps.json). Required."),
            CommandOption.Single("--incoming", "DIR", "The leg folders: each one's leg.json beside pr-report's ab/ab.json and counters.json. Required."),
            CommandOption.Single("--out", "FILE", "Where the settled summary is written (default: over --summary)."),
            CommandOption.Single("--comments", "DIR", "Writes one comment per commit with a confirmed or located regression (<commit>.md) into DIR."),
            CommandOption.Flag("--fail-on-confirmed", "Exit 1 when a step is confirmed."),
        };
        settle.SetAction(result => Settle(new CommandArguments("change-points settle", result)));

        var evaluate = new Command("evaluate", "Plants steps and creeps into real histories and scores the finder against the 130% ratio rule.")
        {
            CommandOption.Single("--trends", "DIR", "The real histories. Required."),
            CommandOption.Flag("--sweep", "Scores the finder at the defaults and at stricter settings, as one table."),
            CommandOption.Single("--seed", "N", $"The seed of the placements (default: {DefaultSeed})."),
            CommandOption.Single("--placements", "N", $"Placements per series and planted change, 1 to 100 (default: {DefaultPlacements})."),
        };
        evaluate.SetAction(result => Evaluate(new CommandArguments("change-points evaluate", result)));

        var command = new Command("change-points", "The steps in each series of a github-action-benchmark data.js, and the steps summary the trend page draws first.")
        {
            CommandOption.Single("--data", "FILE", "The github-action-benchmark data.js. Required."),
            CommandOption.Flag("--json", "Prints the steps as JSON."),
            CommandOption.Flag("--md", "Prints the steps as Markdown."),
            CommandOption.Single("--summary", "FILE", "Also writes the steps summary (steps.json) the trend page draws first."),
            CommandOption.Single("--previous", "FILE", "The previous summary, whose steps are carried over (needs --summary)."),
            checkPlan,
            settle,
            evaluate,
        };
        command.SetAction(result => Steps(new CommandArguments("change-points", result)));
        return command;
    }

    // The legs of this run's A/B checks, as a JSON array (a workflow matrix), newest first; what waits goes to stderr.
    private static int CheckPlan(CommandArguments a)
    {
        var summary = ReadSummary(a.Required("--summary"));
        var (legs, left) = StepChecks.Plan(summary, (int)a.Number("--budget", ChangePointDefaults.ChecksPerRun, 0, 20));
        Console.Out.WriteLine(JsonSerializer.Serialize(legs, new JsonSerializerOptions(JsonFormat.Options) { WriteIndented = false }));
        if (left > 0)
        {
            Console.Error.WriteLine($"change-points check-plan: {left} more commit(s) with unchecked steps wait for a later run");
        }

        return ExitCodes.Ok;
    }

    // Each leg's finding written into the summary; the confirmed regressions listed (Markdown) for the commit comment.
    private static int Settle(CommandArguments a)
    {
        var path = a.Required("--summary");
        var summary = ReadSummary(path);
        var incoming = a.Required("--incoming");
        if (!Directory.Exists(incoming))
        {
            throw new InputException($"change-points settle: no folder {incoming}");
        }

        var confirmed = new List<SummaryStep>();
        var located = new List<SummaryStep>();
        foreach (var legFile in Directory.EnumerateFiles(incoming, LegFile, SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            var folder = Path.GetDirectoryName(legFile)!;
            var leg = Input.InputFile.Deserialize<StepCheckLeg>(legFile, "a step-check leg");
            var abFile = Path.Combine(folder, "ab", "ab.json");
            var countersFile = Path.Combine(folder, PullRequestCounters.FileName);
            var ab = File.Exists(abFile) ? CompareJsonReader.Read(abFile) : null;
            var counters = File.Exists(countersFile) ? CountersComparison.Read(countersFile) : null;
            (summary, var settled) = StepChecks.Settle(summary, leg, ab, counters);
            foreach (var step in settled)
            {
                var word = leg.Kind == StepCheckLeg.Bisect
                    ? $"{step.Bisect!.Commits} commit(s) left between {StepChecks.Short(step.Bisect.Good)} and {StepChecks.Short(step.Bisect.Bad)}"
                    : JsonNamingPolicy.KebabCaseLower.ConvertName(step.Confirmation.ToString());
                Console.Error.WriteLine($"change-points settle: {step.Os} {step.Metric} {step.Benchmark} at {StepChecks.Short(step.Commit)}: {word}");
            }

            confirmed.AddRange(settled.Where(s => leg.Kind == StepCheckLeg.Confirm && s.Confirmation == StepConfirmation.Confirmed));
            located.AddRange(settled.Where(s => leg.Kind == StepCheckLeg.Bisect && s.Bisect is { Commits: 1 }));
        }

        JsonFormat.Write(a.Value("--out") ?? path, summary);
        if (confirmed.Count > 0)
        {
            Console.Out.Write(StepChecks.Table(confirmed));
        }

        // One comment per commit with a confirmed or located regression, named by the commit, for the workflow to post.
        if (a.Value("--comments") is { } comments)
        {
            Directory.CreateDirectory(comments);
            foreach (var (commit, text) in StepChecks.CommitComments(confirmed, located))
            {
                File.WriteAllText(Path.Combine(comments, commit + ".md"), text);
            }
        }

        return confirmed.Count > 0 && a.Has("--fail-on-confirmed") ? ExitCodes.Regression : ExitCodes.Ok;
    }

    private static int Steps(CommandArguments a)
    {
        if (a.Has("--json") && a.Has("--md"))
        {
            throw new InputException("change-points: give --json or --md, not both");
        }

        if (a.Value("--previous") is not null && a.Value("--summary") is null)
        {
            throw new InputException("change-points: --previous needs --summary (the summary it is carried into)");
        }

        var finder = new StepFinder();
        var data = a.Required("--data");
        // Read before any work: a bad previous summary is bad input, never a summary that forgot its steps.
        var previous = a.Value("--previous") is { } old ? ReadSummary(old) : null;
        var history = BenchmarkDataFile.Read(data);
        var found = history.Series
            .Where(s => s.Points.Count > 0)
            .Select(s => (Series: s, Steps: finder.Find(s)))
            .ToList();
        if (a.Value("--summary") is { } summary)
        {
            JsonFormat.Write(summary, StepLedger.Next(history.RepoUrl, found, previous));
        }

        Console.Out.Write(a.Has("--json") ? Json(found) : a.Has("--md") ? Markdown(found) : Text(found));
        return ExitCodes.Ok;
    }

    private static StepSummary ReadSummary(string path)
    {
        var summary = Input.InputFile.Deserialize<StepSummary>(path, "a change-points summary");
        return summary.Schema == StepSummary.CurrentSchema
            ? summary
            : throw new InputException($"{path}: a change-points summary of schema {summary.Schema}; this tool reads schema {StepSummary.CurrentSchema}");
    }

    private static int Evaluate(CommandArguments a)
    {
        var options = new EvaluationOptions(
            (int)a.Number("--seed", DefaultSeed, 0, int.MaxValue),
            (int)a.Number("--placements", DefaultPlacements, 1, 100),
            EvaluationOptions.InTime * 10);
        var series = RealTrendsFolder.Read(a.Required("--trends"));
        if (!a.Has("--sweep"))
        {
            Console.Out.Write(EvaluationTable.Markdown(EvaluationResult.Run(series, new StepFinder(), options), options));
            return ExitCodes.Ok;
        }

        var text = new StringBuilder("| min segment | min effect | confidence | +10% in time, noise < 5% | +20% in the whole history, noise < 15% | false steps /100 commits, no visible step, commit by commit |\n|---:|---:|---:|---:|---:|---:|\n");
        foreach (var (minSegment, minEffect, confidence) in SweepSettings)
        {
            var result = EvaluationResult.Run(series, new StepFinder(minSegment, minEffect, confidence), options, plantedOnly: true);
            var ten = result.Outcomes.Where(o => o.Change == "+10%" && o.NoisePercent < 5).ToList();
            var twenty = result.Outcomes.Where(o => o.Change == "+20%" && o.NoisePercent < 15).ToList();
            text.Append(CultureInfo.InvariantCulture, $"| {minSegment} | {minEffect:0.##} | {confidence:0.###} | {Percent(ten.Count(o => o.DetectorInTime), ten.Count)} | {Percent(twenty.Count(o => o.DetectorInHistory), twenty.Count)} | {100.0 * result.Clean.DetectorSteps / result.Clean.Commits:0.00} |\n");
        }

        Console.Out.Write(text.ToString());
        return ExitCodes.Ok;
    }

    private static string Percent(int part, int whole) => whole == 0 ? "–" : string.Create(CultureInfo.InvariantCulture, $"{100.0 * part / whole:0}%");

    private static string Text(List<(TrendSeries Series, IReadOnlyList<Step> Steps)> found)
    {
        var text = new StringBuilder();
        foreach (var (series, steps) in found.Where(f => f.Steps.Count > 0))
        {
            text.Append(CultureInfo.InvariantCulture, $"{series.Suite} / {series.Name} [{series.Unit}]: {steps.Count} step(s) in {series.Points.Count} points\n");
            foreach (var s in steps)
            {
                text.Append(CultureInfo.InvariantCulture, $"  at {StepChecks.Short(s.Commit)}{(s.Date.Length > 0 ? $" ({s.Date})" : string.Empty)}: {StepChecks.Number(s.MedianBefore)} -> {StepChecks.Number(s.MedianAfter)}, ratio {Ratio(s)}, {s.PointsBefore} points before, {s.PointsAfter} after\n");
            }
        }

        text.Append(CultureInfo.InvariantCulture, $"{found.Count} series, {found.Sum(f => f.Steps.Count)} step(s)\n");
        return text.ToString();
    }

    private static string Markdown(List<(TrendSeries Series, IReadOnlyList<Step> Steps)> found)
    {
        var text = new StringBuilder("| suite | benchmark | unit | first commit after | median before | median after | ratio (99% CI) | points before | after |\n|---|---|---|---|---:|---:|---:|---:|---:|\n");
        foreach (var (series, s) in found.SelectMany(f => f.Steps.Select(s => (f.Series, s))))
        {
            text.Append(CultureInfo.InvariantCulture, $"| {MarkdownText.Escape(series.Suite)} | {MarkdownText.Escape(series.Name)} | {MarkdownText.Escape(series.Unit)} | `{StepChecks.Short(s.Commit)}` | {StepChecks.Number(s.MedianBefore)} | {StepChecks.Number(s.MedianAfter)} | {Ratio(s)} | {s.PointsBefore} | {s.PointsAfter} |\n");
        }

        text.Append(CultureInfo.InvariantCulture, $"\n{found.Count} series, {found.Sum(f => f.Steps.Count)} step(s).\n");
        return text.ToString();
    }

    private static string Json(List<(TrendSeries Series, IReadOnlyList<Step> Steps)> found) =>
        JsonSerializer.Serialize(
            found.Select(f => new
            {
                f.Series.Suite,
                f.Series.Name,
                f.Series.Unit,
                f.Series.BiggerIsBetter,
                Points = f.Series.Points.Count,
                Steps = f.Steps.Select(s => new
                {
                    s.Index,
                    s.Commit,
                    s.Date,
                    s.MedianBefore,
                    s.MedianAfter,
                    Ratio = JsonFormat.Finite(s.Ratio),
                    Lower = JsonFormat.Finite(s.Lower),
                    Upper = JsonFormat.Finite(s.Upper),
                    s.PointsBefore,
                    s.PointsAfter,
                    s.Deterministic,
                }),
            }),
            JsonFormat.Options) + "\n";

    private static string Ratio(Step s) => s.Deterministic
        ? string.Create(CultureInfo.InvariantCulture, $"x{s.Ratio:0.###} (exact)")
        : string.Create(CultureInfo.InvariantCulture, $"x{s.Ratio:0.###} ({s.Lower:0.###}–{s.Upper:0.###})");
}
