using BenchGuard.Results;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Exports;

/// <summary>
/// One side of a comparison as the loader builds it: every benchmark of every export below a folder, the first
/// file's environment, each difference of a later file listed once, and a store folder read as a store.
/// </summary>
public sealed class ResultSetLoaderTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Fact]
    public void EveryExportBelowAFolderIsOneSideWithTheFirstFilesEnvironment()
    {
        var side = this.temp.Folder("side");
        BdnJson.Write(this.temp.Folder("side", "1"), [FakeBenchmark.Of("Read", 100, 0.02, 5, 1)], fileStem: "Demo.ReadBenchmarks");
        BdnJson.Write(this.temp.Folder("side", "2"), [FakeBenchmark.Of("Write", 100, 0.02, 5, 2, type: "Demo.WriteBenchmarks")], cpu: "Other CPU", fileStem: "Demo.WriteBenchmarks");
        BdnJson.Write(this.temp.Folder("side", "3"), [FakeBenchmark.Of("Copy", 100, 0.02, 5, 3, type: "Demo.CopyBenchmarks")], cpu: "Other CPU", fileStem: "Demo.CopyBenchmarks");

        var loaded = ResultSetLoader.Load(side);

        Assert.Equal(side, loaded.Source);
        Assert.Equal(["Demo.CopyBenchmarks.Copy", "Demo.ReadBenchmarks.Read", "Demo.WriteBenchmarks.Write"], loaded.Benchmarks.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(BdnJson.DefaultCpu, loaded.Environment!.ProcessorName);
        // Two later files on the other CPU: the difference is listed once.
        Assert.Equal([$"CPU: {BdnJson.DefaultCpu} vs Other CPU"], loaded.MixedEnvironments);
        Assert.False(loaded.IsBaseline);
    }

    [Fact]
    public void OneMachineThroughoutHasNoMixedEnvironment()
    {
        BdnJson.Write(this.temp.Folder("side", "1"), [FakeBenchmark.Of("Read", 100, 0.02, 5, 1)], fileStem: "Demo.ReadBenchmarks");
        BdnJson.Write(this.temp.Folder("side", "2"), [FakeBenchmark.Of("Write", 100, 0.02, 5, 2, type: "Demo.WriteBenchmarks")], fileStem: "Demo.WriteBenchmarks");

        Assert.Empty(ResultSetLoader.Load(this.temp.File("side")).MixedEnvironments);
    }

    [Fact]
    public void AnEmptyStoreFolderIsReadAsAStoreEvenWithATrailingSeparator()
    {
        var store = this.temp.Folder("baselines", "ubuntu-latest");

        var loaded = ResultSetLoader.Load(store + Path.DirectorySeparatorChar);

        Assert.True(loaded.IsBaseline);
        Assert.Empty(loaded.Benchmarks);
    }

    [Fact]
    public void AStoreFileThatIsNotThereIsRefused()
    {
        var missing = this.temp.File("baselines", "ubuntu-latest", "baseline.json");

        Assert.StartsWith(missing + ": ", Assert.Throws<InputException>(() => ResultSetLoader.Load(missing)).Message, StringComparison.Ordinal);
    }

    public void Dispose() => this.temp.Dispose();
}
