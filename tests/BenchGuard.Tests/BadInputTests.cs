using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>Every bad input exits 2 with one line on stderr naming the file and the problem, never a stack trace.</summary>
public sealed class BadInputTests
{
    [Fact]
    public void MissingPath()
    {
        using var temp = new TempFolder();
        var good = Good(temp);
        var missing = Path.Combine(temp.Path, "nope");
        Run(missing, good).AssertBadInput($"{missing}: no such file or folder");
        Run(good, missing).AssertBadInput($"{missing}: no such file or folder");
    }

    [Fact]
    public void UnreadableFile()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // Symbolic links need privileges there; the same code path is covered by the corrupt-file cases.
        }

        using var temp = new TempFolder();
        var folder = temp.Folder("broken");
        var link = Path.Combine(folder, "Demo-report-full.json");
        File.CreateSymbolicLink(link, Path.Combine(temp.Path, "target-that-does-not-exist"));
        Run(Good(temp), folder).AssertBadInput($"{link}: cannot read");
    }

    [Fact]
    public void EmptyFolder()
    {
        using var temp = new TempFolder();
        var empty = temp.Folder("empty");
        File.WriteAllText(Path.Combine(empty, "notes.txt"), "not a result");
        Run(Good(temp), empty).AssertBadInput($"{empty}: no *-report-full.json");
    }

    [Fact]
    public void CorruptJson()
    {
        using var temp = new TempFolder();
        var file = temp.File("corrupt", "Demo-report-full.json");
        File.WriteAllText(file, "{ \"Benchmarks\": [ {\"FullName\": ");
        Run(Good(temp), file).AssertBadInput($"{file}: corrupt JSON");
    }

    [Theory]
    [InlineData("{\"foo\": 1}")]
    [InlineData("[1, 2, 3]")]
    [InlineData("{\"HostEnvironmentInfo\": {}, \"Benchmarks\": [{\"Method\": \"NoFullName\"}]}")]
    public void JsonThatIsNotABenchmarkDotNetExport(string content)
    {
        using var temp = new TempFolder();
        var file = temp.File("other", "Demo-report-full.json");
        File.WriteAllText(file, content);
        Run(Good(temp), file).AssertBadInput($"{file}: not a BenchmarkDotNet JSON export");
    }

    [Fact]
    public void DuplicateFullNameInOneFile()
    {
        using var temp = new TempFolder();
        var one = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1);
        var file = BdnJson.Write(temp.Folder("dup"), [one, one]);
        Run(Good(temp), temp.File("dup")).AssertBadInput($"{file}: duplicate FullName '{one.FullName}'");
    }

    [Fact]
    public void DuplicateFullNameAcrossFiles()
    {
        using var temp = new TempFolder();
        var one = FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1);
        BdnJson.Write(temp.Folder("dup", "run1"), [one]);
        var second = BdnJson.Write(temp.Folder("dup", "run2"), [one]);
        Run(Good(temp), temp.File("dup")).AssertBadInput($"{second}: duplicate FullName '{one.FullName}', also in");
    }

    [Theory]
    [InlineData("--threshold", "five percent")]
    [InlineData("--threshold", "-5%")]
    [InlineData("--noise", "abc")]
    [InlineData("--threshold", "1B")]
    [InlineData("--noise", "1Hz")]
    [InlineData("--threshold", "5")]
    [InlineData("--alloc-threshold", "lots")]
    [InlineData("--alloc-threshold", "-1B")]
    [InlineData("--fail-threshold", "x%")]
    [InlineData("--top", "0")]
    [InlineData("--timing", "sometimes")]
    public void InvalidOptionValues(string option, string value)
    {
        using var temp = new TempFolder();
        var good = Good(temp);
        var args = new List<string> { "compare", "--base", good, "--diff", good };
        if (option != "--threshold")
        {
            args.AddRange(["--threshold", "5%"]);
        }

        args.AddRange([option, value]);
        ComparerRun.Of([.. args]).AssertBadInput(value);
    }

    [Fact]
    public void UsageErrors()
    {
        ComparerRun.Of().AssertBadInput("error: Required command was not provided. (see benchguard --help)");
        ComparerRun.Of("frobnicate").AssertBadInput("error: Unrecognized command or argument 'frobnicate'. (see benchguard --help)");
        ComparerRun.Of("compare", "--base", "x", "--diff", "y", "--threshold", "5%", "--bogus").AssertBadInput("Unrecognized command or argument '--bogus'");
        ComparerRun.Of("compare", "--base", "x", "--diff", "y").AssertBadInput("--threshold is required");
        ComparerRun.Of("compare", "--base", "--diff", "y", "--threshold", "5%").AssertBadInput("Required argument missing for option: '--base'");
        ComparerRun.Of("compare", "--base", "x", "y", "--threshold", "5%").AssertBadInput("Unrecognized command or argument 'y'");
        ComparerRun.Of("compare", "--base", "x", "--base", "y", "--threshold", "5%").AssertBadInput("Option '--base' expects a single argument but 2 were provided");
    }

    // Every command the workflows and the README name reaches its own option parsing: an option it does not take is
    // its own usage error, which points to that command's help.
    [Theory]
    [InlineData("compare")]
    [InlineData("export-trend")]
    [InlineData("baseline")]
    [InlineData("merge")]
    [InlineData("report")]
    [InlineData("pr-report")]
    [InlineData("trials")]
    [InlineData("counters")]
    public void EachCommandIsDispatchedToItsOwnParser(string command)
    {
        var run = ComparerRun.Of(command, "--no-such-option");

        run.AssertBadInput($"error: Unrecognized command or argument '--no-such-option'. (see benchguard {command} --help)");
    }

    [Fact]
    public void AnUnknownCommandPointsToTheHelpThatListsEveryCommand()
    {
        ComparerRun.Of("frobnicate").AssertBadInput("(see benchguard --help)");
        var help = ComparerRun.Of("--help");

        Assert.Equal(0, help.ExitCode);
        foreach (var command in new[] { "compare", "export-trend", "baseline", "merge", "report", "pr-report", "trials", "counters", "setup-check", "policy", "change-points" })
        {
            Assert.Contains($"\n  {command} ", help.Out.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("one\ntwo", "one two")]
    [InlineData("  one \r\n\r\n  two\r three  ", "one two three")]
    [InlineData("one", "one")]
    public void AMessageOfManyLinesIsOneLine(string text, string expected) =>
        Assert.Equal(expected, InputException.OneLine(text));

    private static string Good(TempFolder temp)
    {
        var folder = Path.Combine(temp.Path, "good");
        if (!Directory.Exists(folder))
        {
            BdnJson.Write(folder, [FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: 1)]);
        }

        return folder;
    }

    private static ComparerRun Run(string baseSide, string diffSide) =>
        ComparerRun.Of("compare", "--base", baseSide, "--diff", diffSide, "--threshold", "5%");
}
