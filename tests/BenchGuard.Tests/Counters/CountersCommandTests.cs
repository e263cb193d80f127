using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Counters;

public sealed class CountersCommandTests : IDisposable
{
    private readonly TempFolder folder = new();

    [Fact]
    public void No_program_is_bad_input() =>
        ComparerRun.Of("counters").AssertBadInput("--program");

    [Fact]
    public void A_program_that_does_not_exist_is_bad_input() =>
        ComparerRun.Of("counters", "--program", this.folder.File("FilePipes.Benchmarks.dll")).AssertBadInput("no program");

    [Fact]
    public void A_base_program_that_does_not_exist_is_bad_input()
    {
        var program = this.folder.File("FilePipes.Benchmarks.dll");
        File.WriteAllText(program, "");
        var missing = this.folder.File("base", "FilePipes.Benchmarks.dll");

        ComparerRun.Of("counters", "--program", program, "--base-program", missing).AssertBadInput($"no program {missing}");
    }

    [Fact]
    public void Operations_are_pr_reports_when_a_base_program_is_counted_too()
    {
        var program = this.folder.File("FilePipes.Benchmarks.dll");
        File.WriteAllText(program, "");

        ComparerRun.Of("counters", "--program", program, "--base-program", program, "--operations", "8")
            .AssertBadInput("--operations is pr-report's");
    }

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

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    public void HelpPrintsTheUsage(string option)
    {
        var run = ComparerRun.Of("counters", option);

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("benchguard counters [options]", run.Out, StringComparison.Ordinal);
        Assert.Contains("--base-counters <FILE>", run.Out, StringComparison.Ordinal);
        Assert.Empty(run.Error);
    }

    [Fact]
    public void A_program_option_with_two_counters_files_is_bad_usage()
    {
        var other = this.folder.File("other.json");
        File.WriteAllText(other, "[1, 2]");

        ComparerRun.Of("counters", "--base-counters", other, "--head-counters", other, "--filter", "*")
            .AssertBadInput("counters: --filter is not taken with --base-counters and --head-counters");
    }

    [Fact]
    public void One_counters_file_without_the_other_is_bad_input()
    {
        const string Name = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
        var headFile = this.folder.File("head.json");
        JsonFormat.Write(headFile, CountersComparisonTests.File(CountersComparisonTests.Case(Name, 632, 1, 0, 1)));

        ComparerRun.Of("counters", "--head-counters", headFile).AssertBadInput("--base-counters");
        ComparerRun.Of("counters", "--base-counters", headFile).AssertBadInput("--head-counters");
    }

    [Fact]
    public void The_comparison_goes_where_out_says_and_the_run_says_where()
    {
        const string Name = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
        var file = this.folder.File("counters.json");
        JsonFormat.Write(file, CountersComparisonTests.File(CountersComparisonTests.Case(Name, 632, 1, 0, 1)));
        var output = this.folder.File("deep", "comparison.json");

        var run = ComparerRun.Of("counters", "--base-counters", file, "--head-counters", file, "--out", output);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains(output, run.Out, StringComparison.Ordinal);
        Assert.DoesNotContain(CountersComparison.Read(output).Cases.Single().Counters, v => v.Verdict != "Same");
    }

    [Fact]
    public void A_counters_file_with_a_case_without_a_name_is_bad_input()
    {
        var file = this.folder.File("nameless.json");
        File.WriteAllText(file, "{\"operations\": 8, \"instructionOperations\": 1, \"cases\": [{\"benchmark\": \"A.B.C\", \"allocatedBytes\": 1}, {\"allocatedBytes\": 2}]}");

        ComparerRun.Of("counters", "--base-counters", file, "--head-counters", file).AssertBadInput("is not a counters.json");
    }

    public void Dispose() => this.folder.Dispose();
}
