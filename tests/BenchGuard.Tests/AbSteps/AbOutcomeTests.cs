using System.Text.Json;
using System.Text.Json.Nodes;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// pr-report on fake builds (<see cref="FakeBuild"/>) where something goes wrong after the launches, or where more than
/// the A/B decides: exports that cannot be merged or compared, an earlier run's outputs in the same folder, the
/// methods a filter names, and the head against a stored baseline.
/// </summary>
[HideMutationRunVariables]
public sealed class AbOutcomeTests : IDisposable
{
    private static readonly string[] Slice = ["--filter", "*FileStreamBenchmarks*", "--instruction-operations", "0"];

    private readonly TinyRepository repository = new();

    [Fact]
    public void ABaseWhoseExportsCannotBeMergedIsRecordedAsTheReasonForNoAB()
    {
        var output = AbOutput.Plant(this.repository, new FakeBuild { DamagedExport = true }, new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "2", "--interleave", "suite", .. Slice]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.StartsWith("merging the base's launches failed: ", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab.json")));
        Assert.True(File.Exists(Path.Combine(output, "ab", "logs", "merge-base.log")));
    }

    [Fact]
    public void AHeadWhoseExportsCannotBeMergedIsBadInput()
    {
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild { DamagedExport = true });

        AbOutput.PrReport(this.repository, output, ["--rounds", "1", "--interleave", "suite", .. Slice]).AssertBadInput("merging the head's launches failed: ");
    }

    [Fact]
    public void AComparisonThatFailsLeavesNoHalfWrittenFilesAndIsRecorded()
    {
        // Each base launch writes its export twice under two names: the merge keeps both, and the comparison refuses a
        // benchmark that is there twice.
        var output = AbOutput.Plant(this.repository, new FakeBuild { DuplicateExport = true }, new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "2", "--interleave", "suite", .. Slice]);

        Assert.True(run.ExitCode == 0, run.Error);
        var error = File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt"));
        Assert.Contains("duplicate FullName", error, StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab.json")));
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab.md")));
    }

    [Fact]
    public void ASecondRunInTheSameFolderLeavesNothingOfTheFirst()
    {
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());
        var first = AbOutput.PrReport(this.repository, output, ["--rounds", "3", "--interleave", "suite", .. Slice]);
        Assert.True(first.ExitCode == 0, first.Error);
        Assert.True(File.Exists(Path.Combine(output, "ab", "ab.json")));
        Assert.True(Directory.Exists(Path.Combine(output, "ab", "launches", "base-r03")));

        // Now every base launch crashes, and there are fewer rounds.
        new FakeBuild { ExitCode = 3 }.At(AbOutput.Side(output, "base").Program);
        var second = AbOutput.PrReport(this.repository, output, ["--rounds", "1", "--interleave", "suite", "--filter", "*Read", "--instruction-operations", "0"]);

