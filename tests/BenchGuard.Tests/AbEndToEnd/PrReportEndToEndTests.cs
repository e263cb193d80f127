using System.Text.Json;
using BenchGuard.AB;
using BenchGuard.Commands;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbEndToEnd;

/// <summary>
/// The real pr-report on a temporary repository (<see cref="AbRepository"/>), with BenchmarkDotNet's dry job: the
/// protocol, the report files and the exit codes. The slow ones carry the trait, so that a quick local run can skip
/// them with <c>dotnet test --filter Category!=AbEndToEnd</c>; a plain <c>dotnet test FilePipes.sln</c> runs them.
/// </summary>
public sealed class PrReportEndToEndTests(AbRepository repository) : IClassFixture<AbRepository>
{
    private const string Slow = "AbEndToEnd";
    private const string CaseGlob = "*CaseBenchmarks.Sum(Size: 2)";
    // No callgrind run here (a minute of start-up per side): the counters' own end-to-end test runs it.
    private static readonly string[] Slice = ["--profile", "full", "--bench-arg", "--job", "--bench-arg", "dry", "--filter", "*ProbeBenchmarks*", "--instruction-operations", "0"];

    [Fact]
    [Trait("Category", Slow)]
    public void BasesThatCannotBeMeasuredAreReportedAndTheHeadIsStillMeasured()
    {
        var output = repository.NewOut();
        var broken = this.PrReport(["--base", "broken", "--head", "head", "--rounds", "1", "--out", output, "--keep-src", "--reuse-build", .. Slice]);
        Assert.True(broken.ExitCode == 0, broken.Error);
        Assert.Contains("does not build", Read(output, "ab", "ab-error.txt"), StringComparison.Ordinal);
        Assert.Contains("does not build", Read(output, "report.md"), StringComparison.Ordinal);
        Assert.NotEmpty(FullNames(Path.Combine(output, "results")));

        // The same output folder: the kept head checkout of the same commit is reused, not built again.
        var bare = this.PrReport(["--base", "bare", "--head", "head", "--rounds", "1", "--out", output, "--keep-src", "--reuse-build", .. Slice]);
        Assert.True(bare.ExitCode == 0, bare.Error);
        Assert.Contains("no benchmark project", Read(output, "ab", "ab-error.txt"), StringComparison.Ordinal);
        Assert.Contains("no benchmark project", Read(output, "report.md"), StringComparison.Ordinal);
        Assert.Contains("reusing the build", bare.Out, StringComparison.Ordinal);
    }

    [Fact]
    [Trait("Category", Slow)]
    public void MethodInterleavingLaunchesEachMethodInProcessInABBAOrder()
    {
        var output = repository.NewOut();
        var run = this.PrReport(["--base", "base", "--head", "head", "--rounds", "2", "--interleave", "method", "--out", output, .. Slice, "--filter", CaseGlob]);

        Assert.True(run.ExitCode == 0, run.Error);
        var launches = Launches(output).Where(l => l.Side != "head-oop").ToList();
        // One unit per probe method, and the case glob as one unit of its own.
        Assert.Equal(3, launches.Select(l => l.Method).Distinct().Count());
        Assert.Contains(CaseGlob, launches.Select(l => l.Method));
        Assert.Equal(ExpectedMethodOrder(), string.Join(' ', launches.Select(l => l.Side)));
        Assert.All(launches, l => Assert.Equal(1, l.JsonFiles));
        Assert.Single(Launches(output), l => l.Side == "head-oop" && l.JsonFiles > 0);

        // The A/B ran in process; results/ (for the stored baseline) comes from the one out-of-process launch.
        Assert.Contains("InProcessEmitToolchain", AllText(Path.Combine(output, "ab", "merged", "head")), StringComparison.Ordinal);
        Assert.DoesNotContain("InProcessEmitToolchain", AllText(Path.Combine(output, "results")), StringComparison.Ordinal);
        Assert.Single(FullNames(Path.Combine(output, "ab", "merged", "head")), name => name.Contains("CaseBenchmarks.Sum", StringComparison.Ordinal));

        var ab = Path.Combine(output, "ab", "ab.json");
        Assert.Equal("Failed", VerdictOf(ab, "ProbeBenchmarks.Throws"));
        Assert.Contains(VerdictOf(ab, "ProbeBenchmarks.Works"), ComparedVerdicts);
    }

