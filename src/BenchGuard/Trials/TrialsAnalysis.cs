using System.CommandLine;
using System.Globalization;
using BenchGuard.Cli;
using BenchGuard.Comparison;
using BenchGuard.Output;

namespace BenchGuard.Trials;

/// <summary>
/// <c>trials analyze --pool DIR [--trials N] [--rounds K...] [--thresholds T...] [--rules R...] [--seed S] [--out DIR]
/// [--first-seq N] [--last-seq N]</c>: forms trials from a pool (either layout) and asks the comparer's own verdict code
/// for every one, in both modes, which see the same machine at the same time: stored-baseline style (3 launches per
/// side, the head's strictly later, pooled verdict) and A/B (k rounds, pooled and paired verdicts). Writes
/// DIR/analysis/trials.md and trials.json.
/// </summary>
internal static class TrialsAnalysis
{
    // The defaults the help states, defined once.
    private const int DefaultTrials = 20;
    private const int DefaultSeed = 8;
    private const int FirstSeq = 1;

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("analyze", "Forms A/A and slowed trials from a pool and gives every one the comparer's verdicts; writes analysis/trials.md and trials.json.")
        {
            CommandOption.Single("--pool", "DIR", "The pool (either layout). Required."),
            CommandOption.Single("--trials", "N", $"Trials per setting, 1 to 100000 (default: {DefaultTrials})."),
            CommandOption.Many("--rounds", "K", "Rounds per A/B trial; several may be given (default: 6)."),
            CommandOption.Many("--thresholds", "T", $"Timing thresholds; several may be given (default: {VerdictDefaults.PipelineThreshold})."),
            CommandOption.Many("--rules", "R[@ALPHA]", "Paired rules, each with its alpha; several may be given (default: every rule)."),
            CommandOption.Single("--seed", "S", $"The seed of the draws (default: {DefaultSeed})."),
            CommandOption.Single("--out", "DIR", "Where trials.md and trials.json are written (default: the pool's analysis/)."),
            CommandOption.Single("--first-seq", "N", $"The first launch of the pool taken (default: {FirstSeq})."),
            CommandOption.Single("--last-seq", "N", "The last launch of the pool taken (default: the last)."),
        };
        command.SetAction(result => Run(new CommandArguments("analyze", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var pool = Path.GetFullPath(a.Required("--pool"));
        if (!Directory.Exists(pool))
        {
            throw new InputException($"analyze: {pool}: no such folder");
        }

        var settings = new Settings(
            (int)a.Number("--trials", DefaultTrials, 1, 100_000),
            a.Values("--rounds") is { Count: > 0 } given ? given.Select(r => Whole("--rounds", r)).ToList() : [6],
            a.Values("--thresholds") is { Count: > 0 } thresholds ? thresholds : [VerdictDefaults.PipelineThreshold],
            a.Values("--rules") is { Count: > 0 } rules ? rules : PairedOptions.Rules,
            (int)a.Number("--seed", DefaultSeed, 0, int.MaxValue));
        foreach (var threshold in settings.Thresholds)
        {
            TimeThreshold.Parse("--thresholds", threshold);
        }

        foreach (var rule in settings.Rules)
        {
            var parts = rule.Split('@');
            if (!PairedOptions.Rules.Contains(parts[0]) || (parts.Length > 1 && !double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out _)) || parts.Length > 2)
            {
                throw new InputException($"analyze: --rules takes {string.Join(", ", PairedOptions.Rules)}, optionally with @ALPHA, not '{rule}'");
            }
        }

        var output = Path.GetFullPath(a.Value("--out", Path.Combine(pool, "analysis"))!);
        Directory.CreateDirectory(output);
        var comparer = new TrialComparer(output);
        List<string> lines;
        object json;
        if (File.Exists(Path.Combine(pool, "rounds.tsv")))
        {
            var rounds = PoolReader.Rounds(pool);
            var levels = rounds.Select(r => r.Level).Distinct().OrderBy(l => l == "A/A" ? -1 : int.Parse(l[1..^1], CultureInfo.InvariantCulture)).ToList();
            var counts = levels.ToDictionary(l => l, l => rounds.Count(r => r.Level == l));
            var perCase = new SortedDictionary<(string Threshold, int Rounds, string Rule, string Name), Dictionary<string, int[]>>();
            var rows = Score(settings, comparer, levels, "sequential (stored-baseline style), 3 rounds per side",
                (level, random) => TrialDraws.StoredFromRounds(rounds, level, settings.Trials, random),
                (level, k, random) => TrialDraws.AbFromRounds(rounds, level, k, settings.Trials, random),
                perCase);
            var table = Table(rows, levels, l => $"{l}: comparisons | {l}: suite runs");
            var shared = CommonNamespace.Of(perCase.Keys.Select(c => c.Name));
            lines =
            [
                $"Pool: {rounds.Count} complete rounds ({string.Join(", ", levels.Select(l => $"{counts[l]} {l}"))}) of one build; {settings.Trials} trials per cell, drawn from those rounds (trials share rounds, so they are not independent).",
                "",
                .. table,
                "",
                $"A/A: false alarms (Slower or Faster); slowed levels: Slower. Per benchmark{(shared.Length > 0 ? $" (of {shared.TrimEnd('.')})" : string.Empty)}, paired verdicts:",
                "",
                $"| threshold | rounds | rule | benchmark | {string.Join(" | ", levels)} |",
                "|---|---|---|---|" + string.Concat(levels.Select(_ => "---|")),
                .. perCase.Select(c => $"| {c.Key.Threshold} | {c.Key.Rounds} | {c.Key.Rule} | {c.Key.Name[shared.Length..]} | {string.Join(" | ", levels.Select(l => c.Value.TryGetValue(l, out var v) ? $"{v[0]}/{v[1]}" : "0/0"))} |"),
            ];
            json = new
            {
                Rounds = counts,
                Rows = rows,
                PerCase = perCase.Select(c => new { c.Key.Threshold, c.Key.Rounds, c.Key.Rule, c.Key.Name, Levels = c.Value }),
            };
            Console.Out.WriteLine(string.Join('\n', lines.Take(table.Count + 2)));
        }
        else
        {
            var launches = PoolReader.Launches(pool, (int)a.Number("--first-seq", FirstSeq, 1, int.MaxValue), (int)a.Number("--last-seq", int.MaxValue, 1, int.MaxValue));
            if (launches.Count == 0)
            {
                throw new InputException($"analyze: {pool} holds no launch with results");
            }

            string[] levels = ["A/A", "+10%", "+20%"];
            var kinds = new[] { "P", "S10", "S20" }.ToDictionary(k => k, k => launches.Count(l => l.Kind == k));
            var rows = Score(settings, comparer, levels, "stored-baseline, 3 launches per side",
                (level, random) => TrialDraws.StoredFromLaunches(launches, level, settings.Trials, random),
                (level, k, random) => TrialDraws.AbFromLaunches(launches, level, k, settings.Trials, random),
                null);
            lines =
            [
                $"Pool: {kinds["P"]} plain, {kinds["S10"]} at +10%, {kinds["S20"]} at +20% single-launch processes (one build), launches {launches.Min(l => l.Seq)}-{launches.Max(l => l.Seq)}.",
                "",
                .. Table(rows, levels, l => l == "A/A" ? "A/A false alarms: comparisons | A/A: suite runs" : $"{l} caught: comparisons | {l}: suite runs flagged"),
            ];
            json = new { Launches = kinds, Rows = rows };
            Console.Out.WriteLine(string.Join('\n', lines));
        }

        JsonFormat.Write(Path.Combine(output, "trials.json"), json);
        JsonFormat.WriteText(Path.Combine(output, "trials.md"), string.Join('\n', lines) + "\n");
        return ExitCodes.Ok;
    }

    private static List<TrialRow> Score(
        Settings settings,
        TrialComparer comparer,
        IReadOnlyList<string> levels,
        string storedMode,
        Func<string, Random, List<Trial>> storedTrials,
        Func<string, int, Random, List<Trial>> abTrials,
        SortedDictionary<(string Threshold, int Rounds, string Rule, string Name), Dictionary<string, int[]>>? perCase)
    {
        var rows = new List<TrialRow>();
        foreach (var threshold in settings.Thresholds)
        {
            foreach (var level in levels)
            {
                var stored = storedTrials(level, new Random(settings.Seed)).Select(t => comparer.Compare(t, threshold, null).Select(v => v.Pooled));
                rows.Add(TrialRow.Tally(storedMode, "pooled MW", threshold, level, stored));
                foreach (var k in settings.Rounds)
                {
                    var trials = abTrials(level, k, new Random((settings.Seed * 100) + k));
                    var mode = $"A/B, {k} rounds";
                    for (var i = 0; i < settings.Rules.Count; i++)
                    {
                        var rule = settings.Rules[i];
                        var verdicts = trials.Select(t => comparer.Compare(t, threshold, rule)).ToList();
                        if (i == 0)
                        {
                            rows.Add(TrialRow.Tally(mode, "pooled MW", threshold, level, verdicts.Select(v => v.Select(b => b.Pooled))));
                        }

                        rows.Add(TrialRow.Tally(mode, "paired " + rule, threshold, level, verdicts.Select(v => v.Select(b => b.Paired))));
                        foreach (var verdict in perCase is null ? [] : verdicts.SelectMany(v => v))
                        {
                            var byLevel = perCase![(threshold, k, rule, verdict.Name)] = perCase.GetValueOrDefault((threshold, k, rule, verdict.Name)) ?? [];
                            var cell = byLevel.TryGetValue(level, out var existing) ? existing : byLevel[level] = [0, 0];
                            cell[1]++;
                            cell[0] += TrialRow.IsFlagged(level, verdict.Paired) ? 1 : 0;
                        }
                    }

                    Console.Error.WriteLine($"done: {threshold} {level} k={k} ({comparer.Comparisons} comparisons so far)");
                }
            }
        }

        return rows;
    }

    // One line per (mode, verdict, threshold), two cells per level: comparisons flagged, and suite runs flagged.
    private static List<string> Table(IReadOnlyList<TrialRow> rows, IReadOnlyList<string> levels, Func<string, string> header)
    {
        var lines = new List<string>
        {
            $"| mode | verdict | threshold | {string.Join(" | ", levels.Select(header))} |",
            "|---|---|---|" + string.Concat(levels.Select(_ => "---|---|")),
        };
        foreach (var group in rows.GroupBy(r => (r.Mode, r.Verdict, r.Threshold)))
        {
            var cells = levels.SelectMany(level => group.FirstOrDefault(r => r.Level == level) is { Runs: > 0 } r
                ? [$"{r.Flagged} of {r.Comparisons}{(r.Unknown > 0 ? $" ({r.Unknown} Unknown)" : "")}", $"{r.RunsFlagged} of {r.Runs}"]
                : new[] { "n/a", "n/a" });
            lines.Add($"| {group.Key.Mode} | {group.Key.Verdict} | {group.Key.Threshold} | {string.Join(" | ", cells)} |");
        }

        return lines;
    }

    private static int Whole(string option, string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n >= 2
            ? n
            : throw new InputException($"analyze: {option} takes whole numbers of at least 2, not '{text}'");

    private sealed record Settings(int Trials, IReadOnlyList<int> Rounds, IReadOnlyList<string> Thresholds, IReadOnlyList<string> Rules, int Seed);
}
