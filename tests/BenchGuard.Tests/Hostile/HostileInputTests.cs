using System.Text;
using System.Text.Json.Nodes;
using BenchGuard.Input;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Hostile;

/// <summary>Issue 17, items 1-9: one test per way the tool broke its promise under bad and hostile input.</summary>
public sealed class HostileInputTests
{
    private static readonly FakeBenchmark Read = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1, allocated: 100);

    // 1. Nothing compared is never "no regression".
    [Fact]
    public void EmptyExportsOrAFilterThatMatchesNothingAreNeverAllClear()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("empty"), []);
        BdnJson.Write(temp.Folder("good"), [Read]);
        foreach (var args in new[]
        {
            new[] { "--base", temp.File("empty"), "--diff", temp.File("empty") },
            new[] { "--base", temp.File("good"), "--diff", temp.File("good"), "--filter", "*NoSuchBenchmark*" },
        })
        {
            var run = ComparerRun.Of(["compare", .. args, "--threshold", "5%", "--md", temp.File("r.md"), "--json", temp.File("r.json")]);
            Assert.True(run.ExitCode == 0, run.Error);
            Assert.Contains("❔ nothing compared", run.Out, StringComparison.Ordinal);
            Assert.DoesNotContain("✅", File.ReadAllText(temp.File("r.md")), StringComparison.Ordinal);
            ComparerRun.Of(["compare", .. args, "--threshold", "5%", "--fail-on-regression"]).AssertBadInput("compare: nothing compared");

            var report = ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", temp.File("r.json"), "--baseline", temp.File("r.json"), "--md", temp.File("os.md"), "--json", temp.File("os.json"));
            Assert.True(report.ExitCode == 0, report.Error);
            Assert.StartsWith("ubuntu-latest: ❔", report.Out, StringComparison.Ordinal);
            ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", temp.File("r.json"), "--md", temp.File("os.md"), "--json", temp.File("os.json"), "--fail-on-regression")
                .AssertBadInput("report: nothing compared");
        }
    }

    // 2. A gate cannot be switched off by a value that is not finite, or by a bare number.
    [Theory]
    [InlineData("--threshold", "Infinity%")]
    [InlineData("--threshold", "1e309%")]
    [InlineData("--threshold", "NaN%")]
    [InlineData("--threshold", "5%|1e400ns")]
    [InlineData("--threshold", "100000%")]
    [InlineData("--noise", "1e400ns")]
    [InlineData("--fail-threshold", "Infinity%")]
    [InlineData("--alloc-threshold", "1e308MB")]
    public void ThresholdsMustBeFinite(string option, string value)
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("good"), [Read]);
        var args = new List<string> { "compare", "--base", temp.File("good"), "--diff", temp.File("good"), "--fail-on-regression" };
        if (option != "--threshold")
        {
            args.AddRange(["--threshold", "5%"]);
        }

        ComparerRun.Of([.. args, option, value]).AssertBadInput(value);
    }

    [Fact]
    public void ABareNumberIsRefusedWithWhatToWriteInstead()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("good"), [Read]);
        ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", temp.File("good"), "--threshold", "5")
            .AssertBadInput("a bare number has no unit; write 5% for a percentage or 5ns for nanoseconds");
    }

    // 4. Every error names the file: a device is refused before it is read.
    [Fact]
    public void ADeviceOrAnOversizedFileIsRefusedBeforeItIsRead()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("good"), [Read]);
        if (!OperatingSystem.IsWindows())
        {
            ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", "/dev/zero", "--threshold", "5%").AssertBadInput("/dev/zero: empty, or not a regular file");
        }

        // A sparse file: its length is over the limit, though no byte of it is on disk.
        var huge = temp.File("huge", "Demo.ReadBenchmarks-report-full.json");
        using (var stream = File.Create(huge))
        {
            stream.SetLength(InputFile.MaxBytes + 1);
        }

        ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", huge, "--threshold", "5%").AssertBadInput($"{huge}: 128 MiB, more than the 128 MiB an input may have");
    }

    // 4 and 5. Damaged exports: each names the file and what is wrong, and none is taken as data.
    [Theory]
    [InlineData("invalid-utf8", "not valid UTF-8")]
    [InlineData("launch-index-fraction", "LaunchIndex must be a whole number")]
    [InlineData("value-1e400", "OriginalValues[0] must be a finite number")]
    [InlineData("value-string", "OriginalValues[0] must be a finite number")]
    [InlineData("value-negative", "OriginalValues[0] must be a finite number >= 0")]
    [InlineData("value-huge", "OriginalValues[0] must be a finite number >= 0 and <= 1000000000000000")]
    [InlineData("allocated-string", "BytesAllocatedPerOperation must be a whole number >= 0")]
    [InlineData("allocated-1e30", "BytesAllocatedPerOperation must be a whole number >= 0")]
    [InlineData("allocated-fraction", "BytesAllocatedPerOperation must be a whole number >= 0")]
    [InlineData("measurement-not-object", "Measurements[0] must be an object")]
    [InlineData("statistics-not-object", "Statistics must be an object, not 5")]
    [InlineData("memory-not-object", "Memory must be an object")]
    [InlineData("measurements-not-array", "Measurements must be an array")]
    [InlineData("values-not-array", "OriginalValues must be an array")]
    [InlineData("duplicate-key", "corrupt JSON")]
    [InlineData("empty-name", "has no FullName")]
    [InlineData("cores-string", "LogicalCoreCount must be a whole number")]
    [InlineData("mean-text", "Mean must be a finite number")]
    public void DamagedExportsNameTheFileInCompareMergeAndBaselineUpdate(string damage, string expected)
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("good"), [Read]);
        var bad = Damage(BdnJson.Write(temp.Folder("bad"), [Read]), damage);
        ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", temp.File("bad"), "--threshold", "5%", "--fail-on-regression").AssertBadInput($"{bad}: ");
        ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", temp.File("bad"), "--threshold", "5%").AssertBadInput(expected);
        ComparerRun.Of("merge", "--inputs", temp.File("good"), temp.File("bad"), "--out", temp.File("out")).AssertBadInput($"{bad}: ");
        Assert.False(Directory.Exists(temp.File("out")));
        temp.Folder("baselines", "ubuntu-latest");
        ComparerRun.Of("baseline", "update", "--results", temp.File("bad"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines")).AssertBadInput($"{bad}: ");
        Assert.False(File.Exists(temp.File("baselines", "ubuntu-latest", "baseline.json")));
    }

    [Fact]
    public void ATimeOfExactlyTheLargestAllowedIsRead()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("good"), [Read]);
        var edge = BdnJson.Write(temp.Folder("edge"), [Read]);
        var export = JsonNode.Parse(File.ReadAllText(edge))!;
        export["Benchmarks"]![0]!["Statistics"]!["OriginalValues"]![0] = Results.BdnReportFile.MaxNanoseconds;
        File.WriteAllText(edge, export.ToJsonString());

        var run = ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", temp.File("edge"), "--threshold", "5%");

        Assert.True(run.ExitCode == 0, run.Error);
    }

    // BenchmarkDotNet's JSON has no number for a statistic that is not finite (one iteration has no margin): it
    // writes a text there, which is data, not damage.
    [Fact]
    public void BenchmarkDotNetsTextsForStatisticsThatAreNotFiniteAreRead()
    {
        using var temp = new TempFolder();
        var file = BdnJson.Write(temp.Folder("nan"), [Read]);
        var export = JsonNode.Parse(File.ReadAllText(file))!;
        export["Benchmarks"]![0]!["Statistics"]!["Mean"] = "NaN";
        export["Benchmarks"]![0]!["Statistics"]!["ConfidenceInterval"]!["Margin"] = string.Empty;
        File.WriteAllText(file, export.ToJsonString());
        var run = ComparerRun.Of("compare", "--base", temp.File("nan"), "--diff", temp.File("nan"), "--threshold", "5%");
        Assert.True(run.ExitCode == 0, run.Error);
    }

    // 4 and 5. The baseline store and compare --json files: nulls, wrong types, numbers out of range, forged counts.
    [Theory]
    [InlineData("benchmarks[0].fullName", "null", "doesn't allow null values")]
    [InlineData("benchmarks[0].launches[0][0]", "1e400", "must be a finite number")]
    [InlineData("benchmarks[0].launches[0][0]", "\"12\"", "could not be converted")]
    [InlineData("benchmarks[0].launches[0]", "null", "must not be null")]
    [InlineData("benchmarks[0].allocatedBytes", "-5", "negative allocatedBytes")]
    [InlineData("benchmarks[0].launches[0][1]", "1.7e308", "a time below 0 or above 1e15 ns")]
    [InlineData("benchmarks[0].run", "\"nowhere\"", "not in runs")]
    [InlineData("runs[0]", "null", "must not be null")]
    public void DamagedBaselineStoresNameTheFile(string where, string value, string expected)
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        BdnJson.Write(temp.Folder("good"), [Read]);
        Assert.Equal(0, ComparerRun.Of("baseline", "update", "--results", temp.File("good"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines")).ExitCode);
        var store = temp.File("baselines", "ubuntu-latest", "baseline.json");
        File.WriteAllText(store, Set(File.ReadAllText(store), where, value));
        var before = File.ReadAllBytes(store);

        var compare = ComparerRun.Of("compare", "--base", temp.File("baselines", "ubuntu-latest"), "--diff", temp.File("good"), "--threshold", "5%");
        compare.AssertBadInput($"{store}: ");
        compare.AssertBadInput(expected);
        ComparerRun.Of("baseline", "update", "--results", temp.File("good"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines")).AssertBadInput($"{store}: ");
        Assert.Equal(before, File.ReadAllBytes(store));
    }

    [Theory]
    [InlineData("summary.failing", "-1", "summary.failing is -1, but its benchmarks make it 0")]
    [InlineData("summary.total", "7", "summary.total is 7")]
    [InlineData("benchmarks[0].verdict", "\"Fine\"", "verdict 'Fine'")]
    [InlineData("benchmarks[0].fullName", "null", "doesn't allow null values")]
    [InlineData("benchmarks[0]", "null", "must not be null")]
    [InlineData("benchmarks[0].ratio", "1e400", "must be a finite number")]
    [InlineData("environmentDifferences", "[null]", "must not be null")]
    [InlineData("summary.slower", "\"0\"", "could not be converted")]
    [InlineData("benchmarks[0].fullName", "\" \"", "an empty fullName")]
    [InlineData("benchmarks[0].allocation.verdict", "\"Huge\"", "allocation verdict 'Huge'")]
    [InlineData("benchmarks[0].baseCount", "-1", "a negative count")]
    [InlineData("benchmarks[0].diffCount", "-1", "a negative count")]
    public void DamagedCompareJsonFilesNameTheFile(string where, string value, string expected)
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("good"), [Read]);
        Assert.Equal(0, ComparerRun.Of("compare", "--base", temp.File("good"), "--diff", temp.File("good"), "--threshold", "5%", "--json", temp.File("ab.json")).ExitCode);
        var ab = temp.File("ab.json");
        File.WriteAllText(ab, Set(File.ReadAllText(ab), where, value));
        var run = ComparerRun.Of("report", "--os", "ubuntu-latest", "--ab", ab, "--baseline", ab, "--md", temp.File("os.md"), "--json", temp.File("os.json"), "--fail-on-regression");
        run.AssertBadInput($"{ab}: ");
        run.AssertBadInput(expected);
    }

    // 5. merge refuses what it used to drop or accept.
    [Theory]
    [InlineData("empty-name", "has no FullName")]
    [InlineData("measurement-not-object", "Measurements[0] must be an object")]
    [InlineData("benchmark-not-object", "has no FullName")]
    [InlineData("gen0-string", "Gen0Collections must be a whole number")]
    public void MergeRefusesMalformedEntries(string damage, string expected)
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("r1"), [Read]);
        var bad = Damage(BdnJson.Write(temp.Folder("r2"), [Read]), damage);
        var merge = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out"));
        merge.AssertBadInput($"{bad}: ");
        merge.AssertBadInput(expected);
    }

    // 6. Folders are walked without following symlinked folders; a FIFO named like an export never blocks.
    [Fact]
    public async Task SymlinkLoopsAndFifosNeverHang()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // Directory symlinks and FIFOs need privileges or do not exist there.
        }

        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("loop", "run"), [Read]);
        Directory.CreateSymbolicLink(temp.File("loop", "run", "again"), temp.File("loop"));
        Directory.CreateSymbolicLink(temp.File("loop", "self"), temp.File("loop"));
        var compare = await WithinSeconds(30, () => ComparerRun.Of("compare", "--base", temp.File("loop"), "--diff", temp.File("loop"), "--threshold", "5%", "--json", temp.File("r.json")));
        Assert.True(compare.ExitCode == 0, compare.Error);
        Assert.Contains("\"total\": 1,", File.ReadAllText(temp.File("r.json")), StringComparison.Ordinal);
        var trend = await WithinSeconds(30, () => ComparerRun.Of("export-trend", "--results", temp.File("loop"), "--os", "ubuntu-latest", "--out-dir", temp.File("trend")));
        Assert.True(trend.ExitCode == 0, trend.Error);

        var fifo = temp.File("fifo", "Demo.ReadBenchmarks-report-full.json");
        using (var mkfifo = System.Diagnostics.Process.Start("mkfifo", fifo))
        {
            if (!mkfifo.WaitForExit(10_000))
            {
                mkfifo.Kill(entireProcessTree: true);
                Assert.Fail("mkfifo did not finish in 10 s");
            }
        }

        (await WithinSeconds(30, () => ComparerRun.Of("compare", "--base", temp.File("fifo"), "--diff", temp.File("loop"), "--threshold", "5%"))).AssertBadInput($"{fifo}: empty, or not a regular file");
    }

    // 7. Concurrent updates: none is lost; leftovers of a killed update are cleaned up.
    [Fact]
    public async Task ConcurrentBaselineUpdatesLoseNothing()
    {
        using var temp = new TempFolder();
        temp.Folder("baselines", "ubuntu-latest");
        var leftover = temp.File("baselines", "ubuntu-latest", ".baseline.json.0123456789abcdef.tmp");
        File.WriteAllText(leftover, "{ half a baseline");
        var names = new List<string>();
        for (var i = 0; i < 8; i++)
        {
            var benchmark = FakeBenchmark.Of($"Update{i}", 1000, 0.02, 15, seed: i, allocated: 100);
            BdnJson.Write(temp.Folder($"run{i}"), [benchmark]);
            names.Add(benchmark.FullName);
        }

        // Each update runs in its own thread straight through the command, as two CI jobs would run the tool.
        var runs = Enumerable.Range(0, 8)
            .Select(i => Task.Run(() => Commands.BaselineUpdateCommand.Run(BenchGuard.Cli.ToolCommandLine.Parse(
                "baseline update", Commands.BaselineUpdateCommand.Define(), ["--results", temp.File($"run{i}"), "--os", "ubuntu-latest", "--baselines", temp.File("baselines"), "--commit", $"c{i}"]))))
            .ToArray();
        var codes = await Task.WhenAll(runs).WaitAsync(TimeSpan.FromSeconds(120), TestContext.Current.CancellationToken);
        Assert.All(codes, code => Assert.Equal(0, code));

        var store = BenchGuard.Baselines.BaselineStore.Load(temp.File("baselines", "ubuntu-latest", "baseline.json"));
        Assert.Equal(names.Order(StringComparer.Ordinal), store.Benchmarks.Select(b => b.FullName));
        Assert.Equal(["baseline.json"], Directory.GetFiles(temp.File("baselines", "ubuntu-latest")).Select(Path.GetFileName).ToList()!);
    }

    // 9. merge on exit 2 prints the error and nothing else: its warnings wait for success.
    [Fact]
    public void MergePrintsOneLineOnBadInput()
    {
        using var temp = new TempFolder();
        var other = FakeBenchmark.Of("Other", 1000, 0.02, 5, 2);
        var write = FakeBenchmark.Of("Write", 1000, 0.02, 5, 3, type: "Demo.WriteBenchmarks");
        BdnJson.Write(temp.Folder("r1"), [Read, other]);
        BdnJson.Write(temp.Folder("r1"), [write], fileStem: "Demo.WriteBenchmarks");

        // The first class merges with a warning (r2 lacks Other); the second holds Write twice in one launch.
        BdnJson.Write(temp.Folder("r2"), [Read]);
        var twice = BdnJson.Write(temp.Folder("r2"), [write, write], fileStem: "Demo.WriteBenchmarks");
        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", temp.File("out")).AssertBadInput($"{twice}: duplicate FullName");
        Assert.False(Directory.Exists(temp.File("out")));
    }

    /// <summary>Runs <paramref name="run"/> on the pool; a hang fails the test with a TimeoutException instead of hanging it.</summary>
    internal static Task<T> WithinSeconds<T>(int seconds, Func<T> run) =>
        Task.Run(run, TestContext.Current.CancellationToken).WaitAsync(TimeSpan.FromSeconds(seconds), TestContext.Current.CancellationToken);

    /// <summary>Sets the JSON value at a simple path (<c>a.b[0].c</c>) to <paramref name="json"/>.</summary>
    internal static string Set(string document, string path, string json)
    {
        var root = JsonNode.Parse(document)!;
        var parts = path.Replace("[", ".[", StringComparison.Ordinal).Split('.');
        JsonNode node = root;
        for (var i = 0; i < parts.Length - 1; i++)
        {
            node = parts[i].StartsWith('[') ? node[int.Parse(parts[i][1..^1], System.Globalization.CultureInfo.InvariantCulture)]! : node[parts[i]]!;
        }

        var last = parts[^1];
        var value = JsonNode.Parse(json);
        if (last.StartsWith('['))
        {
            ((JsonArray)node)[int.Parse(last[1..^1], System.Globalization.CultureInfo.InvariantCulture)] = value;
        }
        else
        {
            node[last] = value;
        }

        // A parsed value is written back as its text, so 1e400 stays 1e400.
        return root.ToJsonString();
    }

    private static string Damage(string file, string damage)
    {
        var text = File.ReadAllText(file);
        var export = JsonNode.Parse(text)!;
        var benchmark = export["Benchmarks"]![0]!;
        switch (damage)
        {
            case "invalid-utf8":
                var bytes = Encoding.UTF8.GetBytes(text.Replace("\"Read\"", "\"R\u00e9ad\"", StringComparison.Ordinal));
                var at = Array.IndexOf(bytes, (byte)0xC3);
                bytes[at] = 0xFF;
                File.WriteAllBytes(file, bytes);
                return file;
            case "launch-index-fraction":
                benchmark["Measurements"]![0]!["LaunchIndex"] = 1.5;
                break;
            case "value-1e400":
                benchmark["Statistics"]!["OriginalValues"]![0] = JsonNode.Parse("1e400");
                break;
            case "value-string":
                benchmark["Statistics"]!["OriginalValues"]![0] = "12.5";
                break;
            case "value-huge":
                benchmark["Statistics"]!["OriginalValues"]![0] = 1.7e308;
                break;
            case "value-negative":
                benchmark["Statistics"]!["OriginalValues"]![0] = -3.0;
                break;
            case "allocated-string":
                benchmark["Memory"]!["BytesAllocatedPerOperation"] = "1048576";
                break;
            case "allocated-1e30":
                benchmark["Memory"]!["BytesAllocatedPerOperation"] = 1e30;
                break;
            case "allocated-fraction":
                benchmark["Memory"]!["BytesAllocatedPerOperation"] = 100.5;
                break;
            case "measurement-not-object":
                benchmark["Measurements"]![0] = 42;
                break;
            case "statistics-not-object":
                benchmark["Statistics"] = 5;
                break;
            case "memory-not-object":
                benchmark["Memory"] = "lots";
                break;
            case "measurements-not-array":
                benchmark["Measurements"] = new JsonObject();
                break;
            case "values-not-array":
                benchmark["Statistics"]!["OriginalValues"] = 3;
                break;
            case "duplicate-key":
                File.WriteAllText(file, text.Replace("\"FullName\":", "\"FullName\": \"Other.Name\", \"FullName\":", StringComparison.Ordinal));
                return file;
            case "empty-name":
                benchmark["FullName"] = " ";
                break;
            case "benchmark-not-object":
                export["Benchmarks"]![0] = "Demo.ReadBenchmarks.Read";
                break;
            case "cores-string":
                export["HostEnvironmentInfo"]!["LogicalCoreCount"] = "2";
                break;
            case "mean-text":
                benchmark["Statistics"]!["Mean"] = "12.5";
                break;
            case "gen0-string":
                benchmark["Memory"]!["Gen0Collections"] = "0";
                break;
            default:
                throw new ArgumentException(damage, nameof(damage));
        }

        File.WriteAllText(file, export.ToJsonString());
        return file;
    }
}
