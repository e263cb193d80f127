namespace FilePipes.Tests;

/// <summary>
/// Tests that count the whole process's allocations, or what the reader's shared stores hold, run alone: other tests'
/// readers would allocate, and take from or fill the stores, at the same moment.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class AllocationCountingCollection
{
    public const string Name = "Allocation counting";
}