    [Fact]
    [Trait("Category", Slow)]
    public void SuiteInterleavingRunsWholeSliceLaunchesInABBAOrderAndRemovesItsCheckouts()
    {
        var output = repository.NewOut();
        var run = this.PrReport(["--base", "base", "--head", "head", "--rounds", "2", "--interleave", "suite", "--out", output, .. Slice, "--filter", CaseGlob]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.True(File.Exists(Path.Combine(output, "report.json")));
        Assert.Contains($"## {AbRepository.Os}", Read(output, "report.md"), StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab-error.txt")));
        var launches = Launches(output);
        Assert.Equal(["base:1", "head:1", "head:2", "base:2"], launches.Select(l => $"{l.Side}:{l.Round}"));
        Assert.All(launches, l => Assert.True(l.JsonFiles > 0, $"{l.Side} round {l.Round} left no results"));
        Assert.NotEmpty(FullNames(Path.Combine(output, "results")));

        var ab = Path.Combine(output, "ab", "ab.json");
        Assert.Equal("Failed", VerdictOf(ab, "ProbeBenchmarks.Throws"));
        Assert.Contains(VerdictOf(ab, "ProbeBenchmarks.Works"), ComparedVerdicts);
        Assert.Contains(VerdictOf(ab, "CaseBenchmarks.Sum"), ComparedVerdicts);

        Assert.False(Directory.Exists(repository.Checkout("head")));
        Assert.False(Directory.Exists(repository.Checkout("base")));
        Assert.DoesNotContain(Path.GetDirectoryName(repository.Checkout("head"))!, repository.Git("worktree", "list"), StringComparison.Ordinal);
    }

    [Fact]
    [Trait("Category", Slow)]
    public void AHeadThatDoesNotBuildIsBadInputInOneLine()
    {
        var run = this.PrReport(["--base", "base", "--head", "broken", "--rounds", "1", "--out", repository.NewOut(), .. Slice]);
        run.AssertBadInput("the head's benchmark project does not build");
    }

    [Fact]
    [Trait("Category", Slow)]
    public void ACheckoutThatCannotBeRemovedIsAWarningNeverAFailure()
    {
        // No --head: the working tree is snapshotted, with a package cache in it that .gitignore does not list. Only
        // the benchmark that works, so that exit 0 with --fail-on-regression shows nothing turned the warning into 1.
        repository.Write(".nuget/packages/some.package/1.0.0/some.package.nuspec", "<package/>\n");
        var output = repository.NewOut();
        // Its own checkouts folder: a checkout another test kept would have to be removed first, which fails here.
        var src = output + "-src";
        try
        {
            var run = ComparerRun.Capture(() => PrReportCommand.Run(
                ["--repo", repository.Root, "--base", "base", "--rounds", "1", "--interleave", "suite", "--out", output, "--src", src, "--fail-on-regression",
                 "--profile", "full", "--bench-arg", "--job", "--bench-arg", "dry", "--filter", "*ProbeBenchmarks.Works", "--instruction-operations", "0"],
                folder => $"{folder} is held by another process"));

            Assert.True(run.ExitCode == 0, run.Error);
            Assert.Contains("warning: could not remove the head checkout", run.Error, StringComparison.Ordinal);
            Assert.True(File.Exists(Path.Combine(output, "report.md")));
            Assert.True(File.Exists(Path.Combine(Path.Combine(src, "head"), AbRepository.ProbeFile)));
            Assert.False(Directory.Exists(Path.Combine(Path.Combine(src, "head"), ".nuget")));
            // The checkouts that could not be removed are not in the output folder, which a workflow uploads.
            Assert.Empty(Directory.EnumerateFileSystemEntries(output, ".git", SearchOption.AllDirectories));
        }
        finally
        {
            Directory.Delete(Path.Combine(repository.Root, ".nuget"), recursive: true);
            repository.Git("worktree", "remove", "--force", Path.Combine(src, "head"));
            repository.Git("worktree", "remove", "--force", Path.Combine(src, "base"));
        }
    }

    private static readonly string[] ComparedVerdicts = ["Same", "Unknown", "Slower", "Faster"];

    // Unit i of round r runs the base first when r + i is odd: the sides alternate per method and per round.
    private static string ExpectedMethodOrder() =>
        string.Join(' ', from round in new[] { 1, 2 } from unit in new[] { 0, 1, 2 } select (round + unit) % 2 == 1 ? "base head" : "head base");

    private ComparerRun PrReport(string[] args) => ComparerRun.Of(["pr-report", "--repo", repository.Root, .. args]);

    private static string Read(params string[] parts) => File.ReadAllText(Path.Combine(parts));

    private static List<LaunchRecord> Launches(string output) =>
        File.ReadAllLines(Path.Combine(output, "ab", "launches.tsv")).Skip(1)
            .Select(line => line.Split('\t'))
            .Select(f => new LaunchRecord(f[0], int.Parse(f[1], System.Globalization.CultureInfo.InvariantCulture), 0, int.Parse(f[3], System.Globalization.CultureInfo.InvariantCulture), int.Parse(f[4], System.Globalization.CultureInfo.InvariantCulture), f[5]))
            .ToList();

    private static IEnumerable<string> Exports(string folder) =>
        Directory.EnumerateFiles(folder, "*-report-full*.json", SearchOption.AllDirectories);

    private static string AllText(string folder) => string.Concat(Exports(folder).Select(File.ReadAllText));

    private static List<string> FullNames(string folder) =>
        Exports(folder)
            .SelectMany(file =>
            {
                using var document = JsonDocument.Parse(File.ReadAllText(file));
                return document.RootElement.GetProperty("Benchmarks").EnumerateArray().Select(b => b.GetProperty("FullName").GetString()!).ToList();
            })
            .ToList();

    private static string VerdictOf(string compareJson, string fragment)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(compareJson));
        return document.RootElement.GetProperty("benchmarks").EnumerateArray()
            .Single(b => b.GetProperty("fullName").GetString()!.Contains(fragment, StringComparison.Ordinal))
            .GetProperty("verdict").GetString()!;
    }
}
