using System.CommandLine;
using System.Globalization;
using BenchGuard.AB;
using BenchGuard.Cli;

namespace BenchGuard.Trials;

/// <summary>
/// <c>trials collect --pool DIR --filter GLOB... [--commit REF] [--until HH:MM] [--max-launches N] [--bench-arg ARG]...</c>:
/// a pool of whole-slice out-of-process launches (the <c>--interleave suite</c> protocol) in the fixed repeating
/// schedule P S10 P S20 (P: no slowdown; S10/S20: the configuration's trials.slowdownVariable at 0.10/0.20). Every
/// slowed launch sits between two plain ones, as a head launch sits next to its base launch in a round. Resumable:
/// the schedule continues.
/// Layout: DIR/launches/L001-P/ and DIR/launches.tsv.
/// </summary>
internal static class SuitePoolCollector
{
    private const string Header = "seq\tkind\tslowdown\tstarted\tseconds\texit\tjson";
    private static readonly string[] Schedule = ["P", "S10", "P", "S20"];

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    /// <param name="name">collect, or run, which collects and then analyzes.</param>
    public static Command Define(string name = "collect")
    {
        var command = new Command(name, name == "collect"
            ? "A pool of whole-slice out-of-process launches in the schedule P S10 P S20 (the --interleave suite protocol); resumable."
            : "collect, then analyze the same pool with analyze's defaults.");
        foreach (var option in TrialPool.Options())
        {
            command.Add(option);
        }

        command.Add(CommandOption.Single("--max-launches", "N", "Stops after N launches."));
        command.SetAction(result => Run(new CommandArguments("collect", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var benchArguments = a.Values("--bench-arg");
        var filters = a.Values("--filter");
        if (filters.Count == 0)
        {
            throw new InputException("collect: --filter is required: trials run a slice, say which");
        }

        var maxLaunches = TrialPool.Count("collect", a, "--max-launches");
        var pool = TrialPool.Open("collect", a);
        var tsv = Path.Combine(pool.Folder, "launches.tsv");
        if (!File.Exists(tsv))
        {
            File.WriteAllText(tsv, Header + "\n");
        }

        // What is left is estimated only when --max-launches says how many this run collects.
        using var launches = pool.Progress.Count(null, maxLaunches == int.MaxValue ? null : maxLaunches);
        var seq = File.ReadAllLines(tsv).Length - 1;
        List<string> arguments = [.. BenchmarkLauncher.ProfileArguments(pool.Profile), "--buildTimeout", ((int)pool.Launcher.Limit.TotalSeconds).ToString(CultureInfo.InvariantCulture), "--filter", .. filters, .. benchArguments];
        for (var count = 0; count < maxLaunches; count++)
        {
            if (pool.PastDeadline)
            {
                pool.Progress.Say("deadline reached");
                break;
            }

            seq++;
            var kind = Schedule[(seq - 1) % Schedule.Length];
            var slowdown = kind == "P" ? "" : "0." + kind[1..];
            var name = $"L{seq:000}-{kind}";
            launches.Begin($"launch {name}");
            var started = TrialPool.Now();
            var record = pool.Launcher.Launch(
                pool.Build, kind, seq, "-", Path.Combine(pool.Folder, "launches", name), Path.Combine(pool.Folder, "logs", name + ".log"), arguments,
                new Dictionary<string, string?> { [pool.SlowdownVariable] = slowdown });
            File.AppendAllText(tsv, string.Join('\t', seq, kind, slowdown.Length == 0 ? "0" : slowdown, started, Math.Round(record.Seconds), record.ExitCode, record.JsonFiles) + "\n");
            launches.End();
        }

        return ExitCodes.Ok;
    }
}
