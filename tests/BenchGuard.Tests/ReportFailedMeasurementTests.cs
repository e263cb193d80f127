using System.Text.Json;
using System.Text.RegularExpressions;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// A measurement that could not be made is not a regression: counters that did not run leave the exit code to what
/// was measured, the A/B's own allocations gate in their place and are named when they fail, and an exit code of 1
/// always comes with a headline that names something slower, larger or failed.
/// </summary>
public sealed partial class ReportFailedMeasurementTests : IDisposable
{
    private const string Type = "FilePipes.Benchmarks.ReadBenchmarks";
    private readonly TempFolder temp = new();

    [Fact]
    public void CountersThatCouldNotBeMadeOnAnUnchangedTreeAreAWarningNotARegression()
    {
        var same = new[] { Bench("Read", 1000, 1, 600), Bench("Write", 2000, 2, 0) };
        var ab = this.Compare(same, same, "ab");
        var baseline = this.Compare(same, same, "baseline");

        var run = this.Report("--ab", ab, "--baseline", baseline, "--counters-error", "the head could not be counted: Process terminated.");

        Assert.True(run.ExitCode == 0, run.Error);
        var headline = this.Json().GetProperty("headline").GetString()!;
        Assert.Equal("❔ counters not measured, 0 slower, 0 faster (A/B), 0 more allocations", headline);
        Assert.Equal(0, this.Json().GetProperty("failing").GetInt32());
        Assert.Contains("⚠️ The counters were not measured: the head could not be counted: Process terminated.", this.Markdown(), StringComparison.Ordinal);
    }

