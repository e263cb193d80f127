namespace FilePipes.Benchmarks.Fixtures;

/// <summary>
/// A temporary file that write benchmarks overwrite on every invocation. It lives in a subfolder of the fixture
/// cache (the same disk as the fixtures) and is the only thing the suite ever deletes.
/// </summary>
public sealed class WriteTarget : IDisposable
{
    /// <summary>Initializes a new instance of the <see cref="WriteTarget"/> class.</summary>
    /// <param name="cache">The cache whose folder holds the target.</param>
    public WriteTarget(FixtureCache cache)
    {
        string folder = System.IO.Path.Combine(cache.Folder, "write-targets");
        Directory.CreateDirectory(folder);
        this.Path = System.IO.Path.Combine(folder, $"{Guid.NewGuid():N}.tmp");
    }

    /// <summary>Gets the full path of the target file.</summary>
    public string Path { get; }

    /// <summary>Deletes the target file, if any was written.</summary>
    public void Dispose() => File.Delete(this.Path);
}
