using BenchGuard.AB;
using BenchGuard.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// One launch of a side's program, what it records, and the counters run of a program that fails (the program is
/// <see cref="PlantedProgram"/>).
/// </summary>
[HideMutationRunVariables]
public sealed class LaunchTests : IDisposable
{
    private readonly TempFolder folder = new();

    [Fact]
    public void ALaunchRecordsTheProgramsExitCodeAndCountsOnlyItsOwnExports()
    {
        var side = this.FakeSide();
        var outDir = this.folder.Folder("launches", "head-r03");
        // Left by an earlier launch in the same folder: not this launch's results.
        File.WriteAllText(Path.Combine(outDir, "Old-report-full.json"), "{}");
        var log = Path.Combine(this.folder.Path, "logs", "head-r03.log");
        var launcher = new BenchmarkLauncher(TimeSpan.FromMinutes(2), new Dictionary<string, string?> { ["FILEPIPES_FIXTURES"] = this.folder.Path });

        var record = launcher.Launch(side, "head", 3, "Demo.ReadBenchmarks.Read", outDir, log, ["--profile", "quick"], new Dictionary<string, string?>());

        Assert.Equal(("head", 3, 2, 0, "Demo.ReadBenchmarks.Read"), (record.Side, record.Round, record.ExitCode, record.JsonFiles, record.Method));
        Assert.True(Directory.Exists(outDir));
        Assert.Empty(Directory.EnumerateFileSystemEntries(outDir));
        // The program's own complaint, about the first argument a launch passes, is in the launch's log.
        Assert.Contains("Unrecognized command or argument '--launchCount'", File.ReadAllText(log), StringComparison.Ordinal);
    }

    [Fact]
    public void AProgramThatListsNoMethodsGivesNone()
    {
        var launcher = new BenchmarkLauncher(TimeSpan.FromMinutes(2), new Dictionary<string, string?>());

        Assert.Empty(launcher.ListMethods(this.FakeSide(), ["--profile", "quick"]));
    }

    [Fact]
    public void AProgramThatRefusesItsArgumentsIsBadInputWithItsError()
    {
        // A plain BenchmarkSwitcher program given a --profile: the words of its help are not methods.
        var launcher = new BenchmarkLauncher(TimeSpan.FromMinutes(2), new Dictionary<string, string?>());
        var side = new SideBuild("head", this.folder.Folder("refusing-src"), TestConfiguration.Project);
        new FakeBuild().At(side.Program);

        var error = Assert.Throws<InputException>(() => launcher.ListMethods(side, ["--refused", "--filter", "*"]));

        Assert.Equal("the benchmark program refused its arguments (--refused --filter *): Option 'refused' is unknown.", error.Message);
    }

    [Fact]
    public void EveryLaunchPassesTheProfileKeepFilesAndTheBuildTimeoutFirst()
    {
        var launcher = new BenchmarkLauncher(TimeSpan.FromSeconds(1234.9), new Dictionary<string, string?>());

        Assert.Equal(["--profile", "full", "--exporters", "fulljson", "--memory", "--keepFiles", "--buildTimeout", "1234", "--job", "dry"], launcher.CommonArguments("full", ["--job", "dry"]));
        Assert.Equal(["--exporters", "fulljson", "--memory", "--keepFiles", "--buildTimeout", "1234"], launcher.CommonArguments(null, []));
    }

    [Fact]
    public void ExportsAreTheFullAndCompressedReportsInAnyFolderBelow()
    {
        File.WriteAllText(this.folder.File("a", "X-report-full.json"), "{}");
        File.WriteAllText(this.folder.File("b", "c", "Y-report-full-compressed.json"), "{}");
        File.WriteAllText(this.folder.File("b", "Z-report.json"), "{}");
        File.WriteAllText(this.folder.File("b", "notes.json"), "{}");
        File.WriteAllText(this.folder.File("b", "W-report-full.json.txt"), "{}");

        Assert.Equal(2, BenchmarkLauncher.CountExports(this.folder.Path));
        Assert.Equal(0, BenchmarkLauncher.CountExports(Path.Combine(this.folder.Path, "missing")));
    }

    [Fact]
    public void ALaunchIsOneTsvLineOfWholeSeconds()
    {
        Assert.Equal("base\t2\t13\t-1\t0\t-", new LaunchRecord("base", 2, 12.6, -1, 0, "-").ToTsv());
        Assert.Equal("head-oop\t0\t12\t0\t3\tDemo.A.B", new LaunchRecord("head-oop", 0, 12.4, 0, 3, "Demo.A.B").ToTsv());
        Assert.Equal(6, LaunchRecord.Header.Split('\t').Length);
    }

