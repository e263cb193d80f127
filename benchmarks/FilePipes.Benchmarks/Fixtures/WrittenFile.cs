namespace FilePipes.Benchmarks.Fixtures;

/// <summary>The check every write benchmark runs once per setup, outside the measured region.</summary>
public static class WrittenFile
{
    /// <summary>Throws unless the file at <paramref name="path"/> has the expected length and SHA-256.</summary>
    /// <param name="path">The written file.</param>
    /// <param name="expected">From <see cref="FixtureCache.Describe(IFixtureContent)"/> or <see cref="FixtureCache.Describe(string)"/>.</param>
    /// <exception cref="InvalidDataException">The file differs.</exception>
    public static void Verify(string path, (long Length, byte[] Hash) expected)
    {
        (long length, byte[] hash) = FixtureCache.Describe(path);
        if (length != expected.Length || !hash.AsSpan().SequenceEqual(expected.Hash))
        {
            throw new InvalidDataException($"The written file '{path}' is wrong: {length} bytes (expected {expected.Length}), or its SHA-256 differs.");
        }
    }
}
