using System.Text.Json;
using BenchmarkDotNet.Mathematics;
using BenchGuard.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// pr-report past the build, in seconds: each side's checkout is made beforehand with tests/FakeBenchmarks planted
/// where its build would be (<see cref="FakeBuild"/>), and --reuse-build takes it as built. Every launch is a real
/// process that writes a BenchmarkDotNet export derived from a committed real one, so the launches are merged, head
/// is compared with base, the counters of both are counted and compared, and the report decides the exit code.
/// </summary>
[HideMutationRunVariables]
public sealed class AbVerdictTests : IDisposable
{
    private static readonly string[] Slice = ["--filter", "*FileStreamBenchmarks*", "--instruction-operations", "0"];

    private readonly TinyRepository repository = new();

    [Fact]
    public void AnUnchangedPairIsTheSameEverywhereAndExitsZero()
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild());

        var run = this.PrReport(["--rounds", "3", "--interleave", "suite", "--fail-on-regression", .. Slice], output);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(["Same", "Same"], AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")).Values);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab-error.txt")));
        // Odd rounds base first; every launch exited 0 and left one export.
        Assert.Equal(["base:1:0:1", "head:1:0:1", "head:2:0:1", "base:2:0:1", "base:3:0:1", "head:3:0:1"], AbOutput.Launches(output).Select(l => $"{l[0]}:{l[1]}:{l[3]}:{l[4]}"));
        Assert.Equal([FakeBuild.Read, FakeBuild.Write], AbOutput.FullNames(Path.Combine(output, "results")));
        Assert.Equal(0, CountersComparison.Read(Path.Combine(output, PullRequestCounters.FileName)).Failing);
        Assert.Empty(run.Error);
        Assert.Equal(File.ReadAllText(Path.Combine(output, "report.md")), run.Out[run.Out.IndexOf("## ", StringComparison.Ordinal)..][..File.ReadAllText(Path.Combine(output, "report.md")).Length]);
    }

    [Theory]
    [InlineData(true, 1)]
    [InlineData(false, 0)]
    public void APlantedSlowdownIsASlowerVerdictAndFailsTheCheckOnlyWhenAsked(bool failOnRegression, int exitCode)
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild { Slower = new() { ["FileStreamBenchmarks.Read"] = 1.5 } });

        // Five rounds: fewer never fail a timing verdict (a sign test could not reach 0.05).
        var run = this.PrReport(["--rounds", "5", "--interleave", "suite", .. Slice, .. failOnRegression ? new[] { "--fail-on-regression" } : []], output);

        Assert.True(run.ExitCode == exitCode, run.Error);
        var verdicts = AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json"));
        Assert.Equal("Slower", verdicts[FakeBuild.Read]);
        Assert.Equal("Same", verdicts[FakeBuild.Write]);
        using var report = JsonDocument.Parse(File.ReadAllText(Path.Combine(output, "report.json")));
        var headline = report.RootElement.GetProperty("headline").GetString()!;
        Assert.Contains("slower", headline, StringComparison.OrdinalIgnoreCase);
        // The one line of a failed check ends with the report's headline.
        Assert.Equal(failOnRegression ? 1 : 0, run.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries).Count(l => l.StartsWith("pr-report: regression", StringComparison.Ordinal) && l.EndsWith(": " + headline, StringComparison.Ordinal)));
    }

    [Fact]
    public void MethodLaunchesMergeIntoTheStatisticsOfAllTheirValuesAndTheStoredComparisonGetsAnOutOfProcessLaunch()
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild());

        var run = this.PrReport(["--rounds", "2", "--interleave", "method", .. Slice], output);

        Assert.True(run.ExitCode == 0, run.Error);
        // Unit i of round r runs the base first when r + i is odd; then the head's one out-of-process launch.
        Assert.Equal(
            ["base:1:Read", "head:1:Read", "head:1:Write", "base:1:Write", "head:2:Read", "base:2:Read", "base:2:Write", "head:2:Write", "head-oop:0:-"],
            AbOutput.Launches(output).Select(l => $"{l[0]}:{l[1]}:{l[5].Split('.')[^1]}"));
        Assert.All(AbOutput.Launches(output), l => Assert.Equal(["0", "1"], l[3..5]));

        // The merged head holds both rounds' values of each method in round order, with BenchmarkDotNet's statistics of them.
        foreach (var name in new[] { FakeBuild.Read, FakeBuild.Write })
        {
            var unit = name == FakeBuild.Read ? "m0" : "m1";
            var launched = new[] { "head-r01", "head-r02" }.SelectMany(l => AbOutput.OriginalValues(Path.Combine(output, "ab", "launches", l, unit), name)).ToList();
            var merged = AbOutput.Benchmark(Path.Combine(output, "ab", "merged", "head"), name);
            var statistics = merged.GetProperty("Statistics");
            Assert.Equal(launched, statistics.GetProperty("OriginalValues").EnumerateArray().Select(v => v.GetDouble()));
            var expected = new Statistics(launched);
            Assert.Equal(expected.Median, statistics.GetProperty("Median").GetDouble(), 6);
            Assert.Equal(expected.Mean, statistics.GetProperty("Mean").GetDouble(), 6);
            Assert.Equal(expected.N, statistics.GetProperty("N").GetInt32());
            Assert.Contains("InProcessEmitToolchain", merged.GetProperty("DisplayInfo").GetString(), StringComparison.Ordinal);
            Assert.DoesNotContain("InProcessEmitToolchain", AbOutput.Benchmark(Path.Combine(output, "results"), name).GetProperty("DisplayInfo").GetString(), StringComparison.Ordinal);
        }

        Assert.Equal(["Same", "Same"], AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")).Values);
        Assert.Contains("methods: FilePipes.Benchmarks.FileStreamBenchmarks.Read FilePipes.Benchmarks.FileStreamBenchmarks.Write", run.Out, StringComparison.Ordinal);
        Assert.Contains("] head: one out-of-process launch for the stored-baseline comparison", run.Out, StringComparison.Ordinal);
        Assert.Contains("] counters: base and head side by side, ", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void AHeadWhoseOutOfProcessLaunchFailsIsBadInput()
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild { OutOfProcessExitCode = 3 });

        this.PrReport(["--rounds", "1", "--interleave", "method", .. Slice], output).AssertBadInput("the head's out-of-process launch produced no results");

        Assert.Equal("head-oop:0:3:0", AbOutput.Launches(output).Select(l => $"{l[0]}:{l[1]}:{l[3]}:{l[4]}").Last());
    }

    [Fact]
    public void ABaseWhoseLaunchesFailIsReportedAndTheHeadIsStillMeasured()
    {
        var output = this.Plant(new FakeBuild { ExitCode = 3 }, new FakeBuild());

        var run = this.PrReport(["--rounds", "2", "--interleave", "suite", "--fail-on-regression", .. Slice], output);

        Assert.True(run.ExitCode == 0, run.Error);
        var error = File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt"));
        Assert.Contains("no base launch produced results", error, StringComparison.Ordinal);
        Assert.Contains("no base launch produced results", File.ReadAllText(Path.Combine(output, "report.md")), StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab.json")));
        Assert.Equal(["base:3:0", "head:0:1", "head:0:1", "base:3:0"], AbOutput.Launches(output).Select(l => $"{l[0]}:{l[3]}:{l[4]}"));
        // The job's log says each step, each empty launch and why there is no A/B, not only the files.
        Assert.Contains("] build head", run.Out, StringComparison.Ordinal);
        Assert.Contains("] build base", run.Out, StringComparison.Ordinal);
        Assert.Contains("round 1: base produced no results (exit 3;", run.Out, StringComparison.Ordinal);
        Assert.Contains("round 1: base (launch 1 of 4)", run.Out, StringComparison.Ordinal);
        Assert.Contains("round 2: base (launch 4 of 4, ", run.Out, StringComparison.Ordinal);
        Assert.Contains("] launch 4 of 4 done in ", run.Out, StringComparison.Ordinal);
        Assert.Contains("A/B not made: no base launch produced results", run.Out, StringComparison.Ordinal);
        Assert.Equal([FakeBuild.Read, FakeBuild.Write], AbOutput.FullNames(Path.Combine(output, "results")));
    }

    [Fact]
    public void ABenchmarkThatThrowsInTheHeadIsFailedThere()
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild { Failing = ["FileStreamBenchmarks.Write"] });

        var run = this.PrReport(["--rounds", "2", "--interleave", "suite", .. Slice], output);

        Assert.True(run.ExitCode == 0, run.Error);
        var verdicts = AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json"));
        Assert.Equal("Failed", verdicts[FakeBuild.Write]);
        Assert.Equal("Same", verdicts[FakeBuild.Read]);
        Assert.All(AbOutput.Launches(output).Where(l => l[0] == "head"), l => Assert.Equal(["1", "1"], l[3..5]));
    }

    [Fact]
    public void MoreBytesAndReadCallsInTheHeadAreFlaggedInTheirOwnCountersAndFailTheCheck()
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild { ExtraBytes = new() { ["Read"] = 24 }, ExtraReadCalls = new() { ["Write"] = 1 } });

        var run = this.PrReport(["--rounds", "2", "--interleave", "suite", "--fail-on-regression", .. Slice], output);

        Assert.True(run.ExitCode == 1, run.Error);
        Assert.Equal(["Same", "Same"], AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")).Values);
        var counters = CountersComparison.Read(Path.Combine(output, PullRequestCounters.FileName));
        Assert.Null(counters.BaseError);
        var read = counters.Cases.Single(c => c.Benchmark == FakeBuild.Read);
        var write = counters.Cases.Single(c => c.Benchmark == FakeBuild.Write);
        var bytes = read.Counters.Single(v => v.Counter == CounterKind.AllocatedBytes);
        Assert.Equal((232.0, 256.0, true), (bytes.Base!.Value, bytes.Head!.Value, bytes.Fails));
        var calls = write.Counters.Single(v => v.Counter == CounterKind.ReadCalls);
        Assert.Equal((4.0, 5.0, true), (calls.Base!.Value, calls.Head!.Value, calls.Fails));
        Assert.Equal(2, counters.Failing);
        Assert.All(read.Counters.Concat(write.Counters).Where(v => v != bytes && v != calls), v => Assert.False(v.Fails));
        // Each side's own counts are kept beside the comparison.
        Assert.True(File.Exists(Path.Combine(output, "counters", "base", "counters.json")));
        Assert.True(File.Exists(Path.Combine(output, "counters", "head", "counters.json")));
    }

    [Fact]
    public void ASideThatCannotBeCountedIsSaidInTheReportAndTheTimingsStand()
    {
        var output = this.Plant(new FakeBuild { CountersError = "the base's host broke" }, new FakeBuild());

        var run = this.PrReport(["--rounds", "2", "--interleave", "suite", "--fail-on-regression", .. Slice], output);

        Assert.True(run.ExitCode == 0, run.Error);
        var counters = CountersComparison.Read(Path.Combine(output, PullRequestCounters.FileName));
        Assert.Contains("the base could not be counted: the counters run (dotnet) failed: the base's host broke", counters.BaseError, StringComparison.Ordinal);
        Assert.Equal(["Same", "Same"], AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")).Values);

        var headless = this.Plant(new FakeBuild(), new FakeBuild { CountersError = "the head's host broke" });
        var second = this.PrReport(["--rounds", "2", "--interleave", "suite", "--fail-on-regression", .. Slice], headless);

        Assert.True(second.ExitCode == 0, second.Error);
        Assert.False(File.Exists(Path.Combine(headless, PullRequestCounters.FileName)));
        Assert.Contains("the head could not be counted", File.ReadAllText(Path.Combine(headless, "report.md")), StringComparison.Ordinal);
    }

    [Fact]
    public void WhenNeitherSideCanBeCountedBothAreNamedAndTheCheckStillPasses()
    {
        var output = this.Plant(new FakeBuild { CountersError = "the base's host broke" }, new FakeBuild { CountersError = "the head's host broke" });

        var run = this.PrReport(["--rounds", "2", "--interleave", "suite", "--fail-on-regression", .. Slice], output);

        Assert.True(run.ExitCode == 0, run.Error);
        var report = File.ReadAllText(Path.Combine(output, "report.md"));
        Assert.Contains("the head could not be counted: the counters run (dotnet) failed: the head's host broke", report, StringComparison.Ordinal);
        Assert.Contains("nor the base: the counters run (dotnet) failed: the base's host broke", report, StringComparison.Ordinal);
        Assert.Contains("pr-report: the counters were not measured, so BenchmarkDotNet's bytes gate the A/B instead: the head could not be counted", run.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void WithNoBaseTheCountersSayWhyTheBaseWasNotCounted()
    {
        var output = this.Plant(new FakeBuild(), new FakeBuild());

        var run = ComparerRun.Of(["pr-report", "--repo", this.repository.Root, "--against", "no-such-ref", "--head", "first", "--out", output, "--src", AbOutput.Sources(output), "--keep-src", "--reuse-build",
            "--rounds", "1", "--interleave", "suite", .. Slice]);

        Assert.True(run.ExitCode == 0, run.Error);
        var counters = CountersComparison.Read(Path.Combine(output, PullRequestCounters.FileName));
        Assert.Contains("the base could not be counted: no base: 'no-such-ref' is not a commit here", counters.BaseError, StringComparison.Ordinal);
    }

    public void Dispose() => this.repository.Dispose();

    private ComparerRun PrReport(string[] args, string output) => AbOutput.PrReport(this.repository, output, args);

    private string Plant(FakeBuild baseBuild, FakeBuild headBuild) => AbOutput.Plant(this.repository, baseBuild, headBuild);
}
