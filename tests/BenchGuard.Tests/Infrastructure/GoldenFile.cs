using System.Runtime.CompilerServices;

namespace BenchGuard.Tests.Infrastructure;

/// <summary>
/// Compares text with a file under <c>Golden/</c>, line endings normalised. Run with <c>UPDATE_GOLDEN=1</c> to
/// rewrite the golden file in the source tree after a deliberate change (then review the diff).
/// </summary>
internal static class GoldenFile
{
    public static void AssertMatches(string name, string actual, [CallerFilePath] string callerPath = "")
    {
        var normalised = Normalise(actual);
        if (Environment.GetEnvironmentVariable("UPDATE_GOLDEN") == "1")
        {
            var source = Path.Combine(FindProjectFolder(callerPath), "Golden", name);
            File.WriteAllText(source, normalised);
            return;
        }

        var expected = Normalise(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Golden", name)));
        Assert.Equal(expected, normalised);
    }

    /// <summary>
    /// Runs the real program with <paramref name="args"/>, requires <paramref name="exitCode"/> (stderr in the failure
    /// when it differs), and matches what it wrote (the file <paramref name="written"/>, or stdout when null) against
    /// the golden file <paramref name="name"/>.
    /// </summary>
    public static void AssertProgramWrites(string name, int exitCode, string? written, string[] args, [CallerFilePath] string callerPath = "")
    {
        var run = ComparerRun.Of(args);
        Assert.True(run.ExitCode == exitCode, $"exit {run.ExitCode}, stderr: {run.Error}");
        AssertMatches(name, written is null ? run.Out : File.ReadAllText(written), callerPath);
    }

    /// <summary>
    /// compare of <paramref name="baseSide"/> against <paramref name="diffSide"/> (each written as a BenchmarkDotNet
    /// export) with <paramref name="options"/>: its console report, or its markdown report when
    /// <paramref name="markdown"/>, matched against the golden file <paramref name="name"/>.
    /// </summary>
    public static void AssertCompareWrites(string name, IEnumerable<FakeBenchmark> baseSide, IEnumerable<FakeBenchmark> diffSide, bool markdown, string[] options, [CallerFilePath] string callerPath = "")
    {
        using var temp = new TempFolder();
        BdnJson.Write(temp.Folder("base"), baseSide);
        BdnJson.Write(temp.Folder("diff"), diffSide);
        var report = temp.File("report.md");
        string[] args = ["compare", "--base", temp.File("base"), "--diff", temp.File("diff"), .. options, .. markdown ? new[] { "--md", report } : []];
        AssertProgramWrites(name, 0, markdown ? report : null, args, callerPath);
    }

    private static string Normalise(string text) => text.Replace("\r\n", "\n", StringComparison.Ordinal);

    private static string FindProjectFolder(string callerPath)
    {
        var folder = Path.GetDirectoryName(callerPath);
        while (folder is not null && !File.Exists(Path.Combine(folder, "BenchGuard.Tests.csproj")))
        {
            folder = Path.GetDirectoryName(folder);
        }

        return folder ?? throw new InvalidOperationException("test project folder not found");
    }
}