    [Fact]
    public void ABuildLogsFirstErrorIsWhatTheReportQuotes()
    {
        var log = this.folder.File("build.log");
        var longMessage = new string('x', 200);
        File.WriteAllLines(log,
        [
            "  Determining projects to restore...",
            "/src/A.cs(1,1): warning CS0168: The variable 'e' is declared but never used [/src/A.csproj]",
            "/src/Broken.cs(1,1): error CS0116: A namespace cannot directly contain members such as fields or methods   ",
            "/src/Other.cs(2,2): error CS1002: ; expected",
        ]);

        Assert.Equal("error CS0116: A namespace cannot directly contain members such as fields or methods", SideBuild.FirstError(log));

        File.WriteAllLines(log, ["/src/P.csproj : error MSB4025: " + longMessage]);
        var cut = SideBuild.FirstError(log);
        Assert.Equal(160, cut!.Length);
        Assert.StartsWith("error MSB4025: xxx", cut, StringComparison.Ordinal);

        File.WriteAllLines(log, ["Build succeeded.", "error: not a compiler error", "x: error cs0116: lower case is not the compiler's"]);
        Assert.Null(SideBuild.FirstError(log));
        Assert.Null(SideBuild.FirstError(this.folder.File("no-such.log")));
    }

    [Fact]
    public void AProgramWhoseCountersRunFailsIsBadInputAndLeavesItsLog()
    {
        var program = this.FakeSide().Program;
        var work = this.folder.Folder("counters-work");

        var run = ComparerRun.Of("counters", "--program", program, "--work", work, "--instruction-operations", "0", "--out", this.folder.File("counters.json"));

        run.AssertBadInput("the counters run (dotnet) failed");
        Assert.Contains("Unrecognized command or argument '--counters'", File.ReadAllText(Path.Combine(work, "native.log")), StringComparison.Ordinal);
        Assert.False(File.Exists(this.folder.File("counters.json")));
    }

    [Fact]
    public void AProgramWithoutACountersModeIsNamedSo()
    {
        var side = new SideBuild("head", this.folder.Folder("plain-src"), TestConfiguration.Project);
        new FakeBuild { NoCountersMode = true }.At(side.Program);
        var work = this.folder.Folder("plain-work");

        var run = ComparerRun.Of("counters", "--program", side.Program, "--work", work, "--instruction-operations", "0", "--out", this.folder.File("plain.json"));

        run.AssertBadInput("the benchmark program has no counters mode: it answered --counters with BenchmarkDotNet's \"Option 'counters' is unknown.\"");
        Assert.False(File.Exists(this.folder.File("plain.json")));
    }

    [Theory]
    [InlineData("--operations", "1")]
    [InlineData("--operations", "1000")]
    [InlineData("--instruction-operations", "0")]
    [InlineData("--instruction-operations", "1000")]
    public void CountsAtTheEdgesOfTheirRangeAreTakenAndTheProgramRuns(string option, string value)
    {
        var program = this.FakeSide().Program;

        ComparerRun.Of("counters", "--program", program, option, value, "--work", this.folder.Folder("work"), "--out", this.folder.File("counters.json"))
            .AssertBadInput("the counters run (dotnet) failed");
    }

    [Fact]
    public void APullRequestWhoseHeadCannotBeCountedHasNoCountersAndSaysWhy()
    {
        var program = this.FakeSide().Program;
        var path = this.folder.File("out", "counters.json");
        File.WriteAllText(path, "{ \"left\": \"by an earlier run\" }");

        var (file, error) = PullRequestCounters.Measure(
            new AbBuilds(program, null, "the base does not build", new Dictionary<string, string?>()), ["--profile", "quick"], 0, path, this.folder.Folder("work"), new ProgressLog("test"));

        Assert.Null(file);
        Assert.StartsWith("the head could not be counted: ", error, StringComparison.Ordinal);
        Assert.False(File.Exists(path));
    }

    public void Dispose() => this.folder.Dispose();

    private SideBuild FakeSide()
    {
        var side = new SideBuild("head", this.folder.Folder("head-src"), TestConfiguration.Project);
        PlantedProgram.At(side.Program);
        return side;
    }
}
