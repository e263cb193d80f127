using BenchGuard.Baselines;

namespace BenchGuard.Results;

/// <summary>One side of a comparison: every benchmark read from a path, with the environment that produced them.</summary>
/// <param name="Source">The path the user gave.</param>
/// <param name="Benchmarks">The benchmarks by FullName (unique on a side).</param>
/// <param name="Environment">The environment of the first file read, or null for an empty baseline store.</param>
/// <param name="MixedEnvironments">Differences between files of this side ("" when they agree).</param>
/// <param name="Provenance">Where a stored baseline came from; null for plain BenchmarkDotNet results.</param>
public sealed record ResultSet(
    string Source,
    IReadOnlyDictionary<string, BenchmarkResult> Benchmarks,
    HostEnvironment? Environment,
    IReadOnlyList<string> MixedEnvironments,
    IReadOnlyList<BaselineRun>? Provenance)
{
    /// <summary>True when this side is a stored baseline rather than a fresh run.</summary>
    public bool IsBaseline => this.Provenance is not null;
}
