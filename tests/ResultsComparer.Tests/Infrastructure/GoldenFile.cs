using System.Runtime.CompilerServices;

namespace ResultsComparer.Tests.Infrastructure;

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

    private static string Normalise(string text) => text.Replace("\r\n", "\n", StringComparison.Ordinal);

    private static string FindProjectFolder(string callerPath)
    {
        var folder = Path.GetDirectoryName(callerPath);
        while (folder is not null && !File.Exists(Path.Combine(folder, "ResultsComparer.Tests.csproj")))
        {
            folder = Path.GetDirectoryName(folder);
        }

        return folder ?? throw new InvalidOperationException("test project folder not found");
    }
}
