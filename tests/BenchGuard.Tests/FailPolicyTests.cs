using System.Globalization;
using BenchGuard.Comparison;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Reporting;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// Each OS section ends with what fails its check, made from the settings its comparisons ran with and from
/// <see cref="CounterPolicy"/>: a changed tolerance changes the sentence, never the other way round.
/// </summary>
public sealed class FailPolicyTests
{
    private static readonly FailPolicy Pipeline = new(
        AbCompared: true,
        GatedCounters: Enum.GetValues<CounterKind>().Where(CounterPolicy.IncreaseFails).ToList(),
        CounterTolerance: CounterPolicy.ExactTolerance,
        InstructionTolerance: CounterPolicy.InstructionTolerance,
        AbAllocation: null,
        BaselineAllocation: AllocationThreshold.Parse(VerdictDefaults.PipelineAllocationThreshold),
        TimingFailThreshold: VerdictDefaults.PipelineFailThreshold,
        TimingFailRounds: PairedTimingTest.RoundsToFail(VerdictDefaults.PairedAlpha));

    [Fact]
    public void ThePipelinesFooterStatesItsConstants()
    {
        var footer = Pipeline.Markdown();

        Assert.Contains("bytes allocated, read calls or write calls per operation, counted head vs base: any increase", footer, StringComparison.Ordinal);
        Assert.Contains($"instructions (beyond ±{Percent(CounterPolicy.InstructionTolerance)})", footer, StringComparison.Ordinal);
        Assert.Contains($"vs the stored baseline, for entries measured on a GitHub runner: more than {VerdictDefaults.PipelineAllocationThreshold} above it", footer, StringComparison.Ordinal);
        Assert.Contains($"Slower by more than {VerdictDefaults.PipelineFailThreshold}, over at least 5 paired rounds", footer, StringComparison.Ordinal);
        Assert.DoesNotContain("BenchmarkDotNet's bytes", footer, StringComparison.Ordinal);
        Assert.DoesNotContain("small tolerance", footer, StringComparison.Ordinal);
    }

    [Fact]
    public void TheFooterFollowsTheToleranceItIsGiven()
    {
        var changed = Pipeline with
        {
            InstructionTolerance = 0.02,
            BaselineAllocation = AllocationThreshold.Parse("1KB"),
            TimingFailThreshold = "35%",
            TimingFailRounds = 7,
            CounterTolerance = 3,
        };

        var footer = changed.Markdown();

        Assert.Contains("instructions (beyond ±2%)", footer, StringComparison.Ordinal);
        Assert.Contains("GitHub runner: more than 1KB above it", footer, StringComparison.Ordinal);
        Assert.Contains("Slower by more than 35%, over at least 7 paired rounds", footer, StringComparison.Ordinal);
        Assert.Contains("counted head vs base: an increase of more than 3", footer, StringComparison.Ordinal);
        Assert.DoesNotContain(VerdictDefaults.PipelineAllocationThreshold, footer, StringComparison.Ordinal);
        Assert.DoesNotContain(VerdictDefaults.PipelineFailThreshold, footer, StringComparison.Ordinal);
        Assert.Contains("GitHub runner: more than 1% above it", (Pipeline with { BaselineAllocation = AllocationThreshold.Parse("1%") }).Markdown(), StringComparison.Ordinal);
        Assert.Contains("GitHub runner: any increase", (Pipeline with { BaselineAllocation = AllocationThreshold.Zero }).Markdown(), StringComparison.Ordinal);
    }

    [Fact]
    public void ACounterThePolicyStopsGatingMovesToTheReportedOnes()
    {
        var footer = (Pipeline with { GatedCounters = [CounterKind.AllocatedBytes] }).Markdown();

        Assert.Contains("bytes allocated per operation, counted head vs base: any increase", footer, StringComparison.Ordinal);
        Assert.Contains("Reported, never failed: read calls (any increase), write calls (any increase), instructions (beyond ±", footer, StringComparison.Ordinal);
    }

    [Fact]
    public void WithoutCountersTheABGatesBenchmarkDotNetsBytesWithItsThreshold()
    {
        using var temp = new TempFolder();
        var read = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1, allocated: 100);
        BdnJson.Write(temp.Folder("base"), [read]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("base"), "--threshold", "5%", "--alloc-threshold", "300B", "--fail-threshold", "25%", "--json", temp.File("ab.json")).ExitCode);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("base"), "--threshold", "5%", "--alloc-threshold", "2KB", "--timing", "indicative", "--json", temp.File("b.json")).ExitCode);

        string Footer(params string[] counters)
        {
            var run = ComparerRun.Of(["report", "--os", "ubuntu-latest", "--ab", temp.File("ab.json"), "--baseline", temp.File("b.json"), "--md", temp.File("r.md"), "--json", temp.File("r.json"), .. counters]);
            Assert.True(run.ExitCode == 0, run.Error);
            var lines = File.ReadAllText(temp.File("r.md")).TrimEnd('\n').Split('\n');
            Assert.StartsWith("**What fails this check:**", lines[^1], StringComparison.Ordinal);
            return lines[^1];
        }

        var bdn = Footer("--counters-error", "valgrind crashed");
        Assert.Contains("BenchmarkDotNet's bytes allocated per operation, head vs base, as the counters did not run: more than 300B above the base", bdn, StringComparison.Ordinal);
        Assert.Contains("stored baseline, for entries measured on a GitHub runner: more than 2KB above it", bdn, StringComparison.Ordinal);
        Assert.Contains("Slower by more than 25%", bdn, StringComparison.Ordinal);
        Assert.DoesNotContain("counted head vs base", bdn, StringComparison.Ordinal);

        var counted = CountersComparison.Compare(new CountersFile(8, 1, null, null, [new CaseCounters(read.FullName, 100, 2, 1, 1000)]), null, new CountersFile(8, 1, null, null, [new CaseCounters(read.FullName, 100, 2, 1, 1000)]));
        JsonFormat.Write(temp.File("counters.json"), counted);
        var exact = Footer("--counters", temp.File("counters.json"));
        Assert.Contains("counted head vs base: any increase", exact, StringComparison.Ordinal);
        Assert.DoesNotContain("BenchmarkDotNet's bytes", exact, StringComparison.Ordinal);
    }

    [Fact]
    public void AReportWhoseAllocationThresholdCompareWouldRefuseIsBadInput()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("a"), [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1)]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("a"), "--diff", temp.File("a"), "--threshold", "5%", "--json", temp.File("ab.json")).ExitCode);
        File.WriteAllText(temp.File("ab.json"), File.ReadAllText(temp.File("ab.json")).Replace("\"allocThreshold\": \"0B\"", "\"allocThreshold\": \"a lot\"", StringComparison.Ordinal));

        ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", temp.File("ab.json"), "--md", temp.File("r.md"), "--json", temp.File("r.json"))
            .AssertBadInput($"{temp.File("ab.json")}: options.allocThreshold: invalid allocation threshold 'a lot'");
    }

    private static string Percent(double fraction) => (fraction * 100).ToString("0.##", CultureInfo.InvariantCulture) + "%";
}
