using System.Text.Json;
using System.Text.Json.Nodes;
using BenchGuard.Baselines;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Reporting;
using BenchGuard.Tests.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// Every file the tool writes carries a benchguard-… schema name; each reader also takes the filepipes-… name the
/// same format had before (stored baselines and older runs' artifacts), and nothing else.
/// </summary>
public sealed class SchemaNameTests : IDisposable
{
    private readonly TempFolder temp = new();

    public void Dispose() => this.temp.Dispose();

    [Theory]
    [InlineData("benchguard-compare/1", true)]
    [InlineData("filepipes-compare/1", true)]
    [InlineData("filepipes-compare/2", false)]
    [InlineData("benchguard-compare/2", false)]
    [InlineData("filepipes-report/1", false)]
    [InlineData("other-compare/1", false)]
    [InlineData("compare/1", false)]
    [InlineData(null, false)]
    public void AReaderTakesTheCurrentNameOrTheSameFormatsFormerName(string? given, bool accepted) =>
        Assert.Equal(accepted, SchemaName.Accepts(CompareJson.CurrentSchema, given));

    [Fact]
    public void TheWritersWriteTheToolsOwnNames() =>
        Assert.Equal(
            ["benchguard-compare/1", "benchguard-report/1", "benchguard-counters-ab/1", "benchguard-baseline/1"],
            [CompareJson.CurrentSchema, OsReport.CurrentSchema, CountersComparison.CurrentSchema, BaselineDocument.CurrentFormat]);

    [Fact]
    public void ACompareReportOfAnOlderRunStillFeedsTheReport()
    {
        BdnJson.Write(this.temp.Folder("a"), [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1)]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", this.temp.File("a"), "--diff", this.temp.File("a"), "--threshold", "5%", "--timing", "indicative", "--json", this.temp.File("b.json")).ExitCode);
        Assert.Equal("benchguard-compare/1", SchemaOf(this.temp.File("b.json")));
        Rename(this.temp.File("b.json"), "filepipes-compare/1");

        var run = ComparerRun.Of("report", "--os", "ubuntu-latest", "--baseline", this.temp.File("b.json"), "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"));

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal("benchguard-report/1", SchemaOf(this.temp.File("r.json")));
        Rename(this.temp.File("b.json"), "filepipes-compare/2");
        ComparerRun.Of("report", "--os", "ubuntu-latest", "--baseline", this.temp.File("b.json"), "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"))
            .AssertBadInput("schema must be \"benchguard-compare/1\"");
    }

    [Fact]
    public void ACountersComparisonOfAnOlderRunStillReads()
    {
        var head = CountersComparisonTests.File(CountersComparisonTests.Case("A.Read", 632, 1, 0, 1_000));
        var file = this.temp.File("counters.json");
        JsonFormat.Write(file, CountersComparison.Compare(head, null, head));
        Assert.Equal("benchguard-counters-ab/1", SchemaOf(file));
        Rename(file, "filepipes-counters-ab/1");

        Assert.Equal(["A.Read"], CountersComparison.Read(file).Cases.Select(c => c.Benchmark));
    }

    [Fact]
    public void TheStoredBaselinesInTheirFormerFormatStillLoad()
    {
        foreach (var folder in Directory.EnumerateDirectories(Path.Combine(RepositoryRoot.Path, "baselines")))
        {
            var file = Path.Combine(folder, BaselineStore.FileName);
            if (File.Exists(file))
            {
                Assert.True(SchemaName.Accepts(BaselineDocument.CurrentFormat, BaselineStore.Load(file).Format), file);
            }
        }
    }

    [Fact]
    public void AStoreInTheFormerFormatIsUpdatedIntoTheCurrentOne()
    {
        var store = this.temp.Folder("baselines", "ubuntu-latest");
        BdnJson.Write(this.temp.Folder("run"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        Assert.Equal(0, ComparerRun.Of("baseline", "update", "--results", this.temp.File("run"), "--os", "ubuntu-latest", "--baselines", this.temp.File("baselines")).ExitCode);
        var file = Path.Combine(store, BaselineStore.FileName);
        Rename(file, "filepipes-baseline/1", "format");
        Assert.Single(BaselineStore.Load(file).Benchmarks);

        var update = ComparerRun.Of("baseline", "update", "--results", this.temp.File("run"), "--os", "ubuntu-latest", "--baselines", this.temp.File("baselines"));

        Assert.True(update.ExitCode == 0, update.Error);
        Assert.Equal("benchguard-baseline/1", SchemaOf(file, "format"));
        Rename(file, "filepipes-baseline/2", "format");
        Assert.Throws<InputException>(() => BaselineStore.Load(file));
    }

    private static string? SchemaOf(string file, string field = "schema")
    {
        using var document = JsonDocument.Parse(File.ReadAllText(file));
        return document.RootElement.GetProperty(field).GetString();
    }

    private static void Rename(string file, string schema, string field = "schema")
    {
        var json = JsonNode.Parse(File.ReadAllText(file))!;
        json[field] = schema;
        File.WriteAllText(file, json.ToJsonString());
    }
}
