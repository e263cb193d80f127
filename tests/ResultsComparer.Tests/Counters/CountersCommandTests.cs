using ResultsComparer.Counters;
using ResultsComparer.Output;
using ResultsComparer.Tests.Infrastructure;

namespace ResultsComparer.Tests.Counters;

public sealed class CountersCommandTests : IDisposable
{
    private readonly TempFolder folder = new();

    [Fact]
    public void No_program_is_bad_input() =>
        ComparerRun.Of("counters").AssertBadInput("--program");

    [Fact]
    public void A_program_that_does_not_exist_is_bad_input() =>
        ComparerRun.Of("counters", "--program", this.folder.File("FilePipes.Benchmarks.dll")).AssertBadInput("no program");

    [Theory]
    [InlineData("--operations", "0")]
    [InlineData("--instruction-operations", "-1")]
    [InlineData("--operations", "eight")]
    public void A_count_out_of_range_is_bad_input(string option, string value)
    {
        var program = this.folder.File("FilePipes.Benchmarks.dll");
        File.WriteAllText(program, "");

        ComparerRun.Of("counters", "--program", program, option, value).AssertBadInput(option);
    }

    [Fact]
    public void Two_counters_files_are_compared_into_a_comparison()
    {
        const string Name = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
        var baseFile = this.folder.File("base.json");
        var headFile = this.folder.File("head.json");
        JsonFormat.Write(baseFile, CountersComparisonTests.File(CountersComparisonTests.Case(Name, 632, 32_769, 0, 1e9)));
        JsonFormat.Write(headFile, CountersComparisonTests.File(CountersComparisonTests.Case(Name, 632, 32_770, 0, 1e9)));
        var output = this.folder.File("comparison.json");

        var run = ComparerRun.Of("counters", "--base-counters", baseFile, "--head-counters", headFile, "--out", output);

        Assert.True(run.ExitCode == 0, run.Error);
        var moved = Assert.Single(CountersComparison.Read(output).Cases.Single().Counters, v => v.Verdict != "Same");
        Assert.Equal((CounterKind.ReadCalls, "More"), (moved.Counter, moved.Verdict));
    }

    [Fact]
    public void A_counters_file_that_is_not_one_is_bad_input()
    {
        var other = this.folder.File("other.json");
        File.WriteAllText(other, "[1, 2]");

        ComparerRun.Of("counters", "--base-counters", other, "--head-counters", other).AssertBadInput("cannot be read as counters.json");
    }

    public void Dispose() => this.folder.Dispose();
}
