using System.Globalization;
using BenchGuard.Baselines;
using System.CommandLine;
using BenchGuard.Cli;

namespace BenchGuard.Commands;

/// <summary><c>baseline show [--os OS] [--baselines DIR]</c>: what is stored, from which commit, and how old it is.</summary>
internal static class BaselineShowCommand
{
    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("show", "Lists what the store holds, from which commit, and how old it is.")
        {
            CommandOption.Single("--os", "OS", "Only this OS's store (default: every OS folder)."),
            CommandOption.Single("--baselines", "DIR", "The baselines folder (default: baselines)."),
        };
        command.SetAction(result => Run(new CommandArguments("baseline show", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var baselines = a.Value("--baselines", "baselines")!;
        var oses = a.Value("--os") is { } os ? [os] : BaselineMatrix.OsNames(baselines);
        foreach (var name in oses)
        {
            var folder = BaselineMatrix.FolderOf(baselines, name);
            var document = BaselineStore.LoadOrEmpty(folder, name);
            if (document.Benchmarks.Count == 0)
            {
                Console.Out.WriteLine($"{name}: empty (every benchmark compares as New)");
                continue;
            }

            Console.Out.WriteLine($"{name}: {document.Benchmarks.Count} benchmarks in {document.Benchmarks.Select(b => b.Type).Distinct().Count()} classes");
            foreach (var run in document.Runs)
            {
                var count = document.Benchmarks.Count(b => b.Run == run.Id);
                Console.Out.WriteLine($"  {count} from commit {run.Commit} ({run.Date}, {Age(run.Date)}), profile {run.Profile}, runner {run.Runner}, measured on {MeasuredOn.Describe(run.MeasuredOn)}, stored by {run.Tool ?? "an unrecorded tool"}");
                Console.Out.WriteLine($"      {run.OsVersion}, {run.Cpu}, {run.Runtime}, BenchmarkDotNet {BaselineStore.HarnessOf(run)}");
            }

            foreach (var group in document.Benchmarks.GroupBy(b => b.Type).OrderBy(g => g.Key, StringComparer.Ordinal))
            {
                Console.Out.WriteLine($"  {group.Key}: {group.Count()}");
            }
        }

        return ExitCodes.Ok;
    }

    private static string Age(string date)
    {
        if (!DateTimeOffset.TryParse(date, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var d))
        {
            return "age unknown";
        }

        var days = (int)Math.Floor((DateTimeOffset.UtcNow - d).TotalDays);
        return days switch
        {
            < 1 => "less than a day old",
            1 => "1 day old",
            _ => $"{days} days old",
        };
    }
}
