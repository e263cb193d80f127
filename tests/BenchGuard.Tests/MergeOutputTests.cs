using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// What a merge says and where it writes: one line on stdout with the count of launches and files, a second merge
/// into the same folder replacing the first, and a file it cannot create (its temporary name too long for the file
/// system) refused as bad input with the folder it made taken back.
/// </summary>
public sealed class MergeOutputTests
{
    [Fact]
    public void AMergeSaysHowManyLaunchesAndFilesItWroteAndASecondOneReplacesTheFirst()
    {
        using var temp = new TempFolder();
        foreach (var (round, seed) in new[] { ("r1", 1), ("r2", 2), ("r3", 3) })
        {
            BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000 * seed, 0.02, 5, seed)]);
        }

        var output = temp.File("out");
        var first = ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", output);
        Assert.True(first.ExitCode == 0, first.Error);
        Assert.Equal($"merge: 2 launches into 1 files in {output}", first.Out.TrimEnd());

        var again = ComparerRun.Of("merge", "--inputs", temp.File("r2"), temp.File("r3"), temp.File("r1"), "--out", output);
        Assert.True(again.ExitCode == 0, again.Error);
        var merged = File.ReadAllText(Path.Combine(output, "Demo.ReadBenchmarks-report-full.json"));
        Assert.Contains("-merged-3-launches", merged, StringComparison.Ordinal);
        Assert.Single(Directory.GetFileSystemEntries(output));
    }

    [Fact]
    public void AFileThatCannotBeCreatedIsBadInputAndTheFolderTheMergeMadeIsTakenBack()
    {
        // Two classes; the second's name has 230 characters: its export's name (247) fits a file system's 255, the
        // merge's temporary name (268) does not. The first class's temporary file is written, then taken back.
        using var temp = new TempFolder();
        foreach (var round in new[] { "r1", "r2" })
        {
            BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length)], fileStem: "Demo.AReadBenchmarks");
            BdnJson.Write(temp.Folder(round), [FakeBenchmark.Of("Read", 1000, 0.02, 5, round.Length)], fileStem: "Demo." + new string('R', 225));
        }

        var made = Path.Combine(temp.Path, "out");
        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", made).AssertBadInput($"{made}: cannot write");
        Assert.False(Directory.Exists(made));

        var existing = temp.Folder("existing");
        ComparerRun.Of("merge", "--inputs", temp.File("r1"), temp.File("r2"), "--out", existing).AssertBadInput($"{existing}: cannot write");
        Assert.True(Directory.Exists(existing));
        Assert.Empty(Directory.EnumerateFileSystemEntries(existing));
    }
}
