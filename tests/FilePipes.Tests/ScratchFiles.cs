namespace FilePipes.Tests;

/// <summary>A temporary directory of test files, deleted on dispose; each test gets its own.</summary>
internal sealed class ScratchFiles : IDisposable
{
    public ScratchFiles()
    {
        this.Directory = Path.Combine(Path.GetTempPath(), "filepipes-tests-" + Guid.NewGuid().ToString("N"));
        System.IO.Directory.CreateDirectory(this.Directory);
    }

    public string Directory { get; }

    public string PathOf(string name) => Path.Combine(this.Directory, name);

    /// <summary>Writes <paramref name="length"/> random bytes (seeded, so a failure reproduces).</summary>
    public string WriteRandom(string name, int length, int seed = 42)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        string path = this.PathOf(name);
        File.WriteAllBytes(path, bytes);
        return path;
    }

    public void Dispose()
    {
        try
        {
            System.IO.Directory.Delete(this.Directory, recursive: true);
        }
        catch (IOException)
        {
            // A file still open on Windows; the temp folder is cleaned eventually.
        }
    }
}
