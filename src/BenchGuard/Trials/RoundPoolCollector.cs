using System.CommandLine;
using System.Globalization;
using System.Text.RegularExpressions;
using BenchGuard.AB;
using BenchGuard.Cli;

namespace BenchGuard.Trials;

/// <summary>
/// <c>trials collect-rounds --pool DIR --filter GLOB... [--levels 0,0.10,0.20] [--commit REF] [--until HH:MM]
/// [--max-rounds N] [--bench-arg ARG]...</c>: a pool of rounds in the protocol of <c>--interleave method</c>. Round r
/// takes level r of the repeating --levels list; in it, method i runs base then head when r + i is odd, head then base
/// otherwise, as the runner does, each launch with the runner's method-launch settings; the head is slowed by the
/// round's level. Layout: DIR/launches/R001-S10/{base,head}/uN/ and DIR/rounds.tsv. Resumable.
/// </summary>
internal static partial class RoundPoolCollector
{
    // The slowdowns of the rounds when --levels is not given, which its help states.
    private const string DefaultLevels = "0,0.10,0.20";

    private const string Header = "round\tkind\tslowdown\tunit\tside\tstarted\tseconds\texit\tjson";

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("collect-rounds", "A pool of rounds in the --interleave method protocol, the head slowed at each round's level; resumable.");
        foreach (var option in TrialPool.Options())
        {
            command.Add(option);
        }

        command.Add(CommandOption.Single("--levels", "L1,L2,...", $"The slowdown of each round in turn, as fractions (default: {DefaultLevels})."));
        command.Add(CommandOption.Single("--max-rounds", "N", "Stops after N rounds."));
        command.SetAction(result => Run(new CommandArguments("collect-rounds", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var benchArguments = a.Values("--bench-arg");
        var filters = a.Values("--filter");
        if (filters.Count == 0)
        {
            throw new InputException("collect-rounds: --filter is required: trials run a slice, say which");
        }

        var levels = a.Value("--levels", DefaultLevels)!.Split(',');
        foreach (var level in levels)
        {
            if (!LevelPattern().IsMatch(level))
            {
                throw new InputException($"collect-rounds: --levels takes fractions such as 0,0.10,0.20, not '{level}'");
            }
        }

        var maxRounds = TrialPool.Count("collect-rounds", a, "--max-rounds");
        var pool = TrialPool.Open("collect-rounds", a);
        List<string> arguments = [.. BenchmarkLauncher.ProfileArguments(pool.Profile), .. BenchmarkLauncher.MethodLaunchArguments, .. benchArguments];
        // In the runner's order (ordinal), so that method i alternates its sides as it does there.
        var units = pool.Launcher.ListMethods(pool.Build, [.. BenchmarkLauncher.ProfileArguments(pool.Profile), "--filter", .. filters]).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        if (units.Count == 0)
        {
            throw new InputException($"collect-rounds: the filters match no benchmark method{(pool.Profile is { } profile ? $" in the {profile} profile" : string.Empty)}");
        }

        pool.Progress.Say($"methods: {string.Join(' ', units)}");
        var tsv = Path.Combine(pool.Folder, "rounds.tsv");
        if (!File.Exists(tsv))
        {
            File.WriteAllText(tsv, Header + "\n");
        }

        // What is left is estimated only when --max-rounds says how many this run collects.
        using var rounds = pool.Progress.Count(null, maxRounds == int.MaxValue ? null : maxRounds);
        var round = File.ReadLines(tsv).Skip(1).Select(line => int.Parse(line.Split('\t')[0], CultureInfo.InvariantCulture)).DefaultIfEmpty(0).Max();
        for (var count = 0; count < maxRounds; count++)
        {
            if (pool.PastDeadline)
            {
                pool.Progress.Say("deadline reached");
                break;
            }

            round++;
            var level = levels[(round - 1) % levels.Length];
            var percent = (int)Math.Round(double.Parse(level, CultureInfo.InvariantCulture) * 100);
            var kind = percent == 0 ? "P" : $"S{percent:00}";
            var name = $"R{round:000}-{kind}";
            rounds.Begin($"round {name}");
            for (var i = 0; i < units.Count; i++)
            {
                string[] order = (round + i) % 2 == 1 ? ["base", "head"] : ["head", "base"];
                foreach (var side in order)
                {
                    var slowdown = side == "head" && kind != "P" ? level : "";
                    var started = TrialPool.Now();
                    var record = pool.Launcher.Launch(
                        pool.Build, side, round, units[i], Path.Combine(pool.Folder, "launches", name, side, $"u{i}"),
                        Path.Combine(pool.Folder, "logs", $"{name}-{side}-u{i}.log"), [.. arguments, "--filter", units[i]],
                        new Dictionary<string, string?> { [pool.SlowdownVariable] = slowdown });
                    File.AppendAllText(tsv, string.Join('\t', round, kind, slowdown.Length == 0 ? "0" : slowdown, units[i], side, started, Math.Round(record.Seconds), record.ExitCode, record.JsonFiles) + "\n");
                }
            }

            rounds.End();
        }

        return ExitCodes.Ok;
    }

    [GeneratedRegex(@"^0(\.[0-9]{1,2})?$")]
    private static partial Regex LevelPattern();
}
