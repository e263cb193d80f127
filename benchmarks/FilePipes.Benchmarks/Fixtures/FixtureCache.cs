using System.Collections.Concurrent;
using System.Security.Cryptography;

namespace FilePipes.Benchmarks.Fixtures;

/// <summary>
/// Fixture files, generated on first use into one folder and reused afterwards. A cached file is trusted only when
/// its size and SHA-256 match freshly generated content; otherwise it is generated again. Nothing here deletes a
/// fixture: only temporary write targets (see <see cref="WriteTarget"/>) are ever removed.
/// </summary>
public sealed class FixtureCache
{
    // Verification reads the whole file; once per process and file is enough.
    private static readonly ConcurrentDictionary<string, byte> VerifiedPaths = new();

    /// <summary>
    /// Gets or sets whether files are taken without verification: a fixture that exists, and a benchmark's written file
    /// (<see cref="WrittenFile"/>). Only the counters' callgrind run sets it: there, verifying 128 MiB cost about 8
    /// billion instructions per file, and the ordinary run of the same build, just before, verified the same files.
    /// </summary>
    internal static bool SkipVerification { get; set; }

    /// <summary>Initializes a new instance of the <see cref="FixtureCache"/> class.</summary>
    /// <param name="folder">The cache folder; created when missing.</param>
    public FixtureCache(string folder) => this.Folder = folder;

    /// <summary>Gets the cache the benchmarks use: <see cref="RepositoryLayout.FixturesFolder"/>.</summary>
    public static FixtureCache Default => new(RepositoryLayout.FixturesFolder());

    /// <summary>Gets the cache folder.</summary>
    public string Folder { get; }

    /// <summary>Returns the path of a verified copy of <paramref name="content"/>, generating it when needed.</summary>
    /// <param name="content">What the file must hold.</param>
    /// <returns>The full path of the file.</returns>
    public string Ensure(IFixtureContent content)
    {
        string path = Path.Combine(this.Folder, content.FileName);
        if (VerifiedPaths.ContainsKey(path) || (SkipVerification && File.Exists(path)))
        {
            return path;
        }

        (long length, byte[] hash) = Describe(content);
        if (!Matches(path, length, hash))
        {
            Generate(path, content);
            if (!Matches(path, length, hash))
            {
                throw new InvalidDataException($"The fixture '{path}' does not match its content right after being generated.");
            }
        }

        VerifiedPaths.TryAdd(path, 0);
        return path;
    }

    /// <summary>Returns a verified <see cref="UlongFile"/>'s path.</summary>
    /// <param name="file">The file.</param>
    /// <returns>The full path of the file.</returns>
    public string Ensure(UlongFile file) => this.Ensure(new UlongFileContent(file));

    /// <summary>Computes the length and SHA-256 of content without writing it anywhere.</summary>
    /// <param name="content">The content.</param>
    /// <returns>The length and hash.</returns>
    public static (long Length, byte[] Hash) Describe(IFixtureContent content)
    {
        using var sink = new HashingSink();
        content.WriteTo(sink);
        return (sink.Length, sink.Hash());
    }

    /// <summary>Computes the length and SHA-256 of a file.</summary>
    /// <param name="path">The file.</param>
    /// <returns>The length and hash.</returns>
    public static (long Length, byte[] Hash) Describe(string path)
    {
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1024 * 1024, FileOptions.SequentialScan);
        return (file.Length, SHA256.HashData(file));
    }

    private static bool Matches(string path, long length, byte[] hash)
    {
        if (!File.Exists(path) || new FileInfo(path).Length != length)
        {
            return false;
        }

        return Describe(path).Hash.AsSpan().SequenceEqual(hash);
    }

    private static void Generate(string path, IFixtureContent content)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);

        // Write beside the target and rename, so a concurrent or interrupted run never sees half a file.
        string partial = $"{path}.{Environment.ProcessId}.{Guid.NewGuid():N}.partial";
        try
        {
            using (var output = new FileStream(partial, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1024 * 1024))
            {
                content.WriteTo(output);
            }

            File.Move(partial, path, overwrite: true);
        }
        finally
        {
            File.Delete(partial);
        }
    }
}
