using System.Text.Json;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Tests.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Hostile;

/// <summary>
/// Issue 31, item 16: what a fuzzer over real exports still got through the tool. A byte-order mark is data, not
/// damage; a gate cannot be switched off by a huge allocation threshold; a store that is no readable file is bad input
/// naming it; an export of nothing is never a success.
/// </summary>
public sealed class FuzzerFindingsTests : IDisposable
{
    private const string Os = "ubuntu-latest";
    private static readonly FakeBenchmark Read = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1, allocated: 100);
    private static readonly byte[] ByteOrderMark = [0xEF, 0xBB, 0xBF];
    private readonly TempFolder temp = new();

    // One measured benchmark, and an empty store folder: what most cases start from.
    public FuzzerFindingsTests()
    {
        BdnJson.Write(this.temp.Folder("results"), [Read]);
        this.temp.Folder("baselines", Os);
    }

    // BenchmarkDotNet's exports and editors on Windows start a file with one; every JSON input the tool reads takes it.
    [Theory]
    [InlineData("compare")]
    [InlineData("merge")]
    [InlineData("export-trend")]
    [InlineData("baseline update --results")]
    [InlineData("baseline update, the store")]
    [InlineData("baseline show")]
    [InlineData("compare, the store")]
    [InlineData("report --ab")]
    [InlineData("report --counters")]
    [InlineData("export-trend --counters")]
    [InlineData("counters --base-counters")]
    public void AByteOrderMarkIsReadWhereverJsonIsRead(string reader)
    {
        var export = this.temp.File("results", "Demo.ReadBenchmarks-report-full.json");
        var trend = this.temp.File("trend");
        var store = this.temp.File("baselines", Os, "baseline.json");
        if (reader.Contains("store", StringComparison.Ordinal) || reader == "baseline show")
        {
            Assert.Equal(0, this.BaselineUpdate().ExitCode);
            WithByteOrderMark(store);
        }
        else if (reader.StartsWith("report", StringComparison.Ordinal) || reader.Contains("counters", StringComparison.Ordinal))
        {
            // These readers take files the tool wrote; the mark is put on them afterwards, as an editor would.
        }
        else
        {
            WithByteOrderMark(export);
        }

        var counters = this.temp.File("counters.json");
        JsonFormat.Write(counters, CountersComparisonTests.File(CountersComparisonTests.Case(Read.FullName, 100, 1, 0, 1000)));
        var comparison = this.temp.File("counters-comparison.json");
        var abJson = this.temp.File("ab.json");
        if (reader.StartsWith("report", StringComparison.Ordinal))
        {
            JsonFormat.Write(comparison, CountersComparison.Compare(CountersComparisonTests.File(), null, CountersComparisonTests.File()));
            Assert.Equal(0, ComparerRun.Of("compare", "--base", this.temp.File("results"), "--diff", this.temp.File("results"), "--threshold", "5%", "--json", abJson).ExitCode);
            WithByteOrderMark(reader == "report --ab" ? abJson : comparison);
        }
        else if (reader.Contains("counters", StringComparison.Ordinal))
        {
            WithByteOrderMark(counters);
        }

        var report = new[] { "report", "--os", Os, "--md", this.temp.File("r.md"), "--json", this.temp.File("r.json") };
        var run = reader switch
        {
            "compare" => ComparerRun.Of("compare", "--base", export, "--diff", this.temp.File("results"), "--threshold", "5%"),
            "merge" => ComparerRun.Of("merge", "--inputs", this.temp.File("results"), this.temp.File("results"), "--out", this.temp.File("merged")),
            "export-trend" => ComparerRun.Of("export-trend", "--results", this.temp.File("results"), "--os", Os, "--out-dir", trend),
            "baseline update --results" or "baseline update, the store" => this.BaselineUpdate(),
            "baseline show" => ComparerRun.Of("baseline", "show", "--os", Os, "--baselines", this.temp.File("baselines")),
            "compare, the store" => ComparerRun.Of("compare", "--base", this.temp.File("baselines", Os), "--diff", this.temp.File("results"), "--threshold", "5%", "--timing", "indicative"),
            "report --ab" => ComparerRun.Of([.. report, "--ab", abJson]),
            "report --counters" => ComparerRun.Of([.. report, "--ab", abJson, "--counters", comparison]),
            "export-trend --counters" => ComparerRun.Of("export-trend", "--results", this.temp.File("results"), "--os", Os, "--out-dir", trend, "--counters", counters),
            _ => ComparerRun.Of("counters", "--base-counters", counters, "--head-counters", counters, "--out", this.temp.File("moved.json")),
        };

        Assert.True(run.ExitCode == 0, $"exit {run.ExitCode}: {run.Error}");
        Assert.Empty(run.Error);
    }

    [Fact]
    public void AByteOrderMarkIsSkippedOnlyAtTheStart()
    {
        // A mark is allowed once, before the value: one inside the document, or two, is still corrupt JSON.
        var export = this.temp.File("results", "Demo.ReadBenchmarks-report-full.json");
        File.WriteAllBytes(export, [.. ByteOrderMark, .. ByteOrderMark, .. File.ReadAllBytes(export)]);
        ComparerRun.Of("compare", "--base", export, "--diff", export, "--threshold", "5%").AssertBadInput($"{export}: corrupt JSON");
    }

    // counters.json now goes through the same reader as every other input, and its numbers are checked as theirs are.
    [Theory]
    [InlineData("export-trend")]
    [InlineData("counters")]
    public void ACountersFileWithANumberThatIsNotFiniteIsNamed(string command)
    {
        var counters = this.temp.File("counters.json");
        JsonFormat.Write(counters, CountersComparisonTests.File(CountersComparisonTests.Case(Read.FullName, 100, 1, 0, 1000)));
        File.WriteAllText(counters, File.ReadAllText(counters).Replace("\"allocatedBytes\": 100", "\"allocatedBytes\": 1e400", StringComparison.Ordinal));

        var run = command == "counters"
            ? ComparerRun.Of("counters", "--base-counters", counters, "--head-counters", counters, "--out", this.temp.File("moved.json"))
            : this.ExportTrend("--counters", counters);

        run.AssertBadInput($"{counters}: $.cases[0].allocatedBytes must be a finite number");
    }

    // --threshold is bounded at +1000% or one second: an allocation tolerance past +1000% or a gibibyte is a gate off.
    [Theory]
    [InlineData("1e308%")]
    [InlineData("1000.5%")]
    [InlineData("1e300B")]
    [InlineData("1025MB")]
    [InlineData("1073741825B")]
    public void AnAllocationThresholdThatSwitchesTheGateOffIsRefused(string threshold)
    {
        var run = this.Compare(this.temp.File("results"), "--alloc-threshold", threshold, "--fail-on-regression");

        run.AssertBadInput($"invalid allocation threshold '{threshold}': out of range (at most 1000% or 1024MB)");
        Assert.Empty(run.Out);
    }

    [Theory]
    [InlineData("1000%")]
    [InlineData("1024MB")]
    [InlineData("1073741824B")]
    public void TheLargestAllocationThresholdsStillGate(string threshold)
    {
        // 1000% of 100 B lets 1,100 B through; 1,101 B is a regression. A gibibyte lets the same 1,101 B through.
        BdnJson.Write(this.temp.Folder("more"), [Read with { AllocatedBytes = 1101 }]);

        var run = this.Compare(this.temp.File("more"), "--alloc-threshold", threshold, "--fail-on-regression");

        Assert.True(run.ExitCode == (threshold.EndsWith('%') ? 1 : 0), $"exit {run.ExitCode}: {run.Out}{run.Error}");
    }

    [Fact]
    public void AStoreThatIsAFolderIsNamedAndNothingIsStored()
    {
        var store = this.temp.Folder("baselines", Os, "baseline.json");

        this.BaselineUpdate().AssertBadInput($"{store}: a folder, expected a file");
        Assert.Empty(Directory.GetFileSystemEntries(store));
    }

    [Fact]
    public void AStoreThatIsASymbolicLinkLoopIsNamed()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), "symbolic links need privileges there");
        var store = this.temp.File("baselines", Os, "baseline.json");
        File.CreateSymbolicLink(store, store);

        this.BaselineUpdate().AssertBadInput($"{store}: cannot read (");
        Assert.Equal(store, new FileInfo(store).LinkTarget);
    }

    [Fact]
    public async Task AStoreThatIsAFifoIsRefusedWithoutBlocking()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), "there are no FIFOs there");
        var store = this.temp.File("baselines", Os, "baseline.json");
        MakeFifo(store);

        var run = await HostileInputTests.WithinSeconds(30, this.BaselineUpdate);

        run.AssertBadInput($"{store}: empty, or not a regular file");
    }

    [Fact]
    public void AStoreThatCannotBeReadIsNamed()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), "Unix file modes");
        Assert.SkipWhen(Environment.UserName == "root", "root reads a file of mode 000");
        Assert.Equal(0, this.BaselineUpdate().ExitCode);
        var store = this.temp.File("baselines", Os, "baseline.json");
        SetMode(store, UnixFileMode.None);

        this.BaselineUpdate().AssertBadInput($"{store}: cannot read");
    }

    [Fact]
    public void AStoreThatCannotBeWrittenIsNamed()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), "Unix file modes");
        Assert.SkipWhen(Environment.UserName == "root", "root writes into a folder of mode 555");
        var folder = this.temp.File("baselines", Os);
        var store = Path.Combine(folder, "baseline.json");
        SetMode(folder, UnixFileMode.UserRead | UnixFileMode.UserExecute | UnixFileMode.GroupRead | UnixFileMode.GroupExecute | UnixFileMode.OtherRead | UnixFileMode.OtherExecute);
        try
        {
            this.BaselineUpdate().AssertBadInput($"{store}: cannot write");
            Assert.False(File.Exists(store));
        }
        finally
        {
            SetMode(folder, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }
    }

    // A write that fails after the lock (a full disk, the folder replaced meanwhile) is named the same way. No
    // run of the program can make a folder that takes the lock but not the store, so the store is saved directly.
    [Fact]
    public void AStoreThatCannotBeSavedIsNamed()
    {
        var file = Path.Combine(this.temp.Path, "removed", "baseline.json");

        var error = Assert.Throws<InputException>(() => BenchGuard.Baselines.BaselineStore.Save(file, BenchGuard.Baselines.BaselineDocument.Empty(Os)));

        Assert.StartsWith($"{file}: cannot write (", error.Message, StringComparison.Ordinal);
        Assert.EndsWith("; nothing stored", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ExportingNoBenchmarksIsBadInputAndWritesNothing()
    {
        BdnJson.Write(this.temp.Folder("results"), []);
        var results = this.temp.File("results");

        this.ExportTrend().AssertBadInput($"{results}: its exports hold no benchmarks; nothing exported");
        Assert.False(Directory.Exists(this.temp.File("trend")));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ExportingOnlyFailedBenchmarksIsBadInputAndWritesNothing(bool allowFailed)
    {
        BdnJson.Write(this.temp.Folder("results"), [FakeBenchmark.FailedOne("Throws"), FakeBenchmark.FailedOne("AlsoThrows")]);
        var results = this.temp.File("results");

        var run = allowFailed ? this.ExportTrend("--allow-failed") : this.ExportTrend();

        run.AssertBadInput($"{results}: all 2 benchmarks failed (no measurements, first: {FakeBenchmark.FailedOne("AlsoThrows").FullName}); nothing exported");
        Assert.False(Directory.Exists(this.temp.File("trend")));
    }

    [Fact]
    public void ExportingOneMeasuredBenchmarkBesideAFailedOneStillExportsIt()
    {
        BdnJson.Write(this.temp.Folder("results"), [Read, FakeBenchmark.FailedOne("Throws")]);

        var run = this.ExportTrend("--allow-failed");

        Assert.True(run.ExitCode == 0, run.Error);
        using var time = JsonDocument.Parse(File.ReadAllText(this.temp.File("trend", "time.json")));
        Assert.Equal([Read.FullName], time.RootElement.EnumerateArray().Select(e => e.GetProperty("name").GetString()));
    }

    public void Dispose() => this.temp.Dispose();

    private static void WithByteOrderMark(string file) => File.WriteAllBytes(file, [.. ByteOrderMark, .. File.ReadAllBytes(file)]);

    // The tests that call it skip on Windows, which has no Unix file modes.
    private static void SetMode(string path, UnixFileMode mode)
    {
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(path, mode);
        }
    }

    private static void MakeFifo(string path)
    {
        using var mkfifo = System.Diagnostics.Process.Start("mkfifo", [path]);
        if (!mkfifo.WaitForExit(10_000))
        {
            mkfifo.Kill(entireProcessTree: true);
            Assert.Fail("mkfifo did not finish in 10 s");
        }

        Assert.Equal(0, mkfifo.ExitCode);
    }

    private ComparerRun BaselineUpdate() =>
        ComparerRun.Of("baseline", "update", "--results", this.temp.File("results"), "--os", Os, "--baselines", this.temp.File("baselines"));

    private ComparerRun ExportTrend(params string[] extra) =>
        ComparerRun.Of(["export-trend", "--results", this.temp.File("results"), "--os", Os, "--out-dir", this.temp.File("trend"), .. extra]);

    private ComparerRun Compare(string diff, params string[] extra) =>
        ComparerRun.Of(["compare", "--base", this.temp.File("results"), "--diff", diff, "--threshold", "5%", .. extra]);
}
