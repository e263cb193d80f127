namespace FilePipes.Benchmarks.Configuration;

/// <summary>The benchmark categories. CI selects by these (<c>--anyCategories</c>), never by lists of names.</summary>
public static class Categories
{
    /// <summary>Read a whole file and sum it: the seed report's matrix.</summary>
    public const string Read = "Read";

    /// <summary>Find one word in a large text file.</summary>
    public const string LineSearch = "LineSearch";

    /// <summary>FileStream's own operations, in the manner of dotnet/performance's Perf_FileStream.</summary>
    public const string FileStream = "FileStream";

    /// <summary>Write a whole file.</summary>
    public const string Write = "Write";

    /// <summary>Read a file whose pages are not in the operating system's cache (Linux as root only).</summary>
    public const string ColdRead = "ColdRead";

    /// <summary>The reader's modes across file sizes: the measurement behind its defaults.</summary>
    public const string ReadModes = "ReadModes";

    /// <summary>Benchmarks of this repository's library, FilePipeReader and FilePipeWriter.</summary>
    public const string FilePipes = "FilePipes";

    /// <summary>Benchmarks that exist only in builds with <c>-p:PeerAdapters=true</c>.</summary>
    public const string PeerAdapters = "PeerAdapters";
}
