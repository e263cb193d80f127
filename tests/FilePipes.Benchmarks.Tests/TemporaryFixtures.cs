using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

/// <summary>A fixture cache in a fresh temporary folder, deleted afterwards.</summary>
internal sealed class TemporaryFixtures : IDisposable
{
    public TemporaryFixtures()
    {
        this.Folder = Path.Combine(Path.GetTempPath(), $"filepipes-bench-tests-{Guid.NewGuid():N}");
        this.Cache = new FixtureCache(this.Folder);
    }

    public string Folder { get; }

    public FixtureCache Cache { get; }

    public void Dispose()
    {
        if (Directory.Exists(this.Folder))
        {
            Directory.Delete(this.Folder, recursive: true);
        }
    }
}
