using BenchGuard.Counters;

namespace BenchGuard.Tests.Counters;

public sealed class CountersComparisonTests
{
    private const string Read4K = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
    private static readonly CounterRange Exact = new(632, 632);

    [Fact]
    public void Identical_counts_are_all_same_and_nothing_fails()
    {
        var side = File(Case(Read4K, 632, 32_769, 0, 10_000_000));

        var comparison = CountersComparison.Compare(side, null, side);

        Assert.All(comparison.Cases.Single().Counters, v => Assert.Equal("Same", v.Verdict));
        Assert.Equal((0, 0), (comparison.Moved, comparison.Failing));
    }

    [Theory]
    [InlineData(nameof(CounterKind.AllocatedBytes))]
    [InlineData(nameof(CounterKind.ReadCalls))]
    [InlineData(nameof(CounterKind.WriteCalls))]
    public void One_more_byte_or_call_per_operation_fails_in_its_own_counter_only(string counter)
    {
        var kind = Enum.Parse<CounterKind>(counter);
        var head = Case(
            Read4K,
            632 + (kind == CounterKind.AllocatedBytes ? 24 : 0),
            32_769 + (kind == CounterKind.ReadCalls ? 1 : 0),
            kind == CounterKind.WriteCalls ? 1 : 0,
            10_000_000);

        var comparison = CountersComparison.Compare(File(Case(Read4K, 632, 32_769, 0, 10_000_000)), null, File(head));

        var moved = Assert.Single(comparison.Cases.Single().Counters, v => v.Verdict != "Same");
        Assert.Equal((kind, "More", true), (moved.Counter, moved.Verdict, moved.Fails));
        Assert.Equal((1, 1), (comparison.Moved, comparison.Failing));
    }

    [Theory]
    [InlineData(10_049_000, "Same")]
    [InlineData(10_100_000, "More")]
    [InlineData(9_900_000, "Fewer")]
    public void Instructions_move_beyond_their_tolerance_and_are_reported_never_failed(double head, string verdict)
    {
        var comparison = CountersComparison.Compare(File(Case(Read4K, 632, 1, 0, 10_000_000)), null, File(Case(Read4K, 632, 1, 0, head)));

        var instructions = comparison.Cases.Single().Counters.Single(v => v.Counter == CounterKind.Instructions);
        Assert.Equal(verdict, instructions.Verdict);
        Assert.False(instructions.Fails);
        Assert.Equal(0, comparison.Failing);
    }

    [Fact]
    public void Fewer_bytes_are_an_improvement_that_never_fails()
    {
        var comparison = CountersComparison.Compare(File(Case(Read4K, 656, 1, 0, 1)), null, File(Case(Read4K, 632, 1, 0, 1)));

        var bytes = comparison.Cases.Single().Counters.Single(v => v.Counter == CounterKind.AllocatedBytes);
        Assert.Equal(("Fewer", false), (bytes.Verdict, bytes.Fails));
    }

    [Fact]
    public void A_case_whose_operations_differed_within_a_run_is_reported_not_gated()
    {
        var varying = Case(Read4K, 8_780, 1_526, 0, 1) with { AllocatedBytesRange = new CounterRange(2_400, 19_000) };

        var comparison = CountersComparison.Compare(File(Case(Read4K, 2_469, 1_525, 0, 1)), null, File(varying));

        var compared = comparison.Cases.Single();
        Assert.True(compared.TimingDependent);
        Assert.Equal(["Varies", "Varies", "Same", "Same"], compared.Counters.Select(v => v.Verdict));
        Assert.Equal(0, comparison.Failing);
    }

    [Fact]
    public void Counters_not_measured_on_this_os_are_said_never_compared()
    {
        var windows = new CountersFile(8, 1, "not measured: Linux only", "not measured: callgrind runs only on Linux", [new CaseCounters(Read4K, 632, null, null, null) { AllocatedBytesRange = Exact }]);

        var comparison = CountersComparison.Compare(windows, null, windows);

        Assert.Equal(["Same", "NotMeasured", "NotMeasured", "NotMeasured"], comparison.Cases.Single().Counters.Select(v => v.Verdict));
        Assert.Equal("not measured: callgrind runs only on Linux", comparison.InstructionsNotMeasured);
    }

    [Fact]
    public void A_case_whose_2N_part_took_fewer_instructions_than_its_N_part_has_no_instruction_count()
    {
        // The N part cost 1,000 instructions; a collection that fell into it can make the 2N part cost less.
        Assert.Equal(81, CountersRun.PerOperation(1_000, 1_081, 1));
        Assert.Equal(40.5, CountersRun.PerOperation(1_000, 1_081, 2));
        Assert.Equal(0, CountersRun.PerOperation(1_000, 1_000, 1));
        Assert.Null(CountersRun.PerOperation(1_224, 1_081, 1));

        var head = File(Case(Read4K, 632, 1, 0, 1) with { Instructions = CountersRun.PerOperation(1_224, 1_081, 1) });
        var comparison = CountersComparison.Compare(File(Case(Read4K, 632, 1, 0, 1)), null, head);

        Assert.Equal("NotMeasured", comparison.Cases.Single().Counters.Single(v => v.Counter == CounterKind.Instructions).Verdict);
        Assert.Equal(0, comparison.Moved);
    }

