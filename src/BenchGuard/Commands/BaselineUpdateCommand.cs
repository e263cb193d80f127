using System.Globalization;
using BenchGuard.Baselines;
using System.CommandLine;
using BenchGuard.Cli;
using BenchGuard.Output;
using BenchGuard.Results;

namespace BenchGuard.Commands;

/// <summary>
/// <c>baseline update --results DIR --os OS [--baselines DIR] [--commit SHA] [--profile P] [--runner TEXT]
/// [--measured-on runner|development-machine] [--prune]</c>: replaces the stored entries of the benchmarks in the results
/// and keeps every other entry.
/// </summary>
internal static class BaselineUpdateCommand
{
    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("update", "Replaces the stored entries of the benchmarks in the results and keeps every other entry.")
        {
            CommandOption.Single("--results", "DIR", "The BenchmarkDotNet results to store. Required."),
            CommandOption.Single("--os", "OS", "The runner OS whose store is updated. Required."),
            CommandOption.Single("--baselines", "DIR", "The baselines folder (default: baselines)."),
            CommandOption.Single("--commit", "SHA", "The commit measured (default: $GITHUB_SHA, then git rev-parse HEAD)."),
            CommandOption.Single("--profile", "P", "The profile the results were measured with, as recorded in the store (default: unknown)."),
            CommandOption.Single("--runner", "TEXT", "The machine that measured (default: $RUNNER_NAME, then local (<machine name>))."),
            CommandOption.Single("--date", "ISO", "The run's date, for reproducible tests (default: now)."),
            CommandOption.Single("--measured-on", string.Join("|", MeasuredOn.Choices), "Where the results were measured (default: runner when $GITHUB_ACTIONS is true, else development-machine)."),
            CommandOption.Flag("--prune", "Removes the entries of the classes run that are no longer in the results (deleted or renamed benchmarks)."),
        };
        command.SetAction(result => Run(new CommandArguments("baseline update", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var os = a.Required("--os");
        var folder = BaselineMatrix.FolderOf(a.Value("--baselines", "baselines")!, os);
        var resultsPath = a.Required("--results");
        var results = ResultSetLoader.Load(resultsPath);
        if (results.IsBaseline)
        {
            throw new InputException($"{resultsPath}: baseline update reads BenchmarkDotNet results, not a baseline store");
        }

        var failed = results.Benchmarks.Values.Where(b => b.Failed).Select(b => b.FullName).Order(StringComparer.Ordinal).ToList();
        if (failed.Count > 0)
        {
            throw new InputException($"{resultsPath}: results from a failed run ({failed.Count} benchmarks without measurements, first: {failed[0]}); nothing stored");
        }

        if (results.MixedEnvironments.Count > 0)
        {
            throw new InputException($"{resultsPath}: results from different machines ({string.Join("; ", results.MixedEnvironments)}); nothing stored");
        }

        var file = BaselineStore.FileOf(folder);
        var run = NewRun(a, results.Environment!);
        BaselineChanges changes;
        IReadOnlyList<string> harnessChanges;
        using (StoreLock.Take(file, TimeSpan.FromSeconds(30)))
        {
            StoreLock.RemoveLeftovers(file);
            var before = BaselineStore.BytesOrNull(file);
            var old = BaselineStore.LoadOrEmpty(folder, os);
            (var document, changes) = Merge(old, results, run, a.Has("--prune"));
            harnessChanges = HarnessChanges(old, document, run);

            // A writer that does not take the lock (a checkout, an editor) must not be overwritten either.
            var now = BaselineStore.BytesOrNull(file);
            // Stryker disable once NullCoalescing : see mutation-testing.md#same-value
            if (!(before ?? []).AsSpan().SequenceEqual(now ?? []) || (before is null) != (now is null))
            {
                throw new InputException($"{file}: changed by someone else during this update; nothing stored, run it again");
            }

            BaselineStore.Save(file, document);
        }

        Console.Out.WriteLine($"baseline update {os}: {changes.Added.Count} added, {changes.Changed.Count} changed, {changes.Unchanged} unchanged, {changes.Removed.Count} removed, {changes.Kept} kept (not in these results)");
        Console.Out.WriteLine($"  run {run.Id}: {run.Runner} ({MeasuredOn.Describe(run.MeasuredOn)}), {run.Cpu}, {run.Runtime}, BenchmarkDotNet {BaselineStore.HarnessOf(run)}, profile {run.Profile}");
        foreach (var line in harnessChanges)
        {
            Console.Out.WriteLine($"  {line}");
        }

        foreach (var name in changes.Added)
        {
            Console.Out.WriteLine($"  + {name}");
        }

        foreach (var name in changes.Changed)
        {
            Console.Out.WriteLine($"  ~ {name}");
        }

        foreach (var name in changes.Removed)
        {
            Console.Out.WriteLine($"  - {name}");
        }

        return ExitCodes.Ok;
    }

    /// <summary>
    /// The new store: entries in the results replace theirs, all others stay; with <paramref name="prune"/>, entries
    /// of the classes that were run but are no longer in them (deleted or renamed benchmarks) are removed.
    /// </summary>
    internal static (BaselineDocument Document, BaselineChanges Changes) Merge(BaselineDocument old, ResultSet results, BaselineRun run, bool prune)
    {
        var entries = old.Benchmarks.ToDictionary(b => b.FullName, StringComparer.Ordinal);
        var changes = new BaselineChanges();
        foreach (var result in results.Benchmarks.Values.OrderBy(b => b.FullName, StringComparer.Ordinal))
        {
            var entry = new BaselineEntry(result.FullName, result.TypeName, run.Id, result.Job, result.AllocatedBytes, result.Launches.Select(l => l.Values).ToList());
            if (!entries.TryGetValue(result.FullName, out var previous))
            {
                changes.Added.Add(result.FullName);
            }
            else if (previous.AllocatedBytes != entry.AllocatedBytes || !SameValues(previous.Launches, entry.Launches))
            {
                changes.Changed.Add(result.FullName);
            }
            else
            {
                changes.Unchanged++;
            }

            entries[result.FullName] = entry;
        }

        var classesRun = results.Benchmarks.Values.Select(b => b.TypeName).ToHashSet(StringComparer.Ordinal);
        foreach (var stale in old.Benchmarks.Where(b => !results.Benchmarks.ContainsKey(b.FullName)))
        {
            if (prune && classesRun.Contains(stale.Type))
            {
                entries.Remove(stale.FullName);
                changes.Removed.Add(stale.FullName);
            }
            else
            {
                changes.Kept++;
            }
        }

        var used = entries.Values.Select(e => e.Run).ToHashSet(StringComparer.Ordinal);
        // Stryker disable once Linq : see mutation-testing.md#same-value
        var runs = old.Runs.Where(r => r.Id != run.Id).Append(run).Where(r => used.Contains(r.Id)).ToList();
        return (new BaselineDocument(BaselineDocument.CurrentFormat, old.Os, runs, entries.Values.ToList()), changes);
    }

    /// <summary>
    /// What a bump across BenchmarkDotNet versions did: entries it moved from another version, and entries it kept
    /// from one (the store then mixes versions until those are measured again).
    /// </summary>
    internal static IReadOnlyList<string> HarnessChanges(BaselineDocument old, BaselineDocument updated, BaselineRun run)
    {
        var harness = BaselineStore.HarnessOf(run);
        var oldHarness = old.Runs.ToDictionary(r => r.Id, BaselineStore.HarnessOf, StringComparer.Ordinal);
        var newRuns = updated.Runs.ToDictionary(r => r.Id, BaselineStore.HarnessOf, StringComparer.Ordinal);
        var lines = new List<string>();
        var moved = old.Benchmarks
            .Where(b => updated.Benchmarks.Any(u => u.FullName == b.FullName && u.Run == run.Id))
            .Select(b => oldHarness.GetValueOrDefault(b.Run, "unknown"))
            .Where(v => v != harness)
            .GroupBy(v => v, StringComparer.Ordinal);
        foreach (var group in moved.OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            lines.Add($"harness: {group.Count()} entries move from BenchmarkDotNet {group.Key} to {harness}");
        }

        var kept = updated.Benchmarks
            .Where(b => b.Run != run.Id)
            .Select(b => newRuns.GetValueOrDefault(b.Run, "unknown"))
            .Where(v => v != harness)
            .GroupBy(v => v, StringComparer.Ordinal);
        foreach (var group in kept.OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            lines.Add($"harness: {group.Count()} kept entries are still from BenchmarkDotNet {group.Key}: the store mixes harness versions until they are measured again");
        }

        return lines;
    }

    private static bool SameValues(IReadOnlyList<IReadOnlyList<double>> a, IReadOnlyList<IReadOnlyList<double>> b) =>
        a.Count == b.Count && a.Zip(b).All(pair => pair.First.SequenceEqual(pair.Second));

    private static BaselineRun NewRun(CommandArguments a, HostEnvironment environment)
    {
        var date = a.Value("--date") is { } text
            ? (DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var d) ? d : throw new InputException($"baseline update: --date '{text}' is not a date"))
            : DateTimeOffset.UtcNow;
        var dateText = date.UtcDateTime.ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture);
        var commit = a.Value("--commit") ?? Environment.GetEnvironmentVariable("GITHUB_SHA") ?? GitHead() ?? "unknown";
        var runner = a.Value("--runner") ?? Environment.GetEnvironmentVariable("RUNNER_NAME") ?? $"local ({Environment.MachineName})";
        // Stryker disable once Equality : see mutation-testing.md#whole-slice
        var shortCommit = commit.Length > 12 ? commit[..12] : commit;
        return new BaselineRun(
            $"{dateText} {shortCommit}",
            commit,
            dateText,
            runner,
            environment.OsVersion,
            environment.ProcessorName,
            environment.RuntimeVersion,
            environment.Architecture,
            environment.LogicalCoreCount,
            a.Value("--profile", "unknown")!,
            environment.BenchmarkDotNetVersion,
            a.Choice("--measured-on", MeasuredOn.FromEnvironment(), MeasuredOn.Choices),
            ToolVersion.Label);
    }

    // The commit of the working tree, when run inside a git checkout; provenance only, so failure is not an error.
    private static string? GitHead()
    {
        try
        {
            using var git = System.Diagnostics.Process.Start(new System.Diagnostics.ProcessStartInfo("git", "rev-parse HEAD")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            });
            if (git is null)
            {
                return null;
            }

            var output = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit();
            return git.ExitCode == 0 && output.Length > 0 ? output : null;
        }
        catch (Exception e) when (e is System.ComponentModel.Win32Exception or InvalidOperationException)
        {
            return null;
        }
    }
}
