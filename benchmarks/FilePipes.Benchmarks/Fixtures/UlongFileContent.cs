namespace FilePipes.Benchmarks.Fixtures;

/// <summary>The content of a <see cref="UlongFile"/>.</summary>
/// <param name="File">The file to produce.</param>
public sealed record UlongFileContent(UlongFile File) : IFixtureContent
{
    /// <inheritdoc/>
    public string FileName => $"ulongs-{this.File.Length}.bin";

    /// <inheritdoc/>
    public void WriteTo(Stream output) => UlongSequence.WriteTo(output, this.File.Length);
}
