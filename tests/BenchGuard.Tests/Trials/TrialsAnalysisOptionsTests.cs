using System.Globalization;
using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// <c>trials analyze</c>'s options and the shape of what it writes: the levels in their order, one row per rule and
/// threshold, rules with an alpha, the seed, the output folder, and a suite pool's window of launches.
/// </summary>
public sealed class TrialsAnalysisOptionsTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Fact]
    public void LevelsAreAaFirstThenBySlowdownAsANumber()
    {
        // In round order +20% comes first; as text "+10%" sorts before "+5%".
        var pool = this.RoundsPool(["S20", "P", "S5", "S10", "S20", "P", "S5", "S10"]);

        var run = Analyze(pool, "--trials", "2", "--rounds", "2", "--rules", "sign");

        Assert.True(run.ExitCode == 0, run.Error);
        using var json = ReadJson(pool);
        Assert.Equal(["A/A", "+5%", "+10%", "+20%"], json.RootElement.GetProperty("rounds").EnumerateObject().Select(p => p.Name));
        Assert.All(json.RootElement.GetProperty("rounds").EnumerateObject(), p => Assert.Equal(2, p.Value.GetInt32()));
        // The console shows the summary table: the report's first lines, without the per-benchmark part.
        var markdown = File.ReadAllText(Path.Combine(pool, "analysis", "trials.md"));
        Assert.Contains("| mode | verdict | threshold |", run.Out, StringComparison.Ordinal);
        Assert.StartsWith(run.Out.TrimEnd('\n'), markdown, StringComparison.Ordinal);
        Assert.DoesNotContain("| rule | benchmark |", run.Out, StringComparison.Ordinal);
        Assert.Equal(["A/A", "+5%", "+10%", "+20%"], Rows(json).Where(r => r.GetProperty("verdict").GetString() == "paired sign" && r.GetProperty("threshold").GetString() == "5%").Select(r => r.GetProperty("level").GetString()));
    }

    [Fact]
    public void EachThresholdAndRuleGetsItsRowsAndTheFirstRuleAlsoThePooledOne()
    {
        var pool = this.RoundsPool(["P", "S20", "P", "S20", "P", "S20"]);

        using var json = AnalyzeOk(pool, "--trials", "2", "--rounds", "2", "3", "--rules", "sign", "t@0.2", "--thresholds", "5%", "10%");
        var rows = Rows(json).Select(r => $"{r.GetProperty("threshold").GetString()} {r.GetProperty("mode").GetString()} {r.GetProperty("verdict").GetString()} {r.GetProperty("level").GetString()}").ToList();
        Assert.Equal(rows.Distinct().Count(), rows.Count);
        foreach (var threshold in new[] { "5%", "10%" })
        {
            foreach (var level in new[] { "A/A", "+20%" })
            {
                Assert.Contains($"{threshold} sequential (stored-baseline style), 3 rounds per side pooled MW {level}", rows);
                foreach (var k in new[] { 2, 3 })
                {
                    Assert.Equal(
                        ["pooled MW", "paired sign", "paired t@0.2"],
                        rows.Where(r => r.StartsWith($"{threshold} A/B, {k} rounds ", StringComparison.Ordinal) && r.EndsWith($" {level}", StringComparison.Ordinal))
                            .Select(r => r[$"{threshold} A/B, {k} rounds ".Length..^$" {level}".Length]));
                }
            }
        }

        // 2 thresholds x 2 levels x (1 stored + 2 round counts x (1 pooled + 2 rules)).
        Assert.Equal(2 * 2 * (1 + (2 * 3)), rows.Count);
        // Per benchmark: one line per threshold, round count and rule, each with both levels.
        Assert.Equal(2 * 2 * 2, json.RootElement.GetProperty("perCase").GetArrayLength());
        Assert.All(json.RootElement.GetProperty("perCase").EnumerateArray(), c => Assert.Equal(["A/A", "+20%"], c.GetProperty("levels").EnumerateObject().Select(p => p.Name)));
    }

    [Fact]
    public void PerCaseCountsEveryPairedVerdictOfItsCell()
    {
        var pool = this.RoundsPool(["P", "S20", "P", "S20", "P", "S20", "P", "S20"]);

        using var json = AnalyzeOk(pool, "--trials", "5", "--rounds", "2", "--rules", "sign");
        var cell = json.RootElement.GetProperty("perCase").EnumerateArray().Single();
        var paired = Row(json, "A/B, 2 rounds", "paired sign", "+20%");
        // The cell counts [flagged, all] over the trials of one benchmark: the same as the row's comparisons.
        var slowed = cell.GetProperty("levels").GetProperty("+20%").EnumerateArray().Select(v => v.GetInt32()).ToArray();
        Assert.Equal([paired.GetProperty("flagged").GetInt32(), paired.GetProperty("comparisons").GetInt32()], slowed);
        var aa = cell.GetProperty("levels").GetProperty("A/A").EnumerateArray().Select(v => v.GetInt32()).ToArray();
        var pairedAa = Row(json, "A/B, 2 rounds", "paired sign", "A/A");
        Assert.Equal([pairedAa.GetProperty("flagged").GetInt32(), pairedAa.GetProperty("comparisons").GetInt32()], aa);
        Assert.Equal(5, slowed[1]);
    }

    [Fact]
    public void TheSameSeedDrawsTheSameTrialsAndTheDefaultSeedIsStable()
    {
        var pool = this.RoundsPool(["P", "S10", "P", "S10", "P", "S10", "P", "S10", "P", "S10"]);

        Assert.Equal(0, Analyze(pool, "--trials", "3", "--rounds", "2", "--rules", "sign", "--out", this.temp.File("a")).ExitCode);
        Assert.Equal(0, Analyze(pool, "--trials", "3", "--rounds", "2", "--rules", "sign", "--out", this.temp.File("b"), "--seed", "8").ExitCode);

        // The analysis goes where --out says, and nowhere else.
        Assert.False(Directory.Exists(Path.Combine(pool, "analysis")));
        Assert.Equal(File.ReadAllText(this.temp.File("a", "trials.md")), File.ReadAllText(this.temp.File("b", "trials.md")));
        Assert.Equal(File.ReadAllText(this.temp.File("a", "trials.json")), File.ReadAllText(this.temp.File("b", "trials.json")));
    }

    [Fact]
    public void WithoutTrialsTwentyAreDrawnPerCell()
    {
        // Eight rounds of each level: 28 distinct pairs of rounds to draw from.
        var pool = this.RoundsPool([.. Enumerable.Range(0, 16).Select(i => i % 2 == 0 ? "P" : "S20")]);

        using var json = AnalyzeOk(pool, "--rounds", "2", "--rules", "sign");
        Assert.Equal(20, Row(json, "A/B, 2 rounds", "paired sign", "A/A").GetProperty("runs").GetInt32());
    }

    [Theory]
    [InlineData("sign@0.1", true)]
    [InlineData("t@1e-3", true)]
    [InlineData("sign@", false)]
    [InlineData("sign@x", false)]
    [InlineData("sign@0.1@0.2", false)]
    [InlineData("wilcoxon@0.1", false)]
    public void ARuleMayCarryAnAlpha(string rule, bool accepted)
    {
        var pool = this.RoundsPool(["P", "S20", "P", "S20"]);

        var run = Analyze(pool, "--trials", "1", "--rounds", "2", "--rules", rule);

        if (accepted)
        {
            Assert.True(run.ExitCode == 0, run.Error);
            using var json = ReadJson(pool);
            Assert.Equal(1, Row(json, "A/B, 2 rounds", "paired " + rule, "A/A").GetProperty("runs").GetInt32());
        }
        else
        {
            run.AssertBadInput("--rules takes");
        }
    }

    [Theory]
    [InlineData("2", true)]
    [InlineData("+3", false)]
    [InlineData("0", false)]
    public void RoundsAreWholeNumbersOfAtLeastTwo(string rounds, bool accepted)
    {
        var pool = this.RoundsPool(["P", "S20", "P", "S20"]);

        var run = Analyze(pool, "--trials", "1", "--rounds", rounds, "--rules", "sign");

        if (accepted)
        {
            Assert.True(run.ExitCode == 0, run.Error);
        }
        else
        {
            run.AssertBadInput("--rounds takes whole numbers");
        }
    }

    [Theory]
    [InlineData("1\t1")]
    [InlineData("0\t0")]
    public void ARoundWithAFailedOrEmptyLaunchIsLeftOut(string exitAndJson)
    {
        var pool = this.RoundsPool(["P", "S20", "P", "S20"]);
        var tsv = Path.Combine(pool, "rounds.tsv");
        File.AppendAllLines(tsv, ["5\tP\t0\tDemo.ReadBenchmarks.Read\tbase\t0\t1\t0\t1", $"5\tP\t0\tDemo.ReadBenchmarks.Read\thead\t0\t1\t{exitAndJson}", string.Empty]);

        using var json = AnalyzeOk(pool, "--trials", "1", "--rounds", "2", "--rules", "sign");
        Assert.Equal(2, json.RootElement.GetProperty("rounds").GetProperty("A/A").GetInt32());
    }

    [Fact]
    public void TrialsWithoutASubcommandIsBadInput() =>
        ComparerRun.Of("trials").AssertBadInput("error: Required command was not provided. (see benchguard trials --help)");

    [Fact]
    public void AFolderThatIsNotThereIsBadInput() =>
        ComparerRun.Of("trials", "analyze", "--pool", this.temp.File("nowhere")).AssertBadInput("no such folder");

    [Fact]
    public void APoolWithoutItsLaunchListOrWithARaggedLineIsBadInput()
    {
        var pool = this.temp.Folder("uncollected");
        Analyze(pool).AssertBadInput("launches.tsv: no such file (collect the pool first)");

        File.WriteAllLines(Path.Combine(pool, "launches.tsv"), ["seq\tkind\tslowdown\tstarted\tseconds\texit\tjson", "1\tP"]);
        Analyze(pool).AssertBadInput("launches.tsv: a line with 2 fields, not 7");
    }

    [Fact]
    public void ASuitePoolIsReadBetweenTheFirstAndLastLaunchAsked()
    {
        var pool = this.SuitePool(16);

        var run = Analyze(pool, "--trials", "2", "--rounds", "2", "--rules", "sign", "--first-seq", "3", "--last-seq", "14");

        Assert.True(run.ExitCode == 0, run.Error);
        using var json = ReadJson(pool);
        // Launches 3 to 14 of the schedule P, S10, P, S20: six plain, three of each slowdown.
        var launches = json.RootElement.GetProperty("launches");
        Assert.Equal([6, 3, 3], new[] { "P", "S10", "S20" }.Select(k => launches.GetProperty(k).GetInt32()));
        var markdown = File.ReadAllText(Path.Combine(pool, "analysis", "trials.md"));
        Assert.StartsWith("Pool: 6 plain, 3 at +10%, 3 at +20% single-launch processes (one build), launches 3-14.", markdown, StringComparison.Ordinal);
        Assert.Equal(markdown, run.Out.Replace("\r\n", "\n", StringComparison.Ordinal));
    }

    [Fact]
    public void ASuitePoolWindowWithoutLaunchesIsBadInput()
    {
        var pool = this.SuitePool(4);

        Analyze(pool, "--first-seq", "5").AssertBadInput("holds no launch with results");
    }

    public void Dispose() => this.temp.Dispose();

    private static ComparerRun Analyze(string pool, params string[] options) => ComparerRun.Of(["trials", "analyze", "--pool", pool, .. options]);

    // analyze, which must succeed, and the trials.json it wrote.
    private static JsonDocument AnalyzeOk(string pool, params string[] options)
    {
        var run = Analyze(pool, options);
        Assert.True(run.ExitCode == 0, run.Error);
        return ReadJson(pool);
    }

    private static JsonDocument ReadJson(string pool) => JsonDocument.Parse(File.ReadAllText(Path.Combine(pool, "analysis", "trials.json")));

    private static IEnumerable<JsonElement> Rows(JsonDocument json) => json.RootElement.GetProperty("rows").EnumerateArray();

    private static JsonElement Row(JsonDocument json, string mode, string verdict, string level) =>
        Rows(json).Single(r => r.GetProperty("mode").GetString() == mode && r.GetProperty("verdict").GetString() == verdict && r.GetProperty("level").GetString() == level);

    // A rounds pool of one benchmark: round r has the kind kinds[r - 1]; a slowed round's head is slower by its percent.
    private string RoundsPool(string[] kinds)
    {
        var pool = this.temp.Folder("pool");
        var lines = new List<string> { "round\tkind\tslowdown\tunit\tside\tstarted\tseconds\texit\tjson" };
        for (var round = 1; round <= kinds.Length; round++)
        {
            var kind = kinds[round - 1];
            var slowdown = kind == "P" ? 0 : int.Parse(kind[1..], CultureInfo.InvariantCulture) / 100.0;
            var drift = 1 + (0.3 * Math.Sin(round * 1.7));
            foreach (var (side, factor) in new[] { ("base", 1.0), ("head", 1 + slowdown) })
            {
                var folder = this.temp.Folder("pool", "launches", $"R{round:000}-{kind}", side, "u0");
                BdnJson.Write(folder, [new FakeBenchmark("Demo.ReadBenchmarks", "Read", "", [FakeBenchmark.Samples(1000 * drift * factor, 0.02, 5, (round * 10) + (side == "base" ? 0 : 1))], 0)]);
                lines.Add($"{round}\t{kind}\t{slowdown.ToString(CultureInfo.InvariantCulture)}\tDemo.ReadBenchmarks.Read\t{side}\t0\t1\t0\t1");
            }
        }

        File.WriteAllLines(Path.Combine(pool, "rounds.tsv"), lines);
        return pool;
    }

    // A suite pool on the collector's schedule P, S10, P, S20.
    private string SuitePool(int launches)
    {
        var pool = this.temp.Folder("pool");
        var lines = new List<string> { "seq\tkind\tslowdown\tstarted\tseconds\texit\tjson" };
        string[] schedule = ["P", "S10", "P", "S20"];
        for (var seq = 1; seq <= launches; seq++)
        {
            var kind = schedule[(seq - 1) % 4];
            var factor = kind switch { "S10" => 1.1, "S20" => 1.2, _ => 1.0 };
            BdnJson.Write(this.temp.Folder("pool", "launches", $"L{seq:000}-{kind}"), [new FakeBenchmark("Demo.ReadBenchmarks", "Read", "", [FakeBenchmark.Samples(1000 * factor, 0.02, 15, seq)], 0)]);
            lines.Add($"{seq}\t{kind}\t{(factor - 1).ToString("0.00", CultureInfo.InvariantCulture)}\t0\t1\t0\t1");
        }

        File.WriteAllLines(Path.Combine(pool, "launches.tsv"), lines);
        return pool;
    }
}
