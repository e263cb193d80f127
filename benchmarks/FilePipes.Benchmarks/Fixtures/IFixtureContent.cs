namespace FilePipes.Benchmarks.Fixtures;

/// <summary>Deterministic content for a cached fixture file.</summary>
public interface IFixtureContent
{
    /// <summary>Gets the file name inside the fixture cache; it encodes every input of the content.</summary>
    string FileName { get; }

    /// <summary>Writes the whole content, identically on every call.</summary>
    /// <param name="output">Where the bytes go.</param>
    void WriteTo(Stream output);
}
