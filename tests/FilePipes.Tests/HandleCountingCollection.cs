namespace FilePipes.Tests;

/// <summary>
/// Tests that count the process's open handles run alone: handles other tests hold open at the same moment would
/// otherwise show up as leaks (or hide one).
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class HandleCountingCollection
{
    public const string Name = "Handle counting";
}
