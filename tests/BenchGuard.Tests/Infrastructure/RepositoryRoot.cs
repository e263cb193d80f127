namespace BenchGuard.Tests.Infrastructure;

/// <summary>The checkout the tests run from: the first folder above the test binaries that holds FilePipes.sln.</summary>
internal static class RepositoryRoot
{
    public static string Path { get; } = Find();

    private static string Find()
    {
        var folder = AppContext.BaseDirectory;
        while (!File.Exists(System.IO.Path.Combine(folder, "FilePipes.sln")))
        {
            folder = System.IO.Path.GetDirectoryName(System.IO.Path.TrimEndingDirectorySeparator(folder))
                ?? throw new InvalidOperationException("FilePipes.sln not found above the test binaries");
        }

        return folder;
    }
}
