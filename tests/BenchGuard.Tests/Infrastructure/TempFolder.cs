namespace BenchGuard.Tests.Infrastructure;

/// <summary>A folder under the system temp path, removed when disposed.</summary>
internal sealed class TempFolder : IDisposable
{
    public TempFolder() => Directory.CreateDirectory(this.Path);

    public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "rc-tests-" + Guid.NewGuid().ToString("N"));

    /// <summary>A path inside the folder, with its parent folders created.</summary>
    public string File(params string[] parts)
    {
        var path = System.IO.Path.Combine([this.Path, .. parts]);
        Directory.CreateDirectory(System.IO.Path.GetDirectoryName(path)!);
        return path;
    }

    /// <summary>A sub-folder, created.</summary>
    public string Folder(params string[] parts)
    {
        var path = System.IO.Path.Combine([this.Path, .. parts]);
        Directory.CreateDirectory(path);
        return path;
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(this.Path, recursive: true);
        }
        catch (IOException)
        {
            // A leftover temp folder must not fail a test.
        }
    }
}
