using System.Text.Json.Nodes;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Counters;

/// <summary>
/// counters.json read back by <c>report --counters</c>: what <see cref="CountersComparison.Compare"/> wrote reads back
/// equal; a file with a case, a counter list or a verdict missing anywhere (not only in the first case) is refused.
/// </summary>
public sealed class CountersComparisonFileTests : IDisposable
{
    private const string Read4K = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)";
    private const string Write64K = "FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter(BufferSize: 65536)";
    private readonly TempFolder temp = new();

    [Fact]
    public void AComparisonReadsBackAsWritten()
    {
        var file = this.Write();

        var read = CountersComparison.Read(file);

        Assert.Equal([Read4K, Write64K], read.Cases.Select(c => c.Benchmark));
        Assert.Equal(["More", "Same", "Same", "Same"], read.Cases[1].Counters.Select(v => v.Verdict));
        Assert.Equal((1, 1), (read.Moved, read.Failing));
    }

    [Theory]
    [InlineData("second case null")]
    [InlineData("second case without benchmark")]
    [InlineData("second case without counters")]
    [InlineData("a verdict null")]
    [InlineData("a counter without verdict")]
    [InlineData("another schema")]
    [InlineData("no cases")]
    public void AFileWithAPartMissingIsRefused(string damage)
    {
        var file = this.Write();
        var json = JsonNode.Parse(File.ReadAllText(file))!;
        var second = json["cases"]![1]!.AsObject();
        switch (damage)
        {
            case "second case null": json["cases"]![1] = null; break;
            case "second case without benchmark": second.Remove("benchmark"); break;
            case "second case without counters": second.Remove("counters"); break;
            case "a verdict null": second["counters"]![3] = null; break;
            case "a counter without verdict": second["counters"]![2]!.AsObject().Remove("verdict"); break;
            case "another schema": json["schema"] = "filepipes-counters-ab/2"; break;
            default: json.AsObject().Remove("cases"); break;
        }

        File.WriteAllText(file, json.ToJsonString());

        Assert.StartsWith(file + ": ", Assert.Throws<InputException>(() => CountersComparison.Read(file)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AFileThatIsNotThereOrNotJsonIsRefused()
    {
        var notJson = this.temp.File("not.json");
        File.WriteAllText(notJson, "counters");

        Assert.Throws<InputException>(() => CountersComparison.Read(this.temp.File("missing.json")));
        Assert.Throws<InputException>(() => CountersComparison.Read(notJson));
    }

    public void Dispose() => this.temp.Dispose();

    private string Write()
    {
        var head = CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 632, 32_769, 0, 1_000_000), CountersComparisonTests.Case(Write64K, 24, 0, 16, 2_000_000));
        var baseFile = CountersComparisonTests.File(CountersComparisonTests.Case(Read4K, 632, 32_769, 0, 1_000_000), CountersComparisonTests.Case(Write64K, 0, 0, 16, 2_000_000));
        var file = this.temp.File("counters.json");
        JsonFormat.Write(file, CountersComparison.Compare(baseFile, null, head));
        return file;
    }
}
