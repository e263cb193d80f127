using System.Globalization;
using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// <c>trials analyze</c> on generated pools of both layouts: every launch of a round shares that round's "machine
/// mood" (a drift of up to ±30%), as on a shared machine, and slowed heads are 20% slower within their round.
/// </summary>
public sealed class TrialsAnalysisTests
{
    [Fact]
    public void RoundsPoolPairedVerdictRaisesNoFalseAlarmAndCatchesTwentyPercent()
    {
        using var temp = new TempFolder();
        var pool = temp.Folder("pool");
        var lines = new List<string> { "round\tkind\tslowdown\tunit\tside\tstarted\tseconds\texit\tjson" };
        for (var round = 1; round <= 16; round++)
        {
            var kind = round % 2 == 1 ? "P" : "S20";
            var drift = Drift(round);
            foreach (var (side, factor) in new[] { ("base", 1.0), ("head", kind == "P" ? 1.0 : 1.2) })
            {
                var folder = temp.Folder("pool", "launches", $"R{round:000}-{kind}", side, "u0");
                BdnJson.Write(folder, [new FakeBenchmark("Demo.ReadBenchmarks", "Read", "", [FakeBenchmark.Samples(1000 * drift * factor, 0.02, 5, (round * 10) + (side == "base" ? 0 : 1))], 0)]);
                lines.Add($"{round}\t{kind}\t{(kind == "P" || side == "base" ? "0" : "0.20")}\tDemo.ReadBenchmarks.Read\t{side}\t0\t1\t0\t1");
            }
        }

        // A round whose launch failed is not complete, and is left out.
        lines.Add("17\tP\t0\tDemo.ReadBenchmarks.Read\tbase\t0\t1\t1\t0");
        File.WriteAllLines(Path.Combine(pool, "rounds.tsv"), lines);

        var run = ComparerRun.Of("trials", "analyze", "--pool", pool, "--trials", "6", "--rounds", "6", "--rules", "ci-significant", "sign");

        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(pool, "analysis", "trials.json")));
        Assert.Equal(8, json.RootElement.GetProperty("rounds").GetProperty("A/A").GetInt32());
        var aa = Row(json, "A/B, 6 rounds", "paired ci-significant", "A/A");
        Assert.Equal(6, aa.GetProperty("runs").GetInt32());
        Assert.Equal(0, aa.GetProperty("flagged").GetInt32());
        var slowed = Row(json, "A/B, 6 rounds", "paired ci-significant", "+20%");
        Assert.Equal(6, slowed.GetProperty("runs").GetInt32());
        var markdown = File.ReadAllText(Path.Combine(pool, "analysis", "trials.md"));
        Assert.True(slowed.GetProperty("runsFlagged").GetInt32() == 6, markdown);
        Assert.Contains("| A/B, 6 rounds | paired ci-significant | 5% | 0 of 6 | 0 of 6 | 6 of 6 | 6 of 6 |", markdown, StringComparison.Ordinal);
        // The benchmarks' shared namespace is said once, not in every row.
        Assert.Contains("Per benchmark (of Demo), paired verdicts:", markdown, StringComparison.Ordinal);
        Assert.Contains("| 5% | 6 | ci-significant | ReadBenchmarks.Read | 0/6 | 6/6 |", markdown, StringComparison.Ordinal);
        // The whole analysis as reviewed (the draws are seeded, so it is the same on every run).
        GoldenFile.AssertMatches("trials-rounds.md", markdown);
    }

    [Fact]
    public void SuitePoolPairsEachSlowedLaunchWithAPlainNeighbour()
    {
        using var temp = new TempFolder();
        var pool = temp.Folder("pool");
        var lines = new List<string> { "seq\tkind\tslowdown\tstarted\tseconds\texit\tjson" };
        string[] schedule = ["P", "S10", "P", "S20"];
        for (var seq = 1; seq <= 24; seq++)
        {
            var kind = schedule[(seq - 1) % 4];
            var factor = kind switch { "S10" => 1.1, "S20" => 1.2, _ => 1.0 };
            BdnJson.Write(temp.Folder("pool", "launches", $"L{seq:000}-{kind}"), [new FakeBenchmark("Demo.ReadBenchmarks", "Read", "", [FakeBenchmark.Samples(1000 * (1 + ((Drift(seq) - 1) / 10)) * factor, 0.02, 15, seq)], 0)]);
            lines.Add($"{seq}\t{kind}\t{(factor - 1).ToString("0.00", CultureInfo.InvariantCulture)}\t0\t1\t0\t1");
        }

        // A launch whose child build failed left an export without measurements: not a data point.
        File.WriteAllText(temp.File("pool", "logs", "L024-S20.log"), "// Build Error: timeout\n");
        File.WriteAllLines(Path.Combine(pool, "launches.tsv"), lines);

        var run = ComparerRun.Of("trials", "analyze", "--pool", pool, "--trials", "4", "--rounds", "3", "--rules", "t");

        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(pool, "analysis", "trials.json")));
        Assert.Equal(5, json.RootElement.GetProperty("launches").GetProperty("S20").GetInt32());
        Assert.Equal(4, Row(json, "A/B, 3 rounds", "paired t", "A/A").GetProperty("runs").GetInt32());
        var slowed = Row(json, "A/B, 3 rounds", "pooled MW", "+20%");
        Assert.Equal(4, slowed.GetProperty("runs").GetInt32());
        Assert.Equal(4, slowed.GetProperty("runsFlagged").GetInt32());
        Assert.True(Row(json, "stored-baseline, 3 launches per side", "pooled MW", "+10%").GetProperty("runs").GetInt32() > 0);
        GoldenFile.AssertMatches("trials-suite.md", File.ReadAllText(Path.Combine(pool, "analysis", "trials.md")));
    }

    [Theory]
    [InlineData("analyze --rules wilcoxon", "--rules takes")]
    [InlineData("analyze --rounds 1", "--rounds takes whole numbers of at least 2")]
    [InlineData("analyze --thresholds fast", "invalid --thresholds 'fast'")]
    [InlineData("collect --pool p", "--filter is required")]
    [InlineData("collect-rounds --pool p --filter x --levels 2", "--levels takes fractions")]
    [InlineData("sample", "Unrecognized command or argument 'sample'. (see benchguard trials --help)")]
    public void BadUsageIsExit2InOneLine(string args, string expected)
    {
        using var temp = new TempFolder();
        var split = args.Split(' ');
        var pool = split[0] == "analyze" ? ["--pool", temp.Folder("pool")] : Array.Empty<string>();
        ComparerRun.Of(["trials", .. split, .. pool]).AssertBadInput(expected);
    }

    // A machine whose speed moves by up to ±30% from one round to the next.
    private static double Drift(int round) => 1 + (0.3 * Math.Sin(round * 1.7));

    private static JsonElement Row(JsonDocument json, string mode, string verdict, string level) =>
        json.RootElement.GetProperty("rows").EnumerateArray().Single(r =>
            r.GetProperty("mode").GetString() == mode && r.GetProperty("verdict").GetString() == verdict && r.GetProperty("level").GetString() == level);
}
