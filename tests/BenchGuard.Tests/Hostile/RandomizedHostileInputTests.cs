using System.Diagnostics;
using System.Text.RegularExpressions;
using BenchGuard.Tests.Infrastructure;
using BenchGuard.Tests.RealOutput;

namespace BenchGuard.Tests.Hostile;

/// <summary>
/// Issue 17's promise as a test: damaged and hostile copies of real BenchmarkDotNet exports, of the repository's
/// baseline store and of compare --json files, each run through every command that reads it, in process. For every
/// input: exit 0, 1 or 2 only; on 2, one line on stderr naming the damaged input; never a stack trace or an
/// unforeseen exception; never ✅ on a refused input; a value of the wrong kind where the tool reads one is refused;
/// the baseline store byte-identical after a refused update; what merge accepts, compare reads.
/// Seeded and reproducible: <c>HOSTILE_SEED</c> (default 17) and <c>HOSTILE_CASES</c> (default 300) choose the run;
/// a failure names its case seed.
/// </summary>
public sealed class RandomizedHostileInputTests(RealBdnRuns runs) : IClassFixture<RealBdnRuns>
{
    // The export values BdnReportFile reads (array indices as []); the tool's own documents are read whole.
    // Statistics.Mean and ConfidenceInterval.Margin are left out: BenchmarkDotNet writes a text ("NaN", "") for a
    // statistic that is not finite, so some texts there are data (HostileInputTests covers them).
    private static readonly Regex ExportReadPaths = new(
        @"^\$\.Benchmarks(\[\](\.(FullName|Namespace|Type|DisplayInfo|Statistics(\.OriginalValues(\[\])?)?"
        + @"|Memory(\.(Gen0Collections|Gen1Collections|Gen2Collections|TotalOperations|BytesAllocatedPerOperation))?"
        + @"|Measurements(\[\](\.(IterationMode|IterationStage|LaunchIndex|Nanoseconds|Operations))?)?))?)?$"
        + @"|^\$\.HostEnvironmentInfo(\.(OsVersion|ProcessorName|RuntimeVersion|BenchmarkDotNetVersion|Architecture|LogicalCoreCount))?$");

    private static readonly Regex Everything = new(".");

    [Fact]
    public async Task DamagedInputsNeverBreakThePromise()
    {
        var seed = int.Parse(Environment.GetEnvironmentVariable("HOSTILE_SEED") ?? "17", System.Globalization.CultureInfo.InvariantCulture);
        var cases = int.Parse(Environment.GetEnvironmentVariable("HOSTILE_CASES") ?? "300", System.Globalization.CultureInfo.InvariantCulture);
        var (failures, refused, watch) = await HostileInputTests.WithinSeconds(60 + (cases / 5), () => this.Run(seed, cases));
        TestContext.Current.TestOutputHelper?.WriteLine($"{cases} damaged inputs (seed {seed}) in {watch.Elapsed.TotalSeconds:0.0} s: {refused} refused with exit 2, {failures.Count} broke the promise");
        Assert.True(failures.Count == 0, $"{failures.Count} of {cases} cases broke the promise; the first:\n{string.Join("\n", failures.Take(10))}");
    }

    private (List<string> Failures, int Refused, Stopwatch Watch) Run(int seed, int cases)
    {
        using var temp = new TempFolder();
        var watch = Stopwatch.StartNew();
        var export = Directory.GetFiles(runs.Runs[0], "*-report-full.json").Single();
        var exportBytes = File.ReadAllBytes(export);
        var storeBytes = File.ReadAllBytes(Path.Combine(RepositoryRoot.Path, "baselines", "ubuntu-latest", "baseline.json"));
        Assert.Equal(0, ComparerRun.Of("compare", "--base", runs.Runs[0], "--diff", runs.Runs[1], "--threshold", "5%", "--json", temp.File("good.json")).ExitCode);
        var compareJsonBytes = File.ReadAllBytes(temp.File("good.json"));

        var failures = new List<string>();
        var refused = 0;
        for (var i = 0; i < cases; i++)
        {
            var caseSeed = unchecked((seed * 1_000_003) + i);
            var random = new Random(caseSeed);
            var folder = temp.Folder($"case{i}");
            var kind = random.Next(4);
            var damage = kind switch
            {
                0 or 1 => Damage.Of(exportBytes, random, ExportReadPaths),
                2 => Damage.Of(storeBytes, random, Everything),
                _ => Damage.Of(compareJsonBytes, random, Everything),
            };
            var problems = new List<string>();
            var outcomes = kind switch
            {
                0 or 1 => this.Export(folder, Path.GetFileName(export), damage, problems),
                2 => Store(folder, damage, problems),
                _ => Report(folder, temp.File("good.json"), damage, problems),
            };
            refused += outcomes.Count(o => o.ExitCode == 2);
            if (damage.MustRefuse && outcomes.Any(o => o.ExitCode != 2))
            {
                problems.Add($"accepted: exits {string.Join(", ", outcomes.Select(o => o.ExitCode))}");
            }

            failures.AddRange(problems.Select(p => $"case {i} (seed {caseSeed}, {damage.Description}): {p}"));
            Directory.Delete(folder, recursive: true);
        }

        return (failures, refused, watch);
    }

