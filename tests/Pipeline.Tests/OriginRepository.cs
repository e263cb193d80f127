namespace Pipeline.Tests;

/// <summary>
/// A git repository standing in for the project on github.com: this working tree's tracked files as they are now
/// (uncommitted edits included) committed as <c>main</c>. It lives in a temp folder outside this repository, since
/// BenchmarkDotNet refuses two FilePipes.Benchmarks projects under one solution root.
/// </summary>
internal sealed class OriginRepository
{
    private OriginRepository(string path) => this.Path = path;

    public string Path { get; }

    /// <summary>A new origin in its own temp folder.</summary>
    public static OriginRepository CopyOfThisTree() => CopyOfThisTree(Directory.CreateTempSubdirectory("filepipes-origin-").FullName);

    public static OriginRepository CopyOfThisTree(string parent)
    {
        var path = Directory.CreateDirectory(System.IO.Path.Combine(parent, "origin")).FullName;
        var tracked = ChildProcess.Git(RepositoryRoot.Path, "ls-files", "-z").Split('\0', StringSplitOptions.RemoveEmptyEntries);
        foreach (var file in tracked)
        {
            var source = System.IO.Path.Combine(RepositoryRoot.Path, file);
            if (!File.Exists(source))
            {
                continue; // deleted in the working tree and not yet committed
            }

            var copy = System.IO.Path.Combine(path, file);
            Directory.CreateDirectory(System.IO.Path.GetDirectoryName(copy)!);
            File.Copy(source, copy);
        }

        ChildProcess.Git(path, "init", "-q", "-b", "main");
        ChildProcess.Git(path, "config", "core.autocrlf", "false");
        ChildProcess.Git(path, "add", "-A");
        ChildProcess.Git(path, "commit", "-q", "-m", "base");
        return new OriginRepository(path);
    }

    public string Head => ChildProcess.Git(this.Path, "rev-parse", "HEAD").Trim();

    /// <summary>Commits a change to one file on the current branch and returns the new commit.</summary>
    public string Commit(string file, string appendedText, string message)
    {
        File.AppendAllText(System.IO.Path.Combine(this.Path, file), appendedText);
        ChildProcess.Git(this.Path, "commit", "-q", "-am", message);
        return this.Head;
    }
}
