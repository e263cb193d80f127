using System.Text.Json;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Counters;

/// <summary><c>report --counters</c>: the section first, the gate it takes over, and its bad input.</summary>
public sealed class CountersReportTests : IDisposable
{
    private const string Read4K = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
    private readonly TempFolder temp = new();

    [Fact]
    public void The_counters_section_comes_first_and_names_the_case_and_counter_that_moved()
    {
        var counters = this.Counters(CountersComparison.Compare(
            CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 632, 32_769, 0, 1_000_000)),
            null,
            CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 656, 32_769, 0, 1_000_000))));

        var run = this.Report("--counters", counters, "--fail-on-regression");

        Assert.Equal(1, run.ExitCode);
        var markdown = File.ReadAllText(this.temp.File("r.md"));
        var sections = markdown.Split('\n').Where(line => line.StartsWith("### ", StringComparison.Ordinal)).ToList();
        Assert.Equal("### 1. Counters (deterministic): head vs base on this runner", sections[0]);
        Assert.Equal("### 2. Timing: head vs base on this runner (A/B)", sections[1]);
        Assert.Contains("| ReadBenchmarks.FilePipeReader(BufferSize: 4096) | ❌ bytes allocated | 632 B | 656 B | +24 B (+3.8%) |", markdown, StringComparison.Ordinal);
        using var json = JsonDocument.Parse(File.ReadAllText(this.temp.File("r.json")));
        Assert.Equal(1, json.RootElement.GetProperty("counters").GetProperty("failing").GetInt32());
        Assert.Equal(1, json.RootElement.GetProperty("failing").GetInt32());
    }

    [Fact]
    public void Counted_bytes_replace_the_ab_allocation_gate()
    {
        // BenchmarkDotNet says 1 KB more per operation in the A/B; the exact counts say nothing changed.
        BdnJson.Write(this.temp.Folder("base"), [FakeBenchmark.Of("FilePipeReader", 1000, 0.02, 15, 1, 1_000, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096")]);
        BdnJson.Write(this.temp.Folder("head"), [FakeBenchmark.Of("FilePipeReader", 1000, 0.02, 15, 2, 2_100, "FilePipes.Benchmarks.ReadBenchmarks", "BufferSize: 4096")]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", this.temp.File("base"), "--diff", this.temp.File("head"), "--threshold", "5%", "--alloc-threshold", "512B", "--json", this.temp.File("ab.json")).ExitCode);
        var same = CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 632, 1, 0, 1));
        var counters = this.Counters(CountersComparison.Compare(same, null, same));

        Assert.Equal(1, ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", this.temp.File("ab.json"), "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"), "--fail-on-regression").ExitCode);
        Assert.Equal(0, ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", this.temp.File("ab.json"), "--counters", counters, "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"), "--fail-on-regression").ExitCode);
    }

    [Theory]
    [InlineData(true, 1)]
    [InlineData(false, 0)]
    public void With_counters_a_benchmark_that_throws_in_the_head_still_fails_and_one_that_throws_only_in_the_base_does_not(bool headThrows, int failing)
    {
        FakeBenchmark Measured(string method, int seed) => FakeBenchmark.Of(method, 1000, 0.02, 15, seed, 100, "FilePipes.Benchmarks.ReadBenchmarks");
        var throws = FakeBenchmark.FailedOne("Throws", "FilePipes.Benchmarks.ReadBenchmarks");
        BdnJson.Write(this.temp.Folder("base"), [Measured("Read", 1), headThrows ? Measured("Throws", 3) : throws]);
        BdnJson.Write(this.temp.Folder("head"), [Measured("Read", 2), headThrows ? throws : Measured("Throws", 4)]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", this.temp.File("base"), "--diff", this.temp.File("head"), "--threshold", "5%", "--json", this.temp.File("ab.json")).ExitCode);
        var same = CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 632, 1, 0, 1));

        var run = ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", this.temp.File("ab.json"), "--counters", this.Counters(CountersComparison.Compare(same, null, same)), "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"), "--fail-on-regression");

        Assert.True(run.ExitCode == failing, run.Error + File.ReadAllText(this.temp.File("r.md")));
        using var json = JsonDocument.Parse(File.ReadAllText(this.temp.File("r.json")));
        Assert.Equal(failing, json.RootElement.GetProperty("failing").GetInt32());
    }

    [Fact]
    public void Counters_that_did_not_run_are_said_and_never_all_clear()
    {
        var run = this.Report("--counters-error", "valgrind crashed");

        Assert.Equal(0, run.ExitCode);
        var markdown = File.ReadAllText(this.temp.File("r.md"));
        Assert.Contains("⚠️ The counters were not measured: valgrind crashed", markdown, StringComparison.Ordinal);
        var headline = markdown.Split('\n')[0];
        Assert.Contains("counters not measured", headline, StringComparison.Ordinal);
        Assert.DoesNotContain("✅", headline, StringComparison.Ordinal);
    }

    [Fact]
    public void Names_from_the_head_are_escaped_and_missing_counters_give_their_reason()
    {
        const string Hostile = "Evil.Bench.Run(Name: |<img src=x>|)";
        var windows = new CountersFile(8, 1, "not measured: Linux only", CountersRun.NotLinux, [new CaseCounters(Hostile, 10, null, null, null)]);
        var counters = this.Counters(CountersComparison.Compare(windows, null, windows));

        Assert.Equal(0, this.Report("--counters", counters).ExitCode);

        var markdown = File.ReadAllText(this.temp.File("r.md"));
        Assert.DoesNotContain("|<img", markdown, StringComparison.Ordinal);
        Assert.Contains(MarkdownText.Escape("Bench.Run(Name: |<img src=x>|)"), markdown, StringComparison.Ordinal);
        Assert.Contains($"Instructions {MarkdownText.Escape(CountersRun.NotLinux)}", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void A_file_that_is_not_a_counters_comparison_is_bad_input()
    {
        var other = this.temp.File("other.json");
        File.WriteAllText(other, "{\"schema\": \"something-else\", \"cases\": []}");

        this.Report("--counters", other).AssertBadInput("not a counters comparison");
        this.Report("--counters", other, "--counters-error", "x").AssertBadInput("give --counters or --counters-error, not both");
    }

    public void Dispose() => this.temp.Dispose();

    private string Counters(CountersComparison comparison)
    {
        var path = this.temp.File("counters.json");
        JsonFormat.Write(path, comparison);
        return path;
    }

    private ComparerRun Report(params string[] extra) =>
        ComparerRun.Of(["report", "--os", "ubuntu-latest", "--ab-error", "not run here", "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"), .. extra]);
}
