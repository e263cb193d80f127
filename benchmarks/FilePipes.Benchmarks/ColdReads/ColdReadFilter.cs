using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace FilePipes.Benchmarks.ColdReads;

/// <summary>
/// Leaves out <see cref="ColdReadBenchmarks"/> where the page cache cannot be dropped: there each "cold" read would
/// be served from memory and measure a warm read under the wrong name.
/// </summary>
/// <param name="pageCache">The page cache the cold reads would drop.</param>
public sealed class ColdReadFilter(PageCache pageCache) : IFilter
{
    /// <summary>Gets the filter for this system.</summary>
    public static ColdReadFilter System { get; } = new(PageCache.System);

    /// <summary>Gets why cold reads are skipped here, or <see langword="null"/> when they run.</summary>
    public string? SkipReason => pageCache.CannotDropReason;

    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
        return this.Keeps(benchmarkCase.Descriptor.Type);
    }

    /// <summary>Tells whether the cases of a benchmark class can run here.</summary>
    /// <param name="benchmarkClass">The class.</param>
    /// <returns>False for the cold reads when the cache cannot be dropped.</returns>
    public bool Keeps(Type benchmarkClass) => benchmarkClass != typeof(ColdReadBenchmarks) || pageCache.CannotDropReason is null;
}