    [Fact]
    public void WithoutCountersTheABsAllocationsGateAndTheHeadlineAndTableNameThem()
    {
        // The stored baseline sees nothing; BenchmarkDotNet's A/B bytes say 1 KB more in the head.
        var ab = this.Compare([Bench("Read", 1000, 1, 1_000)], [Bench("Read", 1000, 2, 2_100)], "ab");
        var baseline = this.Compare([Bench("Read", 1000, 1, 2_100)], [Bench("Read", 1000, 2, 2_100)], "baseline");

        var run = this.Report("--ab", ab, "--baseline", baseline, "--counters-error", "valgrind crashed");

        Assert.Equal(1, run.ExitCode);
        Assert.Equal("⚠️ counters not measured, 0 slower, 0 faster (A/B), 0 more allocations, 1 more allocations (A/B)", this.Json().GetProperty("headline").GetString());
        var markdown = this.Markdown();
        Assert.Contains("### 3. Allocations: head vs base on this runner (BenchmarkDotNet's bytes, as the counters did not run)", markdown, StringComparison.Ordinal);
        Assert.Contains("| ReadBenchmarks.Read | ❌ more | 1000 B | 2.05 KB |", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void WithCountersTheABsAllocationsNeitherGateNorShow()
    {
        var ab = this.Compare([Bench("Read", 1000, 1, 1_000)], [Bench("Read", 1000, 2, 2_100)], "ab");
        var baseline = this.Compare([Bench("Read", 1000, 1, 2_100)], [Bench("Read", 1000, 2, 2_100)], "baseline");
        var same = CountersComparisonTests.File(CountersComparisonTests.Case($"{Type}.Read", 632, 1, 0, 1));
        var counters = this.temp.File("counters.json");
        JsonFormat.Write(counters, CountersComparison.Compare(same, null, same));

        var run = this.Report("--ab", ab, "--baseline", baseline, "--counters", counters);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal("✅ 0 counters moved, 0 slower, 0 faster (A/B), 0 more allocations", this.Json().GetProperty("headline").GetString());
        Assert.DoesNotContain("BenchmarkDotNet's bytes, as the counters did not run", this.Markdown(), StringComparison.Ordinal);
    }

    /// <summary>Every mix of what can fail: exit 1 exactly when something fails, and then the headline names it.</summary>
    [Theory]
    [MemberData(nameof(Mixes))]
    public void ExitOneAlwaysComesWithAHeadlineThatNamesWhatIsSlowerLargerOrFailed(string abHead, string stored, string counted)
    {
        var ab = this.Compare([Bench("Read", 1000, 1, 1_000), Bench("Write", 1000, 3, 0)], [Head(abHead), Bench("Write", 1000, 4, 0)], "ab");
        var baseline = this.Compare([Bench("Read", 1000, 5, 1_000)], [Bench("Read", 1000, 6, stored == "more bytes" ? 4_000 : 1_000)], "baseline");
        List<string> counters = ["--counters-error", "valgrind crashed"];
        if (counted != "error")
        {
            var path = this.temp.File("counters.json");
            var baseCount = CountersComparisonTests.File(CountersComparisonTests.Case($"{Type}.Read", 632, 1, 0, 1));
            var headCount = CountersComparisonTests.File(CountersComparisonTests.Case($"{Type}.Read", counted == "more bytes" ? 656 : 632, 1, 0, 1));
            JsonFormat.Write(path, CountersComparison.Compare(baseCount, null, headCount));
            counters = ["--counters", path];
        }

        var run = this.Report(["--ab", ab, "--baseline", baseline, .. counters]);

        var failing = this.Json().GetProperty("failing").GetInt32();
        var headline = this.Json().GetProperty("headline").GetString()!;
        Assert.Equal(failing > 0 ? 1 : 0, run.ExitCode);
        var named = NamedFailure().Matches(headline).Any(m => m.Groups[1].Value != "0");
        Assert.True(run.ExitCode == 0 || named, $"exit 1 with nothing named: {headline}");
        if (counted == "error")
        {
            Assert.Contains("counters not measured", headline, StringComparison.Ordinal);
        }
    }

    public static TheoryData<string, string, string> Mixes()
    {
        var mixes = new TheoryData<string, string, string>();
        foreach (var abHead in new[] { "same", "slower", "throws", "more bytes" })
        {
            foreach (var stored in new[] { "same", "more bytes" })
            {
                foreach (var counted in new[] { "same", "more bytes", "error" })
                {
                    mixes.Add(abHead, stored, counted);
                }
            }
        }

        return mixes;
    }

    public void Dispose() => this.temp.Dispose();

    private static FakeBenchmark Bench(string method, double center, int seed, long allocated) =>
        FakeBenchmark.Of(method, center, 0.02, 15, seed, allocated, Type);

    private static FakeBenchmark Head(string state) => state switch
    {
        "slower" => Bench("Read", 1500, 2, 1_000),
        "throws" => FakeBenchmark.FailedOne("Read", Type),
        "more bytes" => Bench("Read", 1000, 2, 2_100),
        _ => Bench("Read", 1000, 2, 1_000),
    };

    // The headline's counts of what can fail the check: slower, failed, more allocations (either kind), failing counters.
    [GeneratedRegex(@"(\d+) (slower|failed|more allocations|failing)")]
    private static partial Regex NamedFailure();

    private string Compare(FakeBenchmark[] baseSide, FakeBenchmark[] headSide, string name)
    {
        BdnJson.Write(this.temp.Folder(name + "-base"), baseSide);
        BdnJson.Write(this.temp.Folder(name + "-head"), headSide);
        var json = this.temp.File(name + ".json");
        var run = ComparerRun.Of(["compare", "--base", this.temp.File(name + "-base"), "--diff", this.temp.File(name + "-head"), "--threshold", "5%", "--fail-threshold", "20%", "--alloc-threshold", "512B", "--json", json]);
        Assert.True(run.ExitCode is 0 or 1, run.Error);
        return json;
    }

    private ComparerRun Report(params string[] args) =>
        ComparerRun.Of(["report", "--os", "ubuntu-latest", "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"), "--fail-on-regression", .. args]);

    private JsonElement Json() => JsonDocument.Parse(File.ReadAllText(this.temp.File("r.json"))).RootElement.Clone();

    private string Markdown() => File.ReadAllText(this.temp.File("r.md"));
}
