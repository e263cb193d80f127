using BenchGuard.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Counters;

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

    // totals: is the count of the whole run wherever it stands; summary: only stands in for a missing one.
    [Theory]
    [InlineData("events: Ir\ntotals: 100\nsummary: 7\n")]
    [InlineData("events: Ir\nsummary: 7\ntotals: 100\n")]
    [InlineData("events:   Ir  Dr\ntotals:   100  5\n")]
    [InlineData("events: Ir\nsummary: 100\n")]
    public void The_totals_line_wins_over_a_summary_line_in_either_order(string text) =>
        Assert.Equal(100L, CallgrindTotals.Instructions(this.Write(text)));

    [Theory]
    [InlineData("events: Ir\ntotals: -5\n")]
    [InlineData("totals: 100\n")]
    [InlineData("events: Ir\ntotals:\n")]
    public void A_total_that_is_not_a_count_of_instructions_is_bad_input(string text) =>
        Assert.Throws<InputException>(() => CallgrindTotals.Instructions(this.Write(text)));

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

    [Fact]
    public void Parts_are_read_in_the_order_of_their_part_lines()
    {
        var dumps = this.folder.Folder("dumps");
        File.WriteAllText(Path.Combine(dumps, "callgrind.out.2"), "events: Ir\npart: 2\ntotals: 200\n");
        File.WriteAllText(Path.Combine(dumps, "callgrind.out.10"), "events: Ir\npart: 3\ntotals: 350\n");
        File.WriteAllText(Path.Combine(dumps, "callgrind.out.1"), "events: Ir\npart: 1\ntotals: 1000\n");
        File.WriteAllText(Path.Combine(dumps, "marked.json"), "{}");

        Assert.Equal([1000L, 200L, 350L], CallgrindTotals.Parts(dumps, "callgrind.out"));
    }

    [Theory]
    [InlineData("part: 1", "part: 3", "skip from 1 to 3")]
    [InlineData("part: 1", "part: 1", "dumped twice")]
    [InlineData("part: 1", "", "no part: line")]
    [InlineData("part: 0", "part: 1", "is not a part number")]
    [InlineData("part: 1", "part: two", "is not a part number")]
    public void Parts_with_a_gap_a_repeat_or_no_number_are_bad_input(string first, string second, string expected)
    {
        var dumps = this.folder.Folder("dumps-" + Guid.NewGuid().ToString("N"));
        File.WriteAllText(Path.Combine(dumps, "callgrind.out.a"), $"events: Ir\n{first}\ntotals: 1\n");
        File.WriteAllText(Path.Combine(dumps, "callgrind.out.b"), $"events: Ir\n{second}\ntotals: 2\n");

        var e = Assert.Throws<InputException>(() => CallgrindTotals.Parts(dumps, "callgrind.out"));

        Assert.Contains(expected, e.Message, StringComparison.Ordinal);
    }

    public void Dispose() => this.folder.Dispose();

    private string Write(string text)
    {
        var path = this.folder.File($"callgrind-{Guid.NewGuid():N}.out");
        File.WriteAllText(path, text);
        return path;
    }
}
