namespace FilePipes.Benchmarks.Fixtures;

/// <summary>The content of a <see cref="UlongFile"/>, as one of many distinct files (the many-small-files case), so
/// every open is of its own file and no file's metadata is cached hot by the one opened just before.</summary>
/// <param name="File">The content of each file.</param>
/// <param name="Number">The file's number among its set.</param>
public sealed record NumberedUlongFileContent(UlongFile File, int Number) : IFixtureContent
{
    /// <inheritdoc/>
    public string FileName => $"ulongs-{this.File.Length}-{this.Number:D4}.bin";

    /// <inheritdoc/>
    public void WriteTo(Stream output) => UlongSequence.WriteTo(output, this.File.Length);
}