    private List<ComparerRun> Export(string folder, string fileName, Damage damage, List<string> problems)
    {
        var damaged = Path.Combine(folder, "damaged");
        Directory.CreateDirectory(damaged);
        File.WriteAllBytes(Path.Combine(damaged, fileName), damage.Bytes);
        var good = runs.Runs[1];
        var compare = Check(problems, damaged, "compare", "--base", good, "--diff", damaged, "--threshold", "5%", "--fail-on-regression", "--md", Path.Combine(folder, "r.md"), "--json", Path.Combine(folder, "r.json"));
        var merge = Check(problems, damaged, "merge", "--inputs", good, damaged, "--out", Path.Combine(folder, "merged"));
        if (merge.ExitCode == 0)
        {
            // What merge accepts, compare must read: a merge never writes an export that the next step refuses.
            var paired = Check(problems, Path.Combine(folder, "merged"), "compare", "--base", Path.Combine(folder, "merged"), "--diff", Path.Combine(folder, "merged"), "--threshold", "5%", "--paired");
            if (paired.ExitCode != 0)
            {
                problems.Add($"compare of the merge: exit {paired.ExitCode}: {paired.Error.Trim()}");
            }
        }

        var trend = Check(problems, damaged, "export-trend", "--results", damaged, "--os", "ubuntu-latest", "--out-dir", Path.Combine(folder, "trend"));
        var store = StoreCopy(folder, File.ReadAllBytes(Path.Combine(RepositoryRoot.Path, "baselines", "ubuntu-latest", "baseline.json")));
        var update = UpdateKeepsARefusedStore(problems, folder, store, damaged);
        return [compare, merge, trend, update];
    }

    private static List<ComparerRun> Store(string folder, Damage damage, List<string> problems)
    {
        var store = StoreCopy(folder, damage.Bytes);
        var storeFolder = Path.GetDirectoryName(store)!;
        var good = Path.Combine(folder, "good");
        BdnJson.Write(good, [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1, allocated: 100)]);
        var compare = Check(problems, store, "compare", "--base", storeFolder, "--diff", good, "--threshold", "5%", "--timing", "indicative", "--fail-on-regression", "--md", Path.Combine(folder, "r.md"));
        var show = Check(problems, store, "baseline", "show", "--baselines", Path.GetDirectoryName(storeFolder)!, "--os", "ubuntu-latest");
        var update = UpdateKeepsARefusedStore(problems, folder, store, good);
        return [compare, show, update];
    }

    private static List<ComparerRun> Report(string folder, string goodJson, Damage damage, List<string> problems)
    {
        var damaged = Path.Combine(folder, "ab.json");
        File.WriteAllBytes(damaged, damage.Bytes);
        var report = Check(problems, damaged, "report", "--os", "ubuntu-latest", "--ab", damaged, "--baseline", goodJson, "--md", Path.Combine(folder, "os.md"), "--json", Path.Combine(folder, "os.json"), "--fail-on-regression");
        return [report];
    }

    private static ComparerRun UpdateKeepsARefusedStore(List<string> problems, string folder, string store, string results)
    {
        var before = File.ReadAllBytes(store);
        var update = Check(problems, results.Contains("damaged", StringComparison.Ordinal) ? results : store, "baseline", "update", "--results", results, "--os", "ubuntu-latest", "--baselines", Path.Combine(folder, "baselines"), "--date", "2026-11-24T00:00:00Z", "--commit", "c0ffee");
        if (update.ExitCode == 2 && !before.AsSpan().SequenceEqual(File.ReadAllBytes(store)))
        {
            problems.Add("baseline update refused the input but changed the store");
        }

        return update;
    }

    private static string StoreCopy(string folder, byte[] bytes)
    {
        var storeFolder = Path.Combine(folder, "baselines", "ubuntu-latest");
        Directory.CreateDirectory(storeFolder);
        var store = Path.Combine(storeFolder, "baseline.json");
        File.WriteAllBytes(store, bytes);
        return store;
    }

    // The promise for one run: exit 0, 1 or 2; on 2 one line naming the damaged input; no trace; no ✅ when refused.
    private static ComparerRun Check(List<string> problems, string damaged, params string[] args)
    {
        var run = ComparerRun.Of(args);
        var lines = run.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var command = string.Join(' ', args.TakeWhile(a => !a.StartsWith("--", StringComparison.Ordinal)));
        if (run.ExitCode is not (0 or 1 or 2))
        {
            problems.Add($"{command}: exit {run.ExitCode}");
        }

        if (run.Error.Contains("   at ", StringComparison.Ordinal) || run.Error.Contains("unexpected ", StringComparison.Ordinal))
        {
            problems.Add($"{command}: {run.Error.Trim()}");
        }

        if (run.ExitCode == 2 && (lines.Length != 1 || !lines[0].Contains(damaged, StringComparison.Ordinal)))
        {
            problems.Add($"{command}: exit 2 without one line naming {damaged}: {run.Error.Trim()}");
        }

        if (run.ExitCode == 2 && run.Out.Contains('✅', StringComparison.Ordinal))
        {
            problems.Add($"{command}: ✅ on a refused input");
        }

        return run;
    }
}
