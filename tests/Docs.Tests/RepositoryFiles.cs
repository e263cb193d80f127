using Pipeline.Tests;

namespace Docs.Tests;

/// <summary>
/// The files git tracks in this repository, as paths relative to its root with '/' separators: what a fresh clone
/// holds, so a link to a file that exists only in one developer's folder (artifacts/, an untracked note) fails here.
/// </summary>
internal sealed class RepositoryFiles
{
    private readonly HashSet<string> files;
    private readonly HashSet<string> folders = new(StringComparer.Ordinal);

    private RepositoryFiles(IEnumerable<string> tracked)
    {
        this.files = new HashSet<string>(tracked, StringComparer.Ordinal);
        foreach (var file in this.files)
        {
            for (var slash = file.LastIndexOf('/'); slash > 0; slash = file.LastIndexOf('/', slash - 1))
            {
                this.folders.Add(file[..slash]);
            }
        }
    }

    public static RepositoryFiles Tracked { get; } = new(
        ChildProcess.Git(RepositoryRoot.Path, "ls-files", "-z").Split('\0', StringSplitOptions.RemoveEmptyEntries));

    public IEnumerable<string> Markdown => this.files.Where(f => f.EndsWith(".md", StringComparison.OrdinalIgnoreCase)).Order(StringComparer.Ordinal);

    public bool Contains(string path) => this.files.Contains(path);

    /// <summary>The tracked files under <paramref name="folder"/> (ending in '/') whose names end with <paramref name="suffix"/>.</summary>
    public IEnumerable<string> Under(string folder, string suffix) =>
        this.files.Where(f => f.StartsWith(folder, StringComparison.Ordinal) && f.EndsWith(suffix, StringComparison.OrdinalIgnoreCase))
            .Order(StringComparer.Ordinal);

    /// <summary>True for a tracked file or a folder that holds one (GitHub shows a folder's listing).</summary>
    public bool Holds(string path) => path.Length == 0 || this.files.Contains(path) || this.folders.Contains(path);

    public static string Read(string path) => File.ReadAllText(Path.Combine(RepositoryRoot.Path, path));
}
