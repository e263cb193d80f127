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

    public void Dispose() => this.folder.Dispose();
}
