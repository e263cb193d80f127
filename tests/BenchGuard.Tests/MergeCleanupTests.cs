using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// A merge that fails part-way takes back what it wrote: no temporary file stays behind, an output folder the merge
/// made is removed, one that was there before is kept as it was, and the failure is one line with exit 2.
/// </summary>
public sealed class MergeCleanupTests
{
    [Fact]
    public void AMergeRefusedAtItsSecondClassLeavesNoFolderItMade()
    {
        using var temp = new TempFolder();
        var bad = WriteTwoClassesTheSecondBroken(temp);
        var output = Path.Combine(temp.Path, "out");

        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", output)
            .AssertBadInput($"{bad}: duplicate FullName");

        Assert.False(Directory.Exists(output), "the merge made the folder, so a failed merge removes it");
    }

    [Fact]
    public void AMergeRefusedAtItsSecondClassKeepsAFolderThatWasThereAndWhatItHeld()
    {
        using var temp = new TempFolder();
        WriteTwoClassesTheSecondBroken(temp);
        var empty = temp.Folder("empty");
        var held = temp.Folder("held");
        var earlier = Path.Combine(held, "Demo.AReadBenchmarks-report-full.json");
        File.WriteAllText(earlier, "an earlier merge");

        foreach (var output in new[] { empty, held })
        {
            var run = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", output);
            Assert.Equal(2, run.ExitCode);
        }

        Assert.Empty(Directory.EnumerateFileSystemEntries(empty));
        Assert.Equal([earlier], Directory.GetFileSystemEntries(held));
        Assert.Equal("an earlier merge", File.ReadAllText(earlier));
    }

    [Fact]
    public void AnOutputThatCannotBeWrittenIsBadInputAndLeavesNoTemporaryFile()
    {
        // A folder where the second class's merged file must go: the rename onto it fails after both were written.
        using var temp = new TempFolder();
        foreach (var round in new[] { "r1", "r2" })
        {
            BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length, type: "Demo.AReadBenchmarks")], fileStem: "Demo.AReadBenchmarks");
            BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length, type: "Demo.BReadBenchmarks")], fileStem: "Demo.BReadBenchmarks");
        }

        var output = temp.Folder("out");
        var blocker = temp.Folder("out", "Demo.BReadBenchmarks-report-full.json");
        File.WriteAllText(Path.Combine(blocker, "inside"), "x");

        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", output)
            .AssertBadInput($"{output}: cannot write");

        Assert.DoesNotContain(Directory.GetFileSystemEntries(output), e => e.EndsWith(".tmp", StringComparison.Ordinal));
        Assert.True(Directory.Exists(blocker));
    }

    [Fact]
    public void AnOutputPathThatIsAFileIsBadInput()
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("r1"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        var file = temp.File("out");
        File.WriteAllText(file, "a file, not a folder");

        ComparerRun.Of("merge", "--inputs", temp.File("r1"), "--out", file).AssertBadInput($"{file}: cannot write");
        Assert.Equal("a file, not a folder", File.ReadAllText(file));
    }

    [Fact]
    public void AMergeLargerThanAnInputMayBeIsRefusedAndWritesNothing()
    {
        // The limit is the one every later step reads the merge with; the test's limit is the merged file's own size.
        using var temp = new TempFolder();
        foreach (var round in new[] { "r1", "r2" })
        {
            BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length, type: "Demo.AReadBenchmarks")], fileStem: "Demo.AReadBenchmarks");
        }

        string[] inputs = [temp.File("r1"), temp.File("r2")];
        var exact = temp.Folder("exact");
        Assert.Equal(1, BenchGuard.Commands.MergeCommand.Merge(inputs, exact, TextWriter.Null));
        var merged = Assert.Single(Directory.GetFiles(exact));
        var size = new FileInfo(merged).Length;

        // At the limit, the merge is written.
        var atLimit = Path.Combine(temp.Path, "at-limit");
        Assert.Equal(1, BenchGuard.Commands.MergeCommand.Merge(inputs, atLimit, TextWriter.Null, size));
        Assert.Equal(File.ReadAllBytes(merged), File.ReadAllBytes(Path.Combine(atLimit, Path.GetFileName(merged))));

        // One byte over: refused, a folder the merge made is gone, and one that held an earlier merge still holds it.
        var made = Path.Combine(temp.Path, "made");
        Assert.Throws<InputException>(() => BenchGuard.Commands.MergeCommand.Merge(inputs, made, TextWriter.Null, size - 1));
        Assert.False(Directory.Exists(made));
        var held = temp.Folder("held");
        var earlier = Path.Combine(held, Path.GetFileName(merged));
        File.WriteAllText(earlier, "an earlier merge");
        Assert.Throws<InputException>(() => BenchGuard.Commands.MergeCommand.Merge(inputs, held, TextWriter.Null, size - 1));
        Assert.Equal([earlier], Directory.GetFileSystemEntries(held));
        Assert.Equal("an earlier merge", File.ReadAllText(earlier));
    }

    // Class A merges; class B has one FullName twice in its first launch. Returns that launch's file.
    private static string WriteTwoClassesTheSecondBroken(TempFolder temp)
    {
        var a = FakeBenchmark.Of("Read", 1000, 0.02, 5, 1, type: "Demo.AReadBenchmarks");
        var b = FakeBenchmark.Of("Read", 1000, 0.02, 5, 2, type: "Demo.BReadBenchmarks");
        BdnJson.Write(temp.Folder("r1"), [a], fileStem: "Demo.AReadBenchmarks");
        var bad = BdnJson.Write(temp.Folder("r1"), [b, b], fileStem: "Demo.BReadBenchmarks");
        BdnJson.Write(temp.Folder("r2"), [a], fileStem: "Demo.AReadBenchmarks");
        BdnJson.Write(temp.Folder("r2"), [b], fileStem: "Demo.BReadBenchmarks");
        return bad;
    }
}
