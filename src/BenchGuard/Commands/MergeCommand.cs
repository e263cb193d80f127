using System.CommandLine;
using BenchGuard.Cli;
using BenchGuard.Input;
using BenchGuard.Merging;
using BenchGuard.Results;

namespace BenchGuard.Commands;

/// <summary>
/// <c>merge --inputs DIR... --out DIR</c>: joins single-launch runs of one side (the A/B rounds, in order) into one
/// BenchmarkDotNet-shaped <c>*-report-full.json</c> per class. Input k becomes launch k, so the paired verdict can
/// match base round k with head round k.
/// </summary>
internal static class MergeCommand
{
    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("merge", "Joins single-launch runs of one side into one BenchmarkDotNet-shaped export per class; input k becomes launch k.")
        {
            CommandOption.Many("--inputs", "DIR|FILE", "The runs of one side, in round order. Required."),
            CommandOption.Single("--out", "DIR", "Where the merged <class>-report-full.json files are written. Required."),
        };
        command.SetAction(result => Run(new CommandArguments("merge", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var inputs = a.Values("--inputs");
        if (inputs.Count == 0)
        {
            throw new InputException("merge: option --inputs is required");
        }

        var outDir = a.Required("--out");
        var written = Merge(inputs, outDir, Console.Error);
        Console.Out.WriteLine($"merge: {inputs.Count} launches into {written} files in {outDir}");
        return ExitCodes.Ok;
    }

    /// <summary>
    /// Merges <paramref name="inputs"/> (launch k is input k) into <paramref name="outDir"/>; what is missing or
    /// disagrees goes to <paramref name="notes"/>, only once everything succeeded. Returns the number of files
    /// written. Bad input throws, and then nothing is written and nothing said but the error.
    /// </summary>
    public static int Merge(IReadOnlyList<string> inputs, string outDir, TextWriter notes) =>
        Merge(inputs, outDir, notes, InputFile.MaxBytes);

    /// <summary>The same, keeping the bytes per operation that <paramref name="bytesRule"/> picks when launches disagree.</summary>
    internal static int Merge(IReadOnlyList<string> inputs, string outDir, TextWriter notes, MergedBytes bytesRule) =>
        Merge(inputs, outDir, notes, InputFile.MaxBytes, bytesRule);

    /// <summary>The same, refusing a merged file larger than <paramref name="maxBytes"/> (a test's limit, small enough to reach).</summary>
    internal static int Merge(IReadOnlyList<string> inputs, string outDir, TextWriter notes, long maxBytes, MergedBytes bytesRule = MergedBytes.Most)
    {
        // Every input is checked as compare would read it, so what merge accepts, compare accepts too.
        var launches = inputs.SelectMany((input, i) => ResultFiles.Find(input).Select(file => Parse(i + 1, input, file))).ToList();
        var first = launches[0];
        foreach (var launch in launches.Skip(1))
        {
            var difference = launch.MachineDifference(first);
            if (difference.Length > 0)
            {
                throw new InputException($"{launch.File}: ran on a different machine than {first.File} ({difference}); merge refused");
            }
        }

        // Each class goes to a temporary file; they are renamed only when all are written.
        var buffered = new StringWriter();
        var written = new List<(string Temporary, string File)>();
        var created = !Directory.Exists(outDir);
        try
        {
            foreach (var group in launches.GroupBy(l => l.ClassKey, StringComparer.Ordinal))
            {
                var file = Path.Combine(outDir, group.Key + ResultFiles.FullSuffix);
                var temporary = Path.Combine(outDir, $".{group.Key}.{Guid.NewGuid():N}.tmp");
                Directory.CreateDirectory(outDir);
                written.Add((temporary, file));
                using var stream = new FileStream(temporary, FileMode.CreateNew, FileAccess.Write);
                MergedExportWriter.Write(group.ToList(), inputs.Count, stream, buffered, bytesRule);
                if (stream.Length > maxBytes)
                {
                    // Every later step reads the merge: one it would refuse is refused here, before it is written.
                    throw new InputException($"{file}: the merge is {stream.Length / (1024 * 1024)} MiB, more than the {maxBytes / (1024 * 1024)} MiB an input may have; nothing written");
                }
            }

            foreach (var (temporary, file) in written)
            {
                File.Move(temporary, file, overwrite: true);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Remove(written, created ? outDir : null);
            throw new InputException($"{outDir}: cannot write ({e.Message})", e);
        }
        catch
        {
            Remove(written, created ? outDir : null);
            throw;
        }

        notes.Write(buffered.ToString());
        return written.Count;
    }

    private static LaunchInput Parse(int round, string input, string file) =>
        new(round, input, file, ResultFiles.ClassKey(file), BdnReportFile.Read(file).Environment);

    // Takes back what a failed merge wrote: its temporary files, and the output folder if the merge made it.
    private static void Remove(List<(string Temporary, string File)> written, string? createdFolder)
    {
        foreach (var (temporary, _) in written)
        {
            try
            {
                File.Delete(temporary);
                if (createdFolder is not null && !Directory.EnumerateFileSystemEntries(createdFolder).Any())
                {
                    Directory.Delete(createdFolder);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // The original error matters more than a leftover temporary file.
            }
        }
    }
}
