using BenchGuard.AB;
using BenchGuard.Output;

namespace BenchGuard.Counters;

/// <summary>
/// The counters step of <c>pr-report</c>: the base's and the head's builds counted side by side (each its ordinary run,
/// then its one callgrind run), compared under <see cref="CounterPolicy"/>, written as counters.json. A side that
/// cannot be counted is said in the report, never a crash: the A/B already fails a benchmark that throws.
/// </summary>
internal static class PullRequestCounters
{
    /// <summary>The comparison's file name in the output folder.</summary>
    public const string FileName = "counters.json";

    /// <summary>Operations for bytes and system calls (docs/verdict-quality.md: the exact cases are the same at 8 and 32).</summary>
    public const int Operations = 8;

    /// <summary>
    /// N of the callgrind run: the difference of 2 and 1 operations. Two runs of one case agreed to 1,000 instructions
    /// in 20.5 million per operation at N = 1 (docs/verdict-quality.md), so the least N already resolves 1%.
    /// </summary>
    public const int InstructionOperations = 1;

    // Start-up under callgrind alone is a minute on a loaded 2-core machine; a whole side has this long.
    private static readonly TimeSpan SideLimit = TimeSpan.FromMinutes(30);

    /// <summary>Counts both sides and compares them.</summary>
    /// <param name="builds">The A/B's built programs.</param>
    /// <param name="selection">The host's selection (--profile and --filter arguments).</param>
    /// <param name="instructionOperations">N of the callgrind runs, or 0 to leave instructions out.</param>
    /// <param name="path">Where the comparison goes.</param>
    /// <param name="work">Where each side's runs go (base/ and head/).</param>
    /// <param name="progress">Where progress goes.</param>
    /// <returns>The comparison's file, or null and why not.</returns>
    public static (string? File, string? Error) Measure(
        AbBuilds builds, IReadOnlyList<string> selection, int instructionOperations, string path, string work, ProgressLog progress)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        File.Delete(path);
        Task<(CountersFile? File, string? Error)> head, baseSide;
        using (progress.Step("counters: base and head side by side, bytes and system calls, then instructions under callgrind"))
        {
            head = Task.Run(() => Side(builds.HeadProgram, builds, selection, instructionOperations, Path.Combine(work, "head"), progress));
            baseSide = builds.BaseProgram is { } baseProgram
                ? Task.Run(() => Side(baseProgram, builds, selection, instructionOperations, Path.Combine(work, "base"), progress))
                : Task.FromResult<(CountersFile?, string?)>((null, builds.BaseError ?? "the base was not built"));
            Task.WaitAll(head, baseSide);
        }

        var (headFile, headError) = head.Result;
        var (baseFile, baseError) = baseSide.Result;
        if (headFile is null)
        {
            // Both sides are named: a failure of both says the counting, not the change, is at fault.
            return (null, baseFile is null
                ? $"the head could not be counted: {headError}; nor the base: {baseError}"
                : $"the head could not be counted: {headError}");
        }

        var comparison = CountersComparison.Compare(baseFile, baseFile is null ? $"the base could not be counted: {baseError}" : null, headFile);
        JsonFormat.Write(path, comparison);
        progress.Say($"counters: {comparison.Moved} moved, {comparison.Failing} failing: {path}");
        return (path, null);
    }

    private static (CountersFile? File, string? Error) Side(string program, AbBuilds builds, IReadOnlyList<string> selection, int instructionOperations, string work, ProgressLog progress)
    {
        try
        {
            var counted = new CountersRun(program, builds.Environment, SideLimit, progress).Count(selection, Operations, instructionOperations, work);
            JsonFormat.Write(Path.Combine(work, "counters.json"), counted);
            return (counted, null);
        }
        catch (InputException e)
        {
            return (null, e.Message);
        }
    }
}
