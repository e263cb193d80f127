namespace Pipeline.Tests;

/// <summary>
/// How the tests cut the benchmarks down while running the real scripts: BenchmarkDotNet's dry job on the
/// FilePipeReader read cases (two quick-profile cases), and the A/B of scripts/pr-report in two rounds. The
/// fixture files are shared with the rest of the repository's tests (artifacts/fixtures), not made again.
/// </summary>
internal static class TinySuite
{
    public const string Methods = "*ReadBenchmarks.FilePipeReader*";

    /// <summary>What the suite's trend files name: the FilePipeReader read cases.</summary>
    public const string SuiteSubject = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(";

    /// <summary>
    /// The one case the main job's counters count in these tests (FILEPIPES_COUNTERS_ARGS of bench-main.sh): the 4 KiB
    /// files, the cheapest under callgrind (the read cases' 128 MiB would add minutes of it).
    /// </summary>
    public const string CountersSubject = "FilePipes.Benchmarks.SmallFilesBenchmarks.FilePipeReader(";

    /// <param name="github">The run to cut down.</param>
    /// <param name="filterSuite">False where the workflow passes a filter of its own (the baseline bump's input).</param>
    public static void Apply(SimulatedGitHub github, bool filterSuite = true)
    {
        github.TestEnvironment["FILEPIPES_FIXTURES"] = Path.Combine(RepositoryRoot.Path, "artifacts", "fixtures");
        github.TestEnvironment["FILEPIPES_SUITE_ARGS"] = filterSuite ? $"--job dry --filter {Methods}" : "--job dry";
        github.TestEnvironment["FILEPIPES_COUNTERS_ARGS"] = "--filter *SmallFilesBenchmarks.FilePipeReader";
        // scripts/pr-report's own options (its command line is a contract): the workflow's call, plus a tiny job.
        var wrapper = Stubs.Folder(github.Root, ("pr-report-tiny",
            $"exec scripts/pr-report \"$@\" --rounds 2 --filter '{Methods}' --bench-arg --job --bench-arg dry"));
        github.TestEnvironment["FILEPIPES_PR_REPORT"] = Stubs.ForBash(Path.Combine(wrapper, "pr-report-tiny"));
    }
}