    [Fact]
    public void Cases_on_one_side_only_are_new_or_missing_and_a_missing_base_is_said()
    {
        const string Other = "FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter(BufferSize: 65536)";

        var comparison = CountersComparison.Compare(File(Case(Other, 360, 0, 64, 1)), null, File(Case(Read4K, 632, 1, 0, 1)));
        var noBase = CountersComparison.Compare(null, "the base does not build", File(Case(Read4K, 632, 1, 0, 1)));

        Assert.All(comparison.Cases.Single(c => c.Benchmark == Read4K).Counters, v => Assert.Equal("New", v.Verdict));
        Assert.All(comparison.Cases.Single(c => c.Benchmark == Other).Counters, v => Assert.Equal("Missing", v.Verdict));
        Assert.Equal("the base does not build", noBase.BaseError);
        Assert.All(noBase.Cases.Single().Counters, v => Assert.Equal("New", v.Verdict));
    }

    [Fact]
    public void Moves_and_failures_are_counted_over_every_case()
    {
        const string Other = "FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter(BufferSize: 4096)";
        var comparison = CountersComparison.Compare(
            File(Case(Read4K, 632, 10, 0, 1_000_000), Case(Other, 100, 0, 10, 1_000_000)),
            "not used: there is a base",
            File(Case(Read4K, 656, 10, 0, 1_000_000), Case(Other, 124, 0, 9, 1_000_000)));

        // Two more bytes (failing), one fewer write call (moved, not failing).
        Assert.Equal((3, 2), (comparison.Moved, comparison.Failing));
        Assert.Null(comparison.BaseError);
    }

    [Fact]
    public void What_was_not_measured_is_the_heads_reason_or_else_the_bases()
    {
        var withReasons = new CountersFile(8, 1, "no system calls here", "no valgrind here", [Case(Read4K, 632, 1, 0, 1)]);
        var without = File(Case(Read4K, 632, 1, 0, 1));
        var otherReasons = new CountersFile(8, 1, "the head's system calls", "the head's instructions", [Case(Read4K, 632, 1, 0, 1)]);

        var fromBase = CountersComparison.Compare(withReasons, null, without);
        var fromHead = CountersComparison.Compare(withReasons, null, otherReasons);

        Assert.Equal(("no system calls here", "no valgrind here"), (fromBase.SystemCallsNotMeasured, fromBase.InstructionsNotMeasured));
        Assert.Equal(("the head's system calls", "the head's instructions"), (fromHead.SystemCallsNotMeasured, fromHead.InstructionsNotMeasured));
        Assert.Equal((null, null), (CountersComparison.Compare(without, null, without).SystemCallsNotMeasured, CountersComparison.Compare(without, null, without).InstructionsNotMeasured));
    }

    [Fact]
    public void New_missing_and_unmeasured_counters_never_fail()
    {
        var bigger = File(Case(Read4K, 10_000, 100, 100, 1e9));
        var noBase = CountersComparison.Compare(null, null, bigger);
        var gone = CountersComparison.Compare(bigger, null, File());
        var unmeasured = CountersComparison.Compare(bigger, null, new CountersFile(8, 1, "not here", "not here", [new CaseCounters(Read4K, 20_000, null, null, null)]));

        Assert.Equal("the base was not counted", noBase.BaseError);
        Assert.Equal(0, noBase.Failing);
        Assert.Equal(0, gone.Failing);
        Assert.All(unmeasured.Cases.Single().Counters.Where(v => v.Counter != CounterKind.AllocatedBytes), v => Assert.Equal(("NotMeasured", false), (v.Verdict, v.Fails)));
        Assert.Equal(1, unmeasured.Failing);
    }

    [Fact]
    public void A_case_that_lacks_a_counter_its_file_measured_is_not_measured_there_and_never_fails()
    {
        // Both files say system calls and instructions were measured; the head's case alone has no read calls.
        var head = File(Case(Read4K, 632, 32_769, 0, 1e7) with { ReadCalls = null });

        var comparison = CountersComparison.Compare(File(Case(Read4K, 632, 100, 0, 1e7)), null, head);

        var reads = comparison.Cases.Single().Counters.Single(v => v.Counter == CounterKind.ReadCalls);
        Assert.Equal(("NotMeasured", false), (reads.Verdict, reads.Fails));
        Assert.Equal(0, comparison.Failing);
    }

    internal static CaseCounters Case(string name, double bytes, double reads, double writes, double instructions) =>
        new(name, bytes, reads, writes, instructions)
        {
            AllocatedBytesRange = new CounterRange((long)bytes, (long)bytes),
            ReadCallsRange = new CounterRange((long)reads, (long)reads),
            WriteCallsRange = new CounterRange((long)writes, (long)writes),
        };

    internal static CountersFile File(params CaseCounters[] cases) => new(8, 1, null, null, cases);
}
