namespace Pipeline.Tests;

/// <summary>The repository these tests run in: the folder holding FilePipes.sln above the test binaries.</summary>
internal static class RepositoryRoot
{
    public static string Path { get; } = Find();

    private static string Find()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(dir.FullName, "FilePipes.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"no FilePipes.sln above {AppContext.BaseDirectory}");
    }
}
