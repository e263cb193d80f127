using System.Text.Json;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Counters;

/// <summary><c>export-trend --counters</c>: one customSmallerIsBetter file per counter this OS measured, beside time and allocated.</summary>
public sealed class CounterTrendTests : IDisposable
{
    private const string Read4K = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
    private const string Parallel4K = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReaderParallel(BufferSize: 4096)";
    private readonly TempFolder temp = new();

    [Fact]
    public void Linux_counters_become_four_series_in_their_own_units_per_operation()
    {
        var run = this.Export(CountersComparisonTests.File(
            CountersComparisonTests.Case(Read4K, 816, 32_769, 0, 230_107_749),
            CountersComparisonTests.Case(Parallel4K, 320_888, 32_769, 0, 206_390_455)));

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(
            new Dictionary<string, (string, double)> { [Parallel4K] = ("B", 320_888), [Read4K] = ("B", 816) },
            this.Entries("counted-bytes"));
        Assert.Equal(("calls", 32_769.0), this.Entries("read-calls")[Read4K]);
        Assert.Equal(("calls", 0.0), this.Entries("write-calls")[Read4K]);
        Assert.Equal(("instructions", 230_107_749.0), this.Entries("instructions")[Read4K]);
        Assert.Contains("\"FilePipes instructions (ubuntu-latest)\"", run.Out, StringComparison.Ordinal);
        Assert.True(File.Exists(this.temp.File("trend", "time.json")), "time and allocated are written as before");
    }

    [Fact]
    public void Entries_say_how_they_were_counted()
    {
        this.Export(CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 816, 32_769, 0, 230_107_749)));

        using var instructions = JsonDocument.Parse(File.ReadAllText(this.temp.File("trend", "instructions.json")));
        using var bytes = JsonDocument.Parse(File.ReadAllText(this.temp.File("trend", "counted-bytes.json")));
        Assert.Equal("per operation: (2N − N operations) / N under callgrind, N = 1", instructions.RootElement[0].GetProperty("extra").GetString());
        Assert.Equal("per operation, over 8 operations, each the same", bytes.RootElement[0].GetProperty("extra").GetString());
    }

    [Fact]
    public void A_counter_whose_operations_differed_within_the_run_is_left_out_of_its_series_only()
    {
        var varying = CountersComparisonTests.Case(Parallel4K, 400_000, 32_769, 0, 206_390_455) with { AllocatedBytesRange = new CounterRange(320_888, 492_789) };

        var run = this.Export(CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 816, 32_769, 0, 230_107_749), varying));

        Assert.Equal([Read4K], this.Entries("counted-bytes").Keys);
        Assert.Equal(new[] { Parallel4K, Read4K }.Order(StringComparer.Ordinal), this.Entries("read-calls").Keys.Order(StringComparer.Ordinal));
        Assert.Contains($"counted-bytes: left out {Parallel4K}: its operations differed within the run (320,888–492,789)", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void A_series_whose_every_case_varied_gets_no_file_and_the_summary_says_so()
    {
        // As under load: one case, and another thread's allocation lands in one of its operations.
        var varying = CountersComparisonTests.Case(Read4K, 400_100, 2_000, 0, 16_092_649) with { AllocatedBytesRange = new CounterRange(400_072, 400_296) };
        var counters = this.temp.File("counters.json");
        JsonFormat.Write(counters, CountersComparisonTests.File(varying));
        var summary = this.temp.File("summary.md");
        File.WriteAllText(summary, "earlier steps' text\n");

        var run = this.Run("--counters", counters, "--summary", summary);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.False(File.Exists(this.temp.File("trend", "counted-bytes.json")));
        Assert.True(File.Exists(this.temp.File("trend", "read-calls.json")));
        var text = File.ReadAllText(summary);
        Assert.StartsWith("earlier steps' text\n### Trend series (ubuntu-latest)\n\ntime (1), allocated (1), read-calls (1), write-calls (1), instructions (1)\n", text, StringComparison.Ordinal);
        Assert.Contains("> ℹ️ counted-bytes: left out", text, StringComparison.Ordinal);
        Assert.Contains("(400,072–400,296)", text, StringComparison.Ordinal);
        Assert.Contains("> ℹ️ counted-bytes: no point this run: every case's operations differed within the run", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Counters_this_os_does_not_measure_get_no_file_and_the_reason_is_said()
    {
        var windows = new CountersFile(8, 1, "not measured: read and write system calls are counted on Linux only", CountersRun.NotLinux, [new CaseCounters(Read4K, 632, null, null, null)]);

        var run = this.Export(windows);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(("B", 632.0), this.Entries("counted-bytes")[Read4K]);
        Assert.All(["read-calls", "write-calls", "instructions"], metric => Assert.False(File.Exists(this.temp.File("trend", metric + ".json")), metric));
        Assert.Contains("read-calls: not measured: read and write system calls are counted on Linux only", run.Out, StringComparison.Ordinal);
        Assert.Contains($"instructions: {CountersRun.NotLinux}", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void A_counters_file_that_is_not_one_is_bad_input()
    {
        var other = this.temp.File("other.json");
        File.WriteAllText(other, "{\"cases\": [null]}");

        this.Run("--counters", other).AssertBadInput($"{other} is not a counters.json");
    }

    public void Dispose() => this.temp.Dispose();

    private ComparerRun Export(CountersFile counted)
    {
        var path = this.temp.File("counters.json");
        JsonFormat.Write(path, counted);
        return this.Run("--counters", path);
    }

    private ComparerRun Run(params string[] more)
    {
        BdnJson.Write(this.temp.Folder("results"), [FakeBenchmark.Of("Read", 1500, 0.02, 15, seed: 1, allocated: 96)]);
        return ComparerRun.Of(["export-trend", "--results", this.temp.File("results"), "--os", "ubuntu-latest", "--out-dir", this.temp.File("trend"), .. more]);
    }

    private Dictionary<string, (string Unit, double Value)> Entries(string metric)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(this.temp.File("trend", metric + ".json")));
        return document.RootElement.EnumerateArray().ToDictionary(
            e => e.GetProperty("name").GetString()!,
            e => (e.GetProperty("unit").GetString()!, e.GetProperty("value").GetDouble()));
    }
}
