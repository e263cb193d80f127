using ResultsComparer.Counters;
using ResultsComparer.Tests.Infrastructure;

namespace ResultsComparer.Tests.Counters;

public sealed class CallgrindTotalsTests : IDisposable
{
    private readonly TempFolder folder = new();

    [Fact]
    public void The_totals_line_gives_the_instructions()
    {
        var file = this.Write("version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 1769399007\n\nfn=main\n1 5\ntotals: 1789913514\n");

        Assert.Equal(1_789_913_514L, CallgrindTotals.Instructions(file));
    }

    [Fact]
    public void The_summary_line_serves_when_there_is_no_totals_line()
    {
        var file = this.Write("events: Ir Dr\nsummary: 42 7\n");

        Assert.Equal(42L, CallgrindTotals.Instructions(file));
    }

    [Theory]
    [InlineData("events: Ir\nfn=main\n", "no totals")]
    [InlineData("events: Dr Ir\ntotals: 1 2\n", "not Ir")]
    [InlineData("events: Ir\ntotals: many\n", "no totals")]
    public void A_file_without_an_instruction_total_is_bad_input(string text, string expected)
    {
        var e = Assert.Throws<InputException>(() => CallgrindTotals.Instructions(this.Write(text)));

        Assert.Contains(expected, e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_missing_file_is_bad_input()
    {
        var e = Assert.Throws<InputException>(() => CallgrindTotals.Instructions(this.folder.File("none.out")));

        Assert.Contains("no output file", e.Message, StringComparison.Ordinal);
    }

    public void Dispose() => this.folder.Dispose();

    private string Write(string text)
    {
        var path = this.folder.File($"callgrind-{Guid.NewGuid():N}.out");
        File.WriteAllText(path, text);
        return path;
    }
}
