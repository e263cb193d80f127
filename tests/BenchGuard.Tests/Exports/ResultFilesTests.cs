using BenchGuard.Results;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Exports;

/// <summary>
/// Which files a side is read from: a file as given, or the exports below a folder (full ones, and compressed ones
/// without a full twin), in a stable order; and the class key both exports of one class share.
/// </summary>
public sealed class ResultFilesTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Theory]
    [InlineData("/r/Demo.ReadBenchmarks-report-full.json", "Demo.ReadBenchmarks")]
    [InlineData("/r/Demo.ReadBenchmarks-report-full-compressed.json", "Demo.ReadBenchmarks")]
    [InlineData("/r/merged.json", "merged")]
    [InlineData("Demo-report-full.json", "Demo")]
    public void BothExportsOfAClassShareItsKey(string file, string key) =>
        Assert.Equal(key, ResultFiles.ClassKey(file));

    [Fact]
    public void AFileIsReadAsGivenWhateverItsName()
    {
        var file = this.temp.File("anything.txt");
        File.WriteAllText(file, "{}");

        Assert.Equal([file], ResultFiles.Find(file));
    }

    [Fact]
    public void AFolderGivesItsExportsSortedWithoutTheCompressedTwinOfAFullOne()
    {
        var root = this.temp.Folder("results");
        foreach (var name in new[]
        {
            "b/Z-report-full.json",
            "b/Z-report-full-compressed.json",
            "a/Y-report-full-compressed.json",
            "a/X-report-full.json",
            "a/X-report.json",
            "a/notes.json",
            "a/X-report-full.json.bak",
        })
        {
            var path = Path.Combine(root, name);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, "{}");
        }

        Assert.Equal(
            [Path.Combine(root, "a", "X-report-full.json"), Path.Combine(root, "a", "Y-report-full-compressed.json"), Path.Combine(root, "b", "Z-report-full.json")],
            ResultFiles.Find(root));
    }

    [Fact]
    public void AFolderWithoutExportsAndAPathThatIsNotThereAreRefused()
    {
        var empty = this.temp.Folder("empty");
        File.WriteAllText(Path.Combine(empty, "notes.json"), "{}");

        Assert.StartsWith(empty + ": ", Assert.Throws<InputException>(() => ResultFiles.Find(empty)).Message, StringComparison.Ordinal);
        var missing = this.temp.File("missing");
        Assert.StartsWith(missing + ": ", Assert.Throws<InputException>(() => ResultFiles.Find(missing)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void JsonFilesBelowAFolderAreFoundAtEveryDepth()
    {
        var root = this.temp.Folder("deep");
        File.WriteAllText(Path.Combine(this.temp.Folder("deep", "1", "2", "3"), "x.json"), "{}");
        File.WriteAllText(Path.Combine(this.temp.Folder("deep", "1"), "y.json"), "{}");
        File.WriteAllText(Path.Combine(this.temp.Folder("deep", "1"), "y.JSON.txt"), "{}");

        Assert.Equal(
            [Path.Combine(root, "1", "2", "3", "x.json"), Path.Combine(root, "1", "y.json")],
            ResultFiles.JsonFilesBelow(root).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void ALinkToAFolderIsNotEnteredButALinkToAFileIsRead()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // Symbolic links need a privilege there.
        }

        var root = this.temp.Folder("linked");
        var elsewhere = this.temp.Folder("elsewhere");
        File.WriteAllText(Path.Combine(elsewhere, "A-report-full.json"), "{}");
        Directory.CreateSymbolicLink(Path.Combine(root, "other"), elsewhere);
        File.CreateSymbolicLink(Path.Combine(root, "B-report-full.json"), Path.Combine(elsewhere, "A-report-full.json"));

        Assert.Equal([Path.Combine(root, "B-report-full.json")], ResultFiles.Find(root));
    }

    public void Dispose() => this.temp.Dispose();
}
