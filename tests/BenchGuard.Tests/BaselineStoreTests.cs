using System.Text.Json;
using BenchGuard.Baselines;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

public sealed class BaselineStoreTests
{
    private static readonly FakeBenchmark ReadA = FakeBenchmark.Of("A", 1000, 0.02, 15, seed: 1, allocated: 100);
    private static readonly FakeBenchmark ReadB = FakeBenchmark.Of("B", 2000, 0.02, 15, seed: 2, allocated: 200);
    private static readonly FakeBenchmark WriteC = FakeBenchmark.Of("C", 3000, 0.02, 15, seed: 3, allocated: 300, type: "Demo.WriteBenchmarks");

    [Fact]
    public void UpdateWritesASortedStoreWithProvenance()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("run1"), [ReadB, ReadA]);

        var run = Update(temp, baselines, "run1", "--commit", "abc123", "--profile", "quick", "--runner", "test-runner", "--date", "2026-01-02T03:04:05Z");
        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains("2 added, 0 changed", run.Out, StringComparison.Ordinal);
        Assert.Contains($"+ {ReadA.FullName}", run.Out, StringComparison.Ordinal);
        // Listed by name, whatever the results' order (B came first there).
        Assert.True(run.Out.IndexOf($"+ {ReadA.FullName}", StringComparison.Ordinal) < run.Out.IndexOf($"+ {ReadB.FullName}", StringComparison.Ordinal), run.Out);

        var store = BaselineStore.Load(Path.Combine(baselines, "ubuntu-latest", "baseline.json"));
        Assert.Equal([ReadA.FullName, ReadB.FullName], store.Benchmarks.Select(b => b.FullName));
        var provenance = Assert.Single(store.Runs);
        Assert.Equal("abc123", provenance.Commit);
        Assert.Equal("quick", provenance.Profile);
        Assert.Equal("test-runner", provenance.Runner);
        Assert.Equal(BdnJson.DefaultCpu, provenance.Cpu);
        Assert.Equal("2026-01-02T03:04:05Z", provenance.Date);
        Assert.Equal($"BenchGuard {Program.Version}", provenance.Tool);
        Assert.Contains($"stored by BenchGuard {Program.Version}", ComparerRun.Of("baseline", "show", "--baselines", baselines, "--os", "ubuntu-latest").Out, StringComparison.Ordinal);
        Assert.Equal(ReadA.Launches[0], store.Benchmarks[0].Launches[0]);
        Assert.Equal(100, store.Benchmarks[0].AllocatedBytes);
    }

    [Fact]
    public void PartialResultsReplaceTheirEntriesAndKeepEveryOther()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);

        var run = FullThenPartial(temp, baselines);
        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Contains("0 added, 1 changed, 0 unchanged, 0 removed, 2 kept", run.Out, StringComparison.Ordinal);
        Assert.Contains($"~ {ReadB.FullName}", run.Out, StringComparison.Ordinal);

        var store = BaselineStore.Load(Path.Combine(baselines, "ubuntu-latest", "baseline.json"));
        Assert.Equal(new[] { WriteC.FullName, ReadA.FullName, ReadB.FullName }.Order(StringComparer.Ordinal), store.Benchmarks.Select(b => b.FullName));
        Assert.Equal(256, store.Benchmarks.Single(b => b.FullName == ReadB.FullName).AllocatedBytes);
        Assert.Equal(["old", "new"], store.Runs.Select(r => r.Commit));
        Assert.Equal("2026-01-01T00:00:00Z old", store.Benchmarks.Single(b => b.FullName == ReadA.FullName).Run);
    }

    [Fact]
    public void PruneRemovesVanishedBenchmarksOfTheClassesThatRan()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("full"), [ReadA, ReadB]);
        BdnJson.Write(temp.Folder("full"), [WriteC], fileStem: "Demo.WriteBenchmarks");
        Assert.Equal(0, Update(temp, baselines, "full").ExitCode);
        BdnJson.Write(temp.Folder("renamed"), [ReadB]);

        var run = Update(temp, baselines, "renamed", "--prune");
        Assert.Contains($"- {ReadA.FullName}", run.Out, StringComparison.Ordinal);
        var store = BaselineStore.Load(Path.Combine(baselines, "ubuntu-latest", "baseline.json"));
        Assert.Equal(new[] { WriteC.FullName, ReadB.FullName }.Order(StringComparer.Ordinal), store.Benchmarks.Select(b => b.FullName));
    }

    [Fact]
    public void RefusesAnOsOutsideTheMatrix()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("run"), [ReadA]);
        ComparerRun.Of("baseline", "update", "--results", temp.File("run"), "--os", "macos-latest", "--baselines", baselines)
            .AssertBadInput("OS 'macos-latest' is not in the matrix (folders: ubuntu-latest, windows-latest)");
    }

    [Theory]
    [InlineData("failed", "results from a failed run")]
    [InlineData("store", "baseline update reads BenchmarkDotNet results, not a baseline store")]
    [InlineData("mixed", "results from different machines")]
    public void RefusedResultsKeepTheStore(string results, string expected)
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("good"), [ReadA]);
        Assert.Equal(0, Update(temp, baselines, "good").ExitCode);
        var file = Path.Combine(baselines, "ubuntu-latest", "baseline.json");
        var before = File.ReadAllText(file);
        BdnJson.Write(temp.Folder("failed"), [ReadA, FakeBenchmark.FailedOne("Throws")]);
        BdnJson.Write(temp.Folder("mixed", "1"), [ReadA]);
        BdnJson.Write(temp.Folder("mixed", "2"), [WriteC], cpu: "Other CPU", fileStem: "Demo.WriteBenchmarks");
        var path = results == "store" ? Path.Combine(baselines, "ubuntu-latest") : temp.File(results);

        ComparerRun.Of("baseline", "update", "--results", path, "--os", "ubuntu-latest", "--baselines", baselines).AssertBadInput(expected);

        Assert.Equal(before, File.ReadAllText(file));
    }

    [Fact]
    public void ACorruptStoreIsRefusedNotOverwritten()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        var file = Path.Combine(baselines, "ubuntu-latest", "baseline.json");
        File.WriteAllText(file, "{ broken");
        BdnJson.Write(temp.Folder("run"), [ReadA]);
        Update(temp, baselines, "run").AssertBadInput($"{file}: corrupt JSON");
        Assert.Equal("{ broken", File.ReadAllText(file));
    }

    [Fact]
    public void AFailedWriteLeavesTheOldFileIntactAndNoTemporaryFile()
    {
        using var temp = new TempFolder();
        var file = temp.File("store", "baseline.json");
        File.WriteAllText(file, "old content");

        Assert.Throws<IOException>(() => AtomicFile.Write(file, stream =>
        {
            stream.Write("half of the new con"u8);
            throw new IOException("disk full");
        }));

        Assert.Equal("old content", File.ReadAllText(file));
        Assert.Equal([file], Directory.GetFiles(Path.GetDirectoryName(file)!));
    }

    [Fact]
    public void CompareAgainstTheStoreReportsProvenanceAndVerdicts()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("run"), [ReadA, ReadB]);
        Assert.Equal(0, Update(temp, baselines, "run", "--commit", "feedbeef", "--profile", "quick", "--measured-on", "runner").ExitCode);

        var slowerA = FakeBenchmark.Of("A", 1300, 0.02, 15, seed: 7, allocated: 100);
        var moreB = ReadB with { AllocatedBytes = 201 };
        BdnJson.Write(temp.Folder("head"), [slowerA, moreB]);
        var run = ComparerRun.Of(
            "compare", "--base", Path.Combine(baselines, "ubuntu-latest"), "--diff", temp.File("head"), "--threshold", "5%",
            "--timing", "indicative", "--json", temp.File("r.json"), "--md", temp.File("r.md"), "--fail-on-regression");
        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Baseline: commit feedbeef", run.Out, StringComparison.Ordinal);

        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        var side = json.RootElement.GetProperty("base");
        Assert.Equal("baseline", side.GetProperty("kind").GetString());
        Assert.Equal("feedbeef", side.GetProperty("provenance")[0].GetProperty("commit").GetString());
        Assert.Equal("Slower", CompareVerdictTests.VerdictOf(json, slowerA.FullName));
        Assert.False(CompareVerdictTests.Benchmark(json, slowerA.FullName).GetProperty("timingFails").GetBoolean());
        Assert.True(CompareVerdictTests.Benchmark(json, ReadB.FullName).GetProperty("allocationFails").GetBoolean());
        Assert.Contains("commit feedbeef", File.ReadAllText(temp.File("r.md")), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("development-machine", "a development machine")]
    [InlineData(null, "a machine it did not record")]
    public void AllocationsAgainstAStoreMeasuredOffARunnerAreReportedButNeverFail(string? measuredOn, string place)
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("run"), [ReadA, ReadB]);
        Assert.Equal(0, Update(temp, baselines, "run", "--measured-on", measuredOn ?? "runner").ExitCode);
        var file = Path.Combine(baselines, "ubuntu-latest", "baseline.json");
        if (measuredOn is null)
        {
            // A store written before the field existed.
            var tree = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(file))!;
            Assert.True(tree["runs"]![0]!.AsObject().Remove("measuredOn"));
            File.WriteAllText(file, tree.ToJsonString());
        }

        BdnJson.Write(temp.Folder("head"), [ReadA, ReadB with { AllocatedBytes = 9000 }]);
        var run = ComparerRun.Of(
            "compare", "--base", Path.Combine(baselines, "ubuntu-latest"), "--diff", temp.File("head"), "--threshold", "5%",
            "--timing", "indicative", "--json", temp.File("r.json"), "--md", temp.File("r.md"), "--fail-on-regression");
        Assert.True(run.ExitCode == 0, run.Error);

        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        var b = CompareVerdictTests.Benchmark(json, ReadB.FullName);
        Assert.Equal("Regression", b.GetProperty("allocation").GetProperty("verdict").GetString());
        Assert.False(b.GetProperty("allocationFails").GetBoolean());
        Assert.Equal(0, json.RootElement.GetProperty("summary").GetProperty("failing").GetInt32());
        var note = json.RootElement.GetProperty("allocationGateNote").GetString()!;
        Assert.Contains($"2 of 2 compared benchmarks: they were measured on {place}, not a GitHub runner", note, StringComparison.Ordinal);
        Assert.Single(run.Out.Split('\n'), l => l.Contains(note, StringComparison.Ordinal));
        Assert.Contains(note, File.ReadAllText(temp.File("r.md")), StringComparison.Ordinal);

        // The report command says why, in section 2, and does not fail.
        var report = ComparerRun.Of("report", "--os", "ubuntu-latest", "--baseline", temp.File("r.json"), "--md", temp.File("os.md"), "--json", temp.File("os.json"), "--fail-on-regression");
        Assert.True(report.ExitCode == 0, report.Error);
        Assert.Contains($"> ℹ️ {note}", File.ReadAllText(temp.File("os.md")), StringComparison.Ordinal);
    }

    [Fact]
    public void TheAllocationGateNoteCountsOnlyTheBenchmarksBothSidesHave()
    {
        // The store has A, B and one the head no longer runs; the head has A, B and a new one: two are compared.
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        var gone = FakeBenchmark.Of("Gone", 3000, 0.02, 15, seed: 3, allocated: 300);
        var added = FakeBenchmark.Of("Added", 4000, 0.02, 15, seed: 4, allocated: 400);
        BdnJson.Write(temp.Folder("run"), [ReadA, ReadB, gone]);
        Assert.Equal(0, Update(temp, baselines, "run", "--measured-on", "development-machine").ExitCode);
        BdnJson.Write(temp.Folder("head"), [ReadA, ReadB, added]);

        var note = AllocationGateNote(temp, baselines, "head");
        Assert.Contains(" of 2 compared benchmarks: they were measured on a development machine, not", note, StringComparison.Ordinal);
    }

    [Fact]
    public void TheAllocationGateNoteNamesEachUngatedPlaceOnceInOrderAndNeverTheRunner()
    {
        // A from a run that did not record its place, B and C from a development machine, D from a runner (gated);
        // a run is told apart by its date and commit, so each update gets a date of its own.
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        var onRunner = FakeBenchmark.Of("D", 4000, 0.02, 15, seed: 4, allocated: 400);
        BdnJson.Write(temp.Folder("run1"), [ReadA]);
        Assert.Equal(0, Update(temp, baselines, "run1", "--measured-on", "development-machine", "--date", "2026-01-01T00:00:00Z").ExitCode);
        var file = Path.Combine(baselines, "ubuntu-latest", "baseline.json");
        var tree = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(file))!;
        Assert.True(tree["runs"]![0]!.AsObject().Remove("measuredOn"));
        File.WriteAllText(file, tree.ToJsonString());
        BdnJson.Write(temp.Folder("run2"), [ReadB, WriteC]);
        Assert.Equal(0, Update(temp, baselines, "run2", "--measured-on", "development-machine", "--date", "2026-01-02T00:00:00Z").ExitCode);
        BdnJson.Write(temp.Folder("run3"), [onRunner]);
        Assert.Equal(0, Update(temp, baselines, "run3", "--measured-on", "runner", "--date", "2026-01-03T00:00:00Z").ExitCode);
        BdnJson.Write(temp.Folder("head"), [ReadA, ReadB, WriteC, onRunner]);

        var note = AllocationGateNote(temp, baselines, "head");
        // The same places in the same order whatever order the store lists its benchmarks in (A sorts first here).
        Assert.Contains(
            " 3 of 4 compared benchmarks: they were measured on a development machine or a machine it did not record, not a GitHub runner",
            note,
            StringComparison.Ordinal);
    }

    [Fact]
    public void AStoreWithoutTheHarnessVersionLoadsAsUnknown()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("run"), [ReadA]);
        Assert.Equal(0, Update(temp, baselines, "run").ExitCode);
        var file = Path.Combine(baselines, "ubuntu-latest", "baseline.json");
        var tree = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(file))!;
        Assert.True(tree["runs"]![0]!.AsObject().Remove("benchmarkDotNet"));
        Assert.True(tree["runs"]![0]!.AsObject().Remove("tool"));
        File.WriteAllText(file, tree.ToJsonString());

        var run = ComparerRun.Of("compare", "--base", Path.Combine(baselines, "ubuntu-latest"), "--diff", temp.File("run"), "--threshold", "5%", "--json", temp.File("r.json"));
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.Equal("unknown vs 0.14.0", json.RootElement.GetProperty("harnessDifference").GetString());
        var show = ComparerRun.Of("baseline", "show", "--baselines", baselines, "--os", "ubuntu-latest").Out;
        Assert.Contains("BenchmarkDotNet unknown", show, StringComparison.Ordinal);
        Assert.Contains("stored by an unrecorded tool", show, StringComparison.Ordinal);
        Assert.Equal($"BenchGuard {Program.Version}", json.RootElement.GetProperty("tool").GetString());
    }

    [Fact]
    public void AnEmptyOsFolderComparesEverythingAsNew()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("head"), [ReadA]);
        var run = ComparerRun.Of("compare", "--base", Path.Combine(baselines, "windows-latest"), "--diff", temp.File("head"), "--threshold", "5%", "--json", temp.File("r.json"));
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        Assert.Equal("New", CompareVerdictTests.VerdictOf(json, ReadA.FullName));
        Assert.StartsWith("❔", json.RootElement.GetProperty("headline").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public void ShowListsCountsCommitAndEmptyStores()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        BdnJson.Write(temp.Folder("run"), [ReadA, ReadB]);
        Assert.Equal(0, Update(temp, baselines, "run", "--commit", "c0ffee", "--profile", "full").ExitCode);

        var show = ComparerRun.Of("baseline", "show", "--baselines", baselines);
        Assert.Equal(0, show.ExitCode);
        Assert.Contains("ubuntu-latest: 2 benchmarks in 1 classes", show.Out, StringComparison.Ordinal);
        Assert.Contains("from commit c0ffee", show.Out, StringComparison.Ordinal);
        Assert.Contains("less than a day old", show.Out, StringComparison.Ordinal);
        Assert.Contains("windows-latest: empty", show.Out, StringComparison.Ordinal);
        ComparerRun.Of("baseline", "show", "--baselines", baselines, "--os", "plan9").AssertBadInput("not in the matrix");
    }

    [Fact]
    public void AnUpdateCountsAnEntryChangedWhenAnyLaunchsValuesMovedAndUnchangedOnlyWhenAllAreEqual()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        var twoLaunches = ReadA with { Launches = [FakeBenchmark.Samples(1000, 0.02, 15, 1), FakeBenchmark.Samples(1000, 0.02, 15, 2)] };
        BdnJson.Write(temp.Folder("first"), [twoLaunches, ReadB]);
        Assert.Equal(0, Update(temp, baselines, "first").ExitCode);

        var again = Update(temp, baselines, "first");
        Assert.True(again.ExitCode == 0, again.Error);
        Assert.Contains("0 added, 0 changed, 2 unchanged, 0 removed, 0 kept", again.Out, StringComparison.Ordinal);

        // The first launch and the allocations as before; only the second launch's values moved.
        var secondMoved = twoLaunches with { Launches = [twoLaunches.Launches[0], FakeBenchmark.Samples(1000, 0.02, 15, 3)] };
        BdnJson.Write(temp.Folder("second"), [secondMoved, ReadB]);
        var moved = Update(temp, baselines, "second");
        Assert.True(moved.ExitCode == 0, moved.Error);
        Assert.Contains("0 added, 1 changed, 1 unchanged, 0 removed, 0 kept", moved.Out, StringComparison.Ordinal);
        Assert.Contains($"~ {ReadA.FullName}", moved.Out, StringComparison.Ordinal);
        Assert.DoesNotContain($"~ {ReadB.FullName}", moved.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void ShowCountsEachRunsEntriesAndEachClassByName()
    {
        using var temp = new TempFolder();
        var baselines = Matrix(temp);
        Assert.Equal(0, FullThenPartial(temp, baselines).ExitCode);

        var show = ComparerRun.Of("baseline", "show", "--baselines", baselines);

        Assert.True(show.ExitCode == 0, show.Error);
        Assert.Contains("  2 from commit old (", show.Out, StringComparison.Ordinal);
        Assert.Contains("  1 from commit new (", show.Out, StringComparison.Ordinal);
        var read = show.Out.IndexOf("  Demo.ReadBenchmarks: 2\n", StringComparison.Ordinal);
        var write = show.Out.IndexOf("  Demo.WriteBenchmarks: 1\n", StringComparison.Ordinal);
        Assert.True(read >= 0 && write > read, show.Out);
        // An empty store says so, and nothing more.
        Assert.Contains("windows-latest: empty", show.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("windows-latest: 0", show.Out, StringComparison.Ordinal);
    }

    // Compares the results in folder head with the ubuntu-latest store and returns the report's allocation-gate note.
    private static string AllocationGateNote(TempFolder temp, string baselines, string head)
    {
        var run = ComparerRun.Of(
            "compare", "--base", Path.Combine(baselines, "ubuntu-latest"), "--diff", temp.File(head), "--threshold", "5%",
            "--timing", "indicative", "--json", temp.File("r.json"));
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(temp.File("r.json")));
        return json.RootElement.GetProperty("allocationGateNote").GetString()!;
    }

    private static string Matrix(TempFolder temp)
    {
        temp.Folder("baselines", "ubuntu-latest");
        temp.Folder("baselines", "windows-latest");
        return temp.File("baselines");
    }

    // A, B and C stored from commit "old", then B alone (256 B now) from commit "new"; returns the second update.
    private static ComparerRun FullThenPartial(TempFolder temp, string baselines)
    {
        BdnJson.Write(temp.Folder("full"), [ReadA, ReadB]);
        BdnJson.Write(temp.Folder("full"), [WriteC], fileStem: "Demo.WriteBenchmarks");
        Assert.Equal(0, Update(temp, baselines, "full", "--commit", "old", "--date", "2026-01-01T00:00:00Z").ExitCode);
        BdnJson.Write(temp.Folder("partial"), [ReadB with { AllocatedBytes = 256 }]);
        return Update(temp, baselines, "partial", "--commit", "new", "--date", "2026-02-01T00:00:00Z");
    }

    private static ComparerRun Update(TempFolder temp, string baselines, string results, params string[] extra) =>
        ComparerRun.Of(["baseline", "update", "--results", temp.File(results), "--os", "ubuntu-latest", "--baselines", baselines, .. extra]);
}
