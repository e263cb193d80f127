using BenchGuard.Baselines;
using BenchGuard.Configuration;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Baselines;

/// <summary>
/// The store file itself: what <see cref="BaselineStore.Load"/> refuses (each a store a comparison must not trust),
/// what a save writes and reads back, which paths are stores, and the store as one side of a comparison.
/// </summary>
public sealed class BaselineStoreFileTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Fact]
    public void ASavedStoreReadsBackSortedAndEqual()
    {
        var file = this.temp.File("baseline.json");
        var document = new BaselineDocument(BaselineDocument.CurrentFormat, "ubuntu-latest", [Run("r2"), Run("r1")], [Entry("B.Second", "r2"), Entry("A.First", "r1", allocated: null)]);

        BaselineStore.Save(file, document);
        var loaded = BaselineStore.Load(file);

        Assert.Equal(["r1", "r2"], loaded.Runs.Select(r => r.Id));
        Assert.Equal(["A.First", "B.Second"], loaded.Benchmarks.Select(b => b.FullName));
        Assert.Null(loaded.Benchmarks[0].AllocatedBytes);
        Assert.Equal(document.Benchmarks[0].Launches.SelectMany(l => l), loaded.Benchmarks[1].Launches.SelectMany(l => l));
        Assert.EndsWith("}\n", File.ReadAllText(file), StringComparison.Ordinal);
        // Written once through a temporary file that is gone.
        Assert.Equal(["baseline.json"], Directory.GetFiles(this.temp.Path).Select(Path.GetFileName));
    }

    [Fact]
    public void TimesOfZeroAndAtTheLimitAndNoBytesAreData()
    {
        var file = this.temp.File("baseline.json");
        BaselineStore.Save(file, Store([Entry("A.Zero", "r1", launches: [[0, Results.BdnReportFile.MaxNanoseconds]], allocated: 0)]));

        Assert.Equal(0, BaselineStore.Load(file).Benchmarks.Single().AllocatedBytes);
    }

    [Theory]
    [InlineData("format")]
    [InlineData("duplicate benchmark")]
    [InlineData("duplicate run")]
    [InlineData("empty name")]
    [InlineData("blank name")]
    [InlineData("unknown run")]
    [InlineData("negative bytes")]
    [InlineData("negative time")]
    [InlineData("time past the limit")]
    public void AStoreACompareCouldNotTrustIsRefused(string damage)
    {
        var file = this.temp.File("baseline.json");
        var good = Store([Entry("A.First", "r1"), Entry("A.Second", "r1")]);
        var bad = damage switch
        {
            "format" => good with { Format = "filepipes-baseline/2" },
            "duplicate benchmark" => good with { Benchmarks = [Entry("A.First", "r1"), Entry("A.First", "r1")] },
            "duplicate run" => good with { Runs = [Run("r1"), Run("r1")] },
            "empty name" => good with { Benchmarks = [Entry(string.Empty, "r1")] },
            "blank name" => good with { Benchmarks = [Entry("  ", "r1")] },
            "unknown run" => good with { Benchmarks = [Entry("A.First", "r9")] },
            "negative bytes" => good with { Benchmarks = [Entry("A.First", "r1", allocated: -1)] },
            "negative time" => good with { Benchmarks = [Entry("A.First", "r1", launches: [[1, -0.5]])] },
            _ => good with { Benchmarks = [Entry("A.First", "r1", launches: [[1], [Results.BdnReportFile.MaxNanoseconds * 1.01]])] },
        };
        BaselineStore.Save(file, bad);

        var error = Assert.Throws<InputException>(() => BaselineStore.Load(file));
        Assert.StartsWith(file + ": ", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AStoreIsItsFileOrAFolderHoldingItOrAnEmptyOsFolderUnderBaselines()
    {
        var store = this.temp.Folder("baselines", "ubuntu-latest");
        var empty = this.temp.Folder("baselines", "windows-latest");
        var results = this.temp.Folder("results");
        BdnJson.Write(results, [FakeBenchmark.Of("Read", 100, 0.02, 5, 1)]);
        BaselineStore.Save(Path.Combine(store, BaselineStore.FileName), Store([Entry("A.First", "r1")]));
        var notUnderBaselines = this.temp.Folder("elsewhere", "ubuntu-latest");
        var exportsUnderBaselines = this.temp.Folder("baselines", "exports");
        BdnJson.Write(exportsUnderBaselines, [FakeBenchmark.Of("Read", 100, 0.02, 5, 1)]);

        Assert.True(BaselineStore.IsStore(store));
        Assert.True(BaselineStore.IsStore(store + Path.DirectorySeparatorChar));
        Assert.True(BaselineStore.IsStore(Path.Combine(store, BaselineStore.FileName)));
        Assert.True(BaselineStore.IsStore(empty));
        Assert.True(BaselineStore.IsStore(empty + Path.DirectorySeparatorChar));
        Assert.False(BaselineStore.IsStore(results));
        Assert.False(BaselineStore.IsStore(notUnderBaselines));
        Assert.False(BaselineStore.IsStore(exportsUnderBaselines));
        Assert.False(BaselineStore.IsStore(Directory.GetFiles(results, "*.json", SearchOption.AllDirectories)[0]));
    }

    [Fact]
    public void InARepositoryWithAConfigurationTheEmptyOsFolderIsTheOneInItsBaselinesFolder()
    {
        File.WriteAllText(this.temp.File(GuardConfiguration.FileName), """{ "benchmarkProject": "b/B.csproj", "baselines": "perf/stores" }""");
        var configured = this.temp.Folder("perf", "stores", "ubuntu-latest");
        var defaultName = this.temp.Folder("baselines", "ubuntu-latest");
        var nested = this.temp.Folder("perf", "stores", "ubuntu-latest", "deeper");

        Assert.True(BaselineStore.IsStore(configured));
        Assert.True(BaselineStore.IsStore(configured + Path.DirectorySeparatorChar));
        Assert.False(BaselineStore.IsStore(defaultName));
        Assert.False(BaselineStore.IsStore(nested));
    }

    [Fact]
    public void AFolderWithoutItsFileLoadsAsTheEmptyStoreOfItsOs()
    {
        var folder = this.temp.Folder("baselines", "macos-latest");

        var loaded = BaselineStore.LoadOrEmpty(folder, "macos-latest");

        Assert.Equal((BaselineDocument.CurrentFormat, "macos-latest"), (loaded.Format, loaded.Os));
        Assert.Empty(loaded.Benchmarks);
        Assert.Empty(loaded.Runs);
        Assert.Equal(Path.Combine(folder, BaselineStore.FileName), BaselineStore.FileOf(folder));
        Assert.Equal(this.temp.File("x.json"), BaselineStore.FileOf(this.temp.File("x.json")));
    }

    [Fact]
    public void AsOneSideEachEntryKeepsItsLaunchesMeanBytesAndRun()
    {
        var document = Store([Entry("A.First", "r1", launches: [[10, 20], [30]], allocated: 96)], Run("r1"), Run("r2", cpu: "Other CPU"));

        var side = BaselineStore.ToResultSet("baselines/ubuntu-latest", "baseline.json", document);

        var result = side.Benchmarks["A.First"];
        Assert.Equal([10.0, 20, 30], result.Values);
        Assert.Equal([1, 2], result.Launches.Select(l => l.LaunchIndex));
        Assert.Equal([30.0], result.Launches[1].Values);
        Assert.Equal(20, result.Mean);
        Assert.Equal(96, result.AllocatedBytes);
        Assert.Equal("r1", result.StoredRun!.Id);
        Assert.Equal("Test CPU", side.Environment!.ProcessorName);
        // Runs on two machines: the side says how they differ.
        Assert.Equal(["CPU: Test CPU vs Other CPU"], side.MixedEnvironments);
    }

    [Fact]
    public void AnEmptyStoreIsASideWithoutEnvironmentOrBenchmarks()
    {
        var side = BaselineStore.ToResultSet("s", "f", BaselineDocument.Empty("ubuntu-latest"));

        Assert.Empty(side.Benchmarks);
        Assert.Null(side.Environment);
        Assert.Empty(side.MixedEnvironments);
    }

    [Fact]
    public void AnEntryWithoutLaunchesHasNoMean() =>
        Assert.Null(BaselineStore.ToResultSet("s", "f", Store([Entry("A.First", "r1", launches: [])])).Benchmarks["A.First"].Mean);

    [Theory]
    [InlineData(null, "unknown")]
    [InlineData("", "unknown")]
    [InlineData("0.15.8", "0.15.8")]
    public void TheHarnessIsWhatTheRunRecordedOrUnknown(string? recorded, string expected) =>
        Assert.Equal(expected, BaselineStore.EnvironmentOf(Run("r1") with { BenchmarkDotNet = recorded }).BenchmarkDotNetVersion);

    [Fact]
    public void TheMatrixIsTheSortedOsFoldersLeavingOutHiddenOnes()
    {
        var baselines = this.temp.Folder("baselines");
        foreach (var os in new[] { "windows-latest", ".git", "ubuntu-latest", "macos-latest" })
        {
            this.temp.Folder("baselines", os);
        }

        File.WriteAllText(this.temp.File("baselines", "README.md"), "not an OS");

        Assert.Equal(["macos-latest", "ubuntu-latest", "windows-latest"], BaselineMatrix.OsNames(baselines));
        Assert.Equal(Path.Combine(baselines, "ubuntu-latest"), BaselineMatrix.FolderOf(baselines, "ubuntu-latest"));
        Assert.Throws<InputException>(() => BaselineMatrix.FolderOf(baselines, ".git"));
        Assert.Throws<InputException>(() => BaselineMatrix.FolderOf(baselines, "Ubuntu-latest"));
        Assert.Throws<InputException>(() => BaselineMatrix.OsNames(this.temp.File("none")));
    }

    public void Dispose() => this.temp.Dispose();

    private static BaselineDocument Store(IReadOnlyList<BaselineEntry> entries, params BaselineRun[] runs) =>
        new(BaselineDocument.CurrentFormat, "ubuntu-latest", runs.Length > 0 ? runs : [Run("r1")], entries);

    private static BaselineRun Run(string id, string cpu = "Test CPU") =>
        new(id, "0123456789abcdef", "2026-11-01T10:00:00Z", "runner", "Ubuntu 24.04", cpu, ".NET 10.0.0", "X64", 4, "quick", "0.14.0", MeasuredOn.Runner);

    private static BaselineEntry Entry(string name, string run, IReadOnlyList<IReadOnlyList<double>>? launches = null, long? allocated = 120) =>
        new(name, "A", run, "Job", allocated, launches ?? [[100, 110], [105]]);
}
