using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// What report counts as failing the check, and what its JSON says about the A/B step: a benchmark that throws in the
/// head fails (one that throws only in the base does not), and a comparison of equally many benchmarks on both sides
/// is not "nothing compared".
/// </summary>
public sealed class ReportGateTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Fact]
    public void ABenchmarkThatThrowsInTheHeadFailsTheCheck()
    {
        var ab = this.Compare([FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1), FakeBenchmark.Of("Throws", 1000, 0.02, 15, seed: 2)], [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 3), FakeBenchmark.FailedOne("Throws")]);

        var run = this.Report("--ab", ab, "--fail-on-regression");

        Assert.Equal(1, run.ExitCode);
        Assert.Equal(1, this.Json().GetProperty("failing").GetInt32());
    }

    [Fact]
    public void ABenchmarkThatThrowsOnlyInTheBaseDoesNot()
    {
        // The head fixed it: nothing in the head fails.
        var ab = this.Compare([FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1), FakeBenchmark.FailedOne("Throws")], [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 3), FakeBenchmark.Of("Throws", 1000, 0.02, 15, seed: 2)]);

        var run = this.Report("--ab", ab, "--fail-on-regression");

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(0, this.Json().GetProperty("failing").GetInt32());
    }

    [Fact]
    public void AnABAndABaselineOfEquallyManyBenchmarksAreCompared()
    {
        var same = new[] { FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1), FakeBenchmark.Of("Write", 2000, 0.02, 15, seed: 2) };
        var ab = this.Compare(same, same, "ab");
        var baseline = this.Compare(same, same, "baseline");

        var run = this.Report("--ab", ab, "--baseline", baseline, "--fail-on-regression");

        Assert.True(run.ExitCode == 0, run.Error);
        var json = this.Json();
        Assert.Equal("ok", json.GetProperty("abStatus").GetString());
        Assert.Equal(JsonValueKind.Null, json.GetProperty("abError").ValueKind);
        Assert.StartsWith("✅", json.GetProperty("headline").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public void AnABThatFailedIsSaidWithItsReason()
    {
        var same = new[] { FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1) };
        var baseline = this.Compare(same, same, "baseline");

        var run = this.Report("--ab-error", "the base does not build", "--baseline", baseline);

        Assert.True(run.ExitCode == 0, run.Error);
        var json = this.Json();
        Assert.Equal("failed", json.GetProperty("abStatus").GetString());
        Assert.Equal("the base does not build", json.GetProperty("abError").GetString());
    }

    [Fact]
    public void TheFooterSaysWhatFailsAsTheComparisonsRan()
    {
        var same = new[] { FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1) };

        // An A/B without a hard limit: its timing is reported, never failed.
        this.Report("--ab", this.Compare(same, same, "ab"));
        Assert.Contains("Reported, never failed: A/B timing.", this.Markdown(), StringComparison.Ordinal);

        // A relative allocation tolerance against the stored baseline is said as a percentage.
        this.Report("--ab-error", "not run", "--baseline", this.Compare(same, same, "baseline", "--alloc-threshold", "2.5%"));
        Assert.Contains("more than 2.5% above it", this.Markdown(), StringComparison.Ordinal);

        // Nothing ran: nothing fails, and nothing is said to be reported.
        this.Report("--ab-error", "not run");
        var footer = this.Markdown().Split('\n').Single(l => l.StartsWith("**What fails this check:**", StringComparison.Ordinal));
        Assert.Equal("**What fails this check:** nothing, as no comparison ran.", footer);
    }

    public void Dispose() => this.temp.Dispose();

    private string Compare(FakeBenchmark[] baseSide, FakeBenchmark[] headSide, string name = "ab", params string[] extra)
    {
        BdnJson.Write(this.temp.Folder(name + "-base"), baseSide);
        BdnJson.Write(this.temp.Folder(name + "-head"), headSide);
        var json = this.temp.File(name + ".json");
        var run = ComparerRun.Of(["compare", "--base", this.temp.File(name + "-base"), "--diff", this.temp.File(name + "-head"), "--threshold", "5%", "--json", json, .. extra]);
        Assert.True(run.ExitCode == 0, run.Error);
        return json;
    }

    private ComparerRun Report(params string[] args) =>
        ComparerRun.Of(["report", "--os", "ubuntu-latest", "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json"), .. args]);

    private JsonElement Json() => JsonDocument.Parse(File.ReadAllText(this.temp.File("r.json"))).RootElement.Clone();

    private string Markdown() => File.ReadAllText(this.temp.File("r.md"));
}
