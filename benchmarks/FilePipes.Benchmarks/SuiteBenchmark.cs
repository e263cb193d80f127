using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Slowdown;

namespace FilePipes.Benchmarks;

/// <summary>What every benchmark class shares: where fixtures live, and the injected slowdown.</summary>
public abstract class SuiteBenchmark
{
    private FixtureCache? fixtures;

    /// <summary>Gets or sets the fixture cache; tests point it at a temporary folder.</summary>
    internal FixtureCache Fixtures
    {
        get => this.fixtures ??= FixtureCache.Default;
        set => this.fixtures = value;
    }

    /// <summary>Gets or sets the slowdown every benchmark method applies; tests inject one with a fake clock.</summary>
    internal InjectedSlowdown Slowdown { get; set; } = InjectedSlowdown.FromEnvironment;
}
