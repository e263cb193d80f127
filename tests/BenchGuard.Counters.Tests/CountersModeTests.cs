using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace BenchGuard.Counters.Tests;

/// <summary>Alone, after every parallel test: the counters are the whole process's, so other tests must be idle.</summary>
[CollectionDefinition(nameof(ProcessWideCounters), DisableParallelization = true)]
public sealed class ProcessWideCounters;

[Collection(nameof(ProcessWideCounters))]
public sealed class CountersModeTests
{
    private const int Operations = 64;

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public void Allocated_bytes_are_exact_per_operation(int reads)
    {
        IReadOnlyList<CaseCounts> counts = CountsOf(reads);

        // new object() is 24 B on a 64-bit runtime: nothing else in the operation, the warm-up or the readings counts.
        Assert.Equal(24L * Operations, counts.Min(c => c.AllocatedBytes));
        Assert.Contains($"Reads: {reads}", counts[0].Benchmark, StringComparison.Ordinal);
    }

    [Fact]
    public void Each_operation_is_counted_on_its_own_too()
    {
        IReadOnlyList<CaseCounts> counts = CountsOf(3);

        // Every operation of the case costs the same, so the cheapest and the dearest agree: the case is exact.
        Assert.Contains(counts, c => c.AllocatedBytesPerOperation == new OperationRange(24, 24));
        if (OperatingSystem.IsLinux())
        {
            Assert.Contains(counts, c => c.ReadCallsPerOperation == new OperationRange(3, 3));
        }
        else
        {
            Assert.All(counts, c => Assert.Null(c.ReadCallsPerOperation));
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public void Read_system_calls_are_exact_per_operation_on_Linux(int reads)
    {
        if (!OperatingSystem.IsLinux())
        {
            Assert.Skip(CountersProtocol.SystemCallsNotLinux);
        }

        IReadOnlyList<CaseCounts> counts = CountsOf(reads);

        // Writes are not asserted here: xunit's own reporting writes from other threads meanwhile. FilePipes' benchmark
        // tests (CountersProgramTests) count them in a process of their own.
        Assert.Equal((long)reads * Operations, counts.Min(c => c.ReadCalls));
    }

    [Fact]
    public void System_calls_are_not_measured_off_Linux()
    {
        if (OperatingSystem.IsLinux())
        {
            Assert.Skip("on Linux system calls are measured (the test above)");
        }

        CaseCounts counts = CountsOf(1)[0];

        Assert.Null(counts.ReadCalls);
        Assert.Null(counts.WriteCalls);
    }

    [Fact]
    public void Filters_and_exact_names_both_select_and_nothing_given_selects_every_case()
    {
        const string Three = "BenchGuard.Counters.Tests.CountedWork.AllocateAndRead(Reads: 3)";

        Assert.Equal([Three], Selected(new CounterArguments(null, [], [Three], 1, 0, null), profile: null));
        Assert.Equal(2, Selected(new CounterArguments(null, ["*CountedWork.Allocate*"], [], 1, 0, null), profile: null).Count);
        Assert.Equal(2, Selected(new CounterArguments(null, [], [], 1, 0, null), profile: null).Count);
        Assert.Empty(Selected(new CounterArguments(null, ["*.NoSuchBenchmark"], [], 1, 0, null), profile: null));
    }

    [Fact]
    public void A_profile_selects_through_the_programs_own_filter()
    {
        var options = new CountersOptions { Profiles = new Dictionary<string, IFilter> { ["Quick"] = OneRead, ["full"] = new SimpleFilter(_ => true) } };

        Assert.True(CountersMode.TryProfileFilter("quick", options, out IFilter? quick, out string? error), error);
        Assert.Equal(["BenchGuard.Counters.Tests.CountedWork.AllocateAndRead(Reads: 1)"], Selected(new CounterArguments("quick", [], [], 1, 0, null), quick));
        Assert.True(CountersMode.TryProfileFilter("FULL", options, out IFilter? full, out _));
        Assert.Equal(2, Selected(new CounterArguments("FULL", [], [], 1, 0, null), full).Count);
    }

    [Fact]
    public void A_profile_the_program_does_not_name_is_refused_with_one_line()
    {
        var options = new CountersOptions { Profiles = new Dictionary<string, IFilter> { ["quick"] = OneRead, ["full"] = OneRead } };

        Assert.False(CountersMode.TryProfileFilter("slow", options, out _, out string? unknown));
        Assert.Equal("counters: --profile 'slow' is not a profile: use quick or full.", unknown);
        Assert.False(CountersMode.TryProfileFilter("quick", new CountersOptions(), out _, out string? none));
        Assert.Equal("counters: --profile 'quick' is not taken: this program names no profiles (CountersOptions.Profiles).", none);
        Assert.True(CountersMode.TryProfileFilter(null, new CountersOptions(), out IFilter? all, out _));
        Assert.Null(all);
    }

    [Fact]
    public void Only_arguments_that_start_with_the_switch_ask_for_the_mode()
    {
        Assert.True(CountersMode.IsRequested([CountersProtocol.Switch, "--case", "x"]));
        Assert.False(CountersMode.IsRequested(["--filter", "*", CountersProtocol.Switch]));
        Assert.False(CountersMode.IsRequested([]));
    }

    [Theory]
    [InlineData("--operations", "0")]
    [InlineData("--operations", "x")]
    [InlineData("--warmup", "-1")]
    [InlineData("--profile", null)]
    [InlineData("--bogus", "1")]
    [InlineData("--operations", null)]
    public void Bad_arguments_are_refused_with_one_line(string option, string? value)
    {
        string[] args = value is null ? [option] : [option, value];

        Assert.False(CounterArguments.TryParse(args, out _, out string? error));
        Assert.StartsWith("counters: ", error, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error!);
    }

    [Fact]
    public void The_marks_flag_asks_for_a_marked_run_on_Linux_only()
    {
        bool parsed = CounterArguments.TryParse([CountersProtocol.MarksSwitch, "--operations", "2"], out CounterArguments arguments, out string? error);

        if (OperatingSystem.IsLinux())
        {
            Assert.True(parsed, error);
            Assert.True(arguments.Marks);
            Assert.Equal(2, arguments.Operations);
        }
        else
        {
            Assert.False(parsed);
            Assert.Contains("only on Linux", error, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void The_io_file_parses_to_its_syscall_lines()
    {
        var text = "rchar: 1\nwchar: 2\nsyscr: 345\nsyscw: 67\nread_bytes: 0\n"u8;

        Assert.Equal((345L, 67L), ProcessCounters.ParseIo(text));
        Assert.Throws<InvalidDataException>(() => ProcessCounters.ParseIo("rchar: 1\n"u8));
    }

    // The counters are the whole process's, and xunit's own threads (reporting, tiered JIT) keep working in this one;
    // they can only add to a count, never take from it, so the least of a few counts is the case's own.
    [Fact]
    public void A_readings_cost_is_the_least_of_its_pairs_so_another_threads_allocation_in_one_is_not_subtracted()
    {
        // Five pairs of readings; another thread allocates 4 KB and writes once inside the second, reads twice in the fourth.
        long[] allocated = [0, 0, 100, 4196, 4196, 4196, 4196, 4196, 4196, 4196];
        long[] readCalls = [0, 1, 1, 2, 2, 3, 3, 6, 6, 7];
        long[] writeCalls = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1];
        int next = 0;
        CounterReading Read()
        {
            int i = next++;
            return new CounterReading(allocated[i], readCalls[i], writeCalls[i]);
        }

        CounterReading cost = CountersMode.ReadingCost(Read, pairs: 5);

        Assert.Equal(new CounterReading(0, 1, 0), cost);
        Assert.Equal(10, next);
        Assert.Equal(new CounterReading(0, null, null), CountersMode.ReadingCost(() => new CounterReading(7, null, null), pairs: 2));
    }

    private static readonly IFilter OneRead = new SimpleFilter(c => c.Parameters.Items.Single().Value is 1);

    private static List<string> Selected(CounterArguments arguments, IFilter? profile) =>
        [.. CountersMode.Select(typeof(CountedWork).Assembly, profile, arguments).Select(FullNameProvider.GetBenchmarkName)];

    private static IReadOnlyList<CaseCounts> CountsOf(int reads)
    {
        BenchmarkCase benchmarkCase = BenchmarkConverter.TypeToBenchmarks(typeof(CountedWork), ManualConfig.CreateEmpty()).BenchmarksCases
            .Single(c => c.Parameters.Items.Single().Value is int value && value == reads);
        using var counters = ProcessCounters.Open();

        // Background work left by earlier tests (finalizers, thread-pool items) can only add to the process's totals,
        // so it is let to finish first, and the callers take the least of up to 20 counts (one run saw 5 KB extra in 5).
        GC.Collect();
        GC.WaitForPendingFinalizers();
        var counts = new List<CaseCounts>();
        for (int attempt = 0; attempt < 20; attempt++)
        {
            counts.Add(CountersMode.Count(benchmarkCase, Operations, warmup: 2, counters));
            if (attempt >= 4 && counts.Min(c => c.AllocatedBytes) == 24L * Operations && counts.Min(c => c.ReadCalls ?? 0) == reads * Operations)
            {
                break;
            }
        }

        return counts;
    }
}
