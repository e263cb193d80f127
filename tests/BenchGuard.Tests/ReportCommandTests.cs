using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

public sealed class ReportCommandTests
{
    [Fact]
    public void ABaselineOnlyReportIsNeverAllClear()
    {
        using var temp = new TempFolder();
        var same = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1);
        BdnJson.Write(temp.Folder("a"), [same]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("a"), "--diff", temp.File("a"), "--threshold", "5%", "--timing", "indicative", "--json", temp.File("b.json")).ExitCode);
        var run = ComparerRun.Of("report", "--os", "ubuntu-latest", "--baseline", temp.File("b.json"), "--md", temp.File("r.md"), "--json", temp.File("r.json"), "--fail-on-regression");
        Assert.Equal(0, run.ExitCode);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.Equal("absent", json.RootElement.GetProperty("abStatus").GetString());
        Assert.StartsWith("❔ no A/B timing", json.RootElement.GetProperty("headline").GetString(), StringComparison.Ordinal);
        Assert.Contains("No A/B comparison was run", File.ReadAllText(temp.File("r.md")), StringComparison.Ordinal);
    }

    [Fact]
    public void ABenchmarkTheABBaseLacksIsNeverAllClear()
    {
        using var temp = new TempFolder();
        var read = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1);
        var added = FakeBenchmark.Of("Added", 1000, 0.02, 15, seed: 2);
        BdnJson.Write(temp.Folder("base"), [read]);
        BdnJson.Write(temp.Folder("head"), [read, added]);
        BdnJson.Write(temp.Folder("store"), [read, added]);

        // The stored baseline has both benchmarks; only the A/B lacks "Added" on its base side.
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("base"), "--diff", temp.File("head"), "--threshold", "5%", "--json", temp.File("ab.json")).ExitCode);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("store"), "--diff", temp.File("head"), "--threshold", "5%", "--timing", "indicative", "--json", temp.File("b.json")).ExitCode);
        var run = ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", temp.File("ab.json"), "--baseline", temp.File("b.json"), "--md", temp.File("r.md"), "--json", temp.File("r.json"));

        Assert.Equal(0, run.ExitCode);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.StartsWith("❔", json.RootElement.GetProperty("headline").GetString(), StringComparison.Ordinal);
        Assert.Equal($"BenchGuard {Program.Version}", json.RootElement.GetProperty("tool").GetString());
    }

    [Fact]
    public void InputsThatAreNotCompareReportsAreBadInput()
    {
        using var temp = new TempFolder();
        var other = temp.File("other.json");
        File.WriteAllText(other, "{\"schema\": \"something-else\"}");
        ComparerRun.Of("report", "--os", "x", "--ab", other, "--md", temp.File("r.md"), "--json", temp.File("r.json"))
            .AssertBadInput($"{other}: not a compare --json report");
        ComparerRun.Of("report", "--os", "x", "--md", temp.File("r.md"), "--json", temp.File("r.json"))
            .AssertBadInput("give at least one of --ab, --baseline or --ab-error");
        var missing = temp.File("missing.json");
        ComparerRun.Of("report", "--os", "x", "--baseline", missing, "--md", temp.File("r.md"), "--json", temp.File("r.json"))
            .AssertBadInput($"{missing}: cannot read");
    }
}