        Assert.True(second.ExitCode == 0, second.Error);
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab.json")));
        Assert.False(File.Exists(Path.Combine(output, "ab", "ab.md")));
        Assert.False(Directory.Exists(Path.Combine(output, "ab", "launches", "base-r03")));
        Assert.False(Directory.Exists(Path.Combine(output, "ab", "merged", "base")));
        Assert.Equal(2, AbOutput.Launches(output).Count);
        Assert.Equal([FakeBuild.Read], AbOutput.FullNames(Path.Combine(output, "results")));
        Assert.Contains("no base launch produced results", File.ReadAllText(Path.Combine(output, "ab", "ab-error.txt")), StringComparison.Ordinal);
    }

    [Fact]
    public void AGlobThatNamesACaseIsOneUnitAndOverlappingGlobsGiveEachMethodOnce()
    {
        const string Case = "*FileStreamBenchmarks.Write(UserBufferSize: 4096*";
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "1", "--interleave", "method", "--filter", "*Read", "--filter", "*FileStream*Read", "--filter", Case, "--instruction-operations", "0"]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(
            ["FilePipes.Benchmarks.FileStreamBenchmarks.Read", Case, "-"],
            AbOutput.Launches(output).Select(l => l[5]).Distinct());
        // The out-of-process launch runs every glob at once.
        Assert.Contains($"--filter *Read *FileStream*Read {Case}", File.ReadAllText(Path.Combine(output, "ab", "logs", "head-oop.log")), StringComparison.Ordinal);
        Assert.Contains($"--inProcess --iterationTime 200 --unrollFactor 1 --filter {Case}", File.ReadAllText(Path.Combine(output, "ab", "logs", "head-r01-m1.log")), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("*Write", "*FileStreamBenchmarks.Write(UserBufferSize: 4096*")]
    [InlineData("*FileStreamBenchmarks.Write(UserBufferSize: 4096*", "*Write")]
    public void ACaseGlobWhoseMethodIsSelectedWholeRunsWithThatMethodNotTwice(string first, string second)
    {
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "2", "--interleave", "method", "--filter", first, "--filter", second, "--instruction-operations", "0"]);

        // Launched twice in a round, the case would be in two exports of one launch, which the merge refuses.
        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(["FilePipes.Benchmarks.FileStreamBenchmarks.Write", "-"], AbOutput.Launches(output).Select(l => l[5]).Distinct());
        Assert.True(File.Exists(Path.Combine(output, "ab", "ab.json")), "the A/B was made");
    }

    [Fact]
    public void CaseGlobsThatSelectCasesOfOneMethodLaunchTogetherSoNoCaseRunsTwice()
    {
        const string Small = "*FileStreamBenchmarks.Write(UserBufferSize: 4096*";
        const string AnyWrite = "*FileStreamBenchmarks.Write(*";
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "2", "--interleave", "method", "--filter", Small, "--filter", "*Read", "--filter", AnyWrite, "--instruction-operations", "0"]);

        // Launched apart, the 4 KiB case would be in two exports of one round's launches, which the merge refuses.
        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(["FilePipes.Benchmarks.FileStreamBenchmarks.Read", $"{Small} {AnyWrite}", "-"], AbOutput.Launches(output).Select(l => l[5]).Distinct());
        Assert.Contains($"--filter {Small} {AnyWrite}", File.ReadAllText(Path.Combine(output, "ab", "logs", "head-r01-m1.log")), StringComparison.Ordinal);
        Assert.Equal(new Dictionary<string, string> { [FakeBuild.Read] = "Same", [FakeBuild.Write] = "Same" }, AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")));
    }

    [Fact]
    public void CaseGlobsJoinThroughEveryMethodOfTheGlobsBeforeThemAndOneThatMatchesNothingIsNoUnit()
    {
        // The first selects cases of Read and Write; the second joins it through Read; the third, through Write, which
        // only the first selects. Apart, the 4 KiB Write case would run twice in a round, which the merge refuses.
        const string Small = "*(UserBufferSize: 4096*";
        const string AnyRead = "*FileStreamBenchmarks.Read(*";
        const string AnyWrite = "*FileStreamBenchmarks.Write(*";
        const string Nothing = "*NoSuchBenchmarks.Read(*";
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "2", "--interleave", "method", "--filter", Small, "--filter", AnyRead, "--filter", Nothing, "--filter", AnyWrite, "--instruction-operations", "0"]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal([$"{Small} {AnyRead} {AnyWrite}", "-"], AbOutput.Launches(output).Select(l => l[5]).Distinct());
        Assert.Equal(new Dictionary<string, string> { [FakeBuild.Read] = "Same", [FakeBuild.Write] = "Same" }, AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")));
    }

    [Fact]
    public void AMethodThatOnlyTheBaseHasIsLaunchedOnTheBaseAndShownAsGoneFromTheHead()
    {
        // The head's export without Write: the change under review removed that benchmark.
        var export = JsonNode.Parse(File.ReadAllText(new FakeBuild().Export))!.AsObject();
        var benchmarks = export["Benchmarks"]!.AsArray();
        benchmarks.Remove(benchmarks.Single(b => b!["FullName"]!.GetValue<string>() == FakeBuild.Write));
        var headExport = Path.Combine(this.repository.NewOut(), "FilePipes.Benchmarks.FileStreamBenchmarks-report-full.json");
        Directory.CreateDirectory(Path.GetDirectoryName(headExport)!);
        File.WriteAllText(headExport, export.ToJsonString());
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild { Export = headExport });

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "2", "--interleave", "method", .. Slice]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains("base FilePipes.Benchmarks.FileStreamBenchmarks.Write", AbOutput.Launches(output).Select(l => $"{l[0]} {l[5]}"));
        var verdicts = AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json"));
        Assert.Equal("Same", verdicts[FakeBuild.Read]);
        Assert.Equal("Missing", verdicts[FakeBuild.Write]);
    }

    [Fact]
    public void ACaseGlobThatAlsoSelectsAnotherMethodBesideAWholeOneIsRefused()
    {
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());

        var run = AbOutput.PrReport(this.repository, output, ["--rounds", "1", "--interleave", "method", "--filter", "*Write", "--filter", "*(UserBufferSize: 4096*", "--instruction-operations", "0"]);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("FilePipes.Benchmarks.FileStreamBenchmarks.Write, which another filter selects whole", run.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", run.Error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("runner", 1)]
    [InlineData("development-machine", 0)]
    public void MoreBytesThanTheStoredBaselineFailTheCheckOnlyAgainstARunnersBaseline(string measuredOn, int exitCode)
    {
        this.StoreBaseline(measuredOn);
        var output = AbOutput.Plant(this.repository, new FakeBuild { ExtraBytes = new() { ["Read"] = 1024 } }, new FakeBuild { ExtraBytes = new() { ["Read"] = 1024 } });

        var run = ComparerRun.Of(["pr-report", "--repo", this.repository.Root, "--against", "main", "--head", "first", "--out", output, "--src", AbOutput.Sources(output), "--keep-src", "--reuse-build",
            "--os", "ubuntu-latest", "--rounds", "2", "--interleave", "suite", "--fail-on-regression", .. Slice]);

        // Head and base allocate alike (the A/B and the counters pass); the stored baseline allocated 1,023 bytes less.
        Assert.True(run.ExitCode == exitCode, run.Error);
        Assert.Equal(["Same", "Same"], AbOutput.Verdicts(Path.Combine(output, "ab", "ab.json")).Values);
        using var baseline = JsonDocument.Parse(File.ReadAllText(Path.Combine(output, "baseline.json")));
        var allocations = baseline.RootElement.GetProperty("benchmarks").EnumerateArray()
            .Where(b => b.GetProperty("verdict").GetString() != "Missing")
            .ToDictionary(b => b.GetProperty("fullName").GetString()!, b => b.GetProperty("allocation").GetProperty("verdict").GetString());
        Assert.Equal(2, allocations.Count);
        Assert.Equal("Regression", allocations[FakeBuild.Read]);
        Assert.Equal("Same", allocations[FakeBuild.Write]);
        Assert.Contains("merge-base with main", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void AStoredBaselineThatCannotBeReadIsBadInput()
    {
        File.WriteAllText(Path.Combine(this.repository.Root, "baselines", "ubuntu-latest", "baseline.json"), "{ \"format\": ");
        var output = AbOutput.Plant(this.repository, new FakeBuild(), new FakeBuild());

        AbOutput.PrReport(this.repository, output, ["--os", "ubuntu-latest", "--rounds", "1", "--interleave", "suite", .. Slice])
            .AssertBadInput("pr-report: comparing with baselines/ubuntu-latest failed: ");
    }

    public void Dispose() => this.repository.Dispose();

    // The repository's own stored baseline for ubuntu-latest, which holds the served export's two benchmarks, each run
    // recorded as measured where the test says.
    private void StoreBaseline(string measuredOn)
    {
        var source = AppContext.BaseDirectory;
        while (!File.Exists(Path.Combine(source, "FilePipes.sln")))
        {
            source = Path.GetDirectoryName(source) ?? throw new InvalidOperationException("no FilePipes.sln above the tests");
        }

        var stored = File.ReadAllText(Path.Combine(source, "baselines", "ubuntu-latest", "baseline.json"))
            .Replace("\"measuredOn\": \"development-machine\"", $"\"measuredOn\": \"{measuredOn}\"", StringComparison.Ordinal);
        File.WriteAllText(Path.Combine(this.repository.Root, "baselines", "ubuntu-latest", "baseline.json"), stored);
    }
}
