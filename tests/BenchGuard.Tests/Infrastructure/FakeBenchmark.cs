namespace BenchGuard.Tests.Infrastructure;

/// <summary>A benchmark to write into a generated BenchmarkDotNet export.</summary>
/// <param name="Type">Namespace and class, e.g. "Demo.ReadBenchmarks".</param>
/// <param name="Method">The method.</param>
/// <param name="Parameters">BenchmarkDotNet's parameter text ("Size: 4") or empty.</param>
/// <param name="Launches">Nanoseconds per operation, one list per launch; empty means the benchmark failed.</param>
/// <param name="AllocatedBytes">Bytes per operation, or null for no memory diagnoser.</param>
internal sealed record FakeBenchmark(string Type, string Method, string Parameters, IReadOnlyList<IReadOnlyList<double>> Launches, long? AllocatedBytes)
{
    public string FullName => $"{this.Type}.{this.Method}" + (this.Parameters.Length > 0 ? $"({this.Parameters})" : string.Empty);

    /// <summary>One launch of <paramref name="count"/> values around <paramref name="center"/> with relative <paramref name="noise"/>.</summary>
    public static FakeBenchmark Of(string method, double center, double noise, int count, int seed, long? allocated = 0, string type = "Demo.ReadBenchmarks", string parameters = "") =>
        new(type, method, parameters, [Samples(center, noise, count, seed)], allocated);

    /// <summary>Deterministic values: center × (1 + noise × u), u uniform in [-1, 1].</summary>
    public static IReadOnlyList<double> Samples(double center, double noise, int count, int seed)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, count).Select(_ => center * (1 + (noise * ((random.NextDouble() * 2) - 1)))).ToList();
    }

    /// <summary>A benchmark that failed (no statistics, no measurements).</summary>
    public static FakeBenchmark FailedOne(string method, string type = "Demo.ReadBenchmarks") => new(type, method, string.Empty, [], null);
}
