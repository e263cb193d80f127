using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks.Configuration;

/// <summary>
/// The cases of the <see cref="SuiteProfile.Quick"/> profile, as a pure function of (class, method, parameters), so
/// tests can check the selection without running BenchmarkDotNet. The rules are by parameter value, never by lists of
/// names, so a new benchmark method joins quick on its own.
/// </summary>
public static class QuickProfile
{
    /// <summary>Tells whether a case belongs to the quick profile.</summary>
    /// <param name="benchmarkClass">The benchmark class.</param>
    /// <param name="method">The benchmark method's name.</param>
    /// <param name="parameters">The case's parameter values, by parameter name.</param>
    /// <returns>Whether quick runs the case.</returns>
    public static bool Includes(Type benchmarkClass, string method, IReadOnlyDictionary<string, object?> parameters)
    {
        ArgumentNullException.ThrowIfNull(benchmarkClass);
        return benchmarkClass.Name switch
        {
            // Every read method at 4 KiB and 64 KiB on the seed report's file, synchronous open: the goals' cases.
            nameof(ReadBenchmarks) =>
                Is(parameters, nameof(ReadBenchmarks.BufferSize), 4 * 1024, 64 * 1024)
                && Is(parameters, nameof(ReadBenchmarks.FileOptions), ReadFileOptions.SequentialScan)
                && Is(parameters, nameof(ReadBenchmarks.File), UlongFile.HundredTwentyEightMiB),

            // The 4 KiB files, where per-file setup is everything (the 64 KiB files run in full only).
            nameof(SmallFilesBenchmarks) => Is(parameters, nameof(SmallFilesBenchmarks.File), UlongFile.FourKiB),

            // The line-search goal's case.
            nameof(LineSearchBenchmarks) => Is(parameters, nameof(LineSearchBenchmarks.BufferSize), 64 * 1024),

            // One mid-size case per method, opened the way the method is meant to be used: async methods on an
            // asynchronous handle, sync methods on a synchronous one.
            nameof(FileStreamBenchmarks) =>
                Is(parameters, nameof(FileStreamBenchmarks.FileSize), UlongFile.OneMiB)
                && Is(parameters, nameof(FileStreamBenchmarks.UserBufferSize), 4096)
                && Is(parameters, nameof(FileStreamBenchmarks.FileOptions), method.EndsWith("Async", StringComparison.Ordinal) ? FileOptions.Asynchronous : FileOptions.None),

            // Both file sizes at the recommended chunk size: small-file overhead and throughput.
            nameof(WriteBenchmarks) => Is(parameters, nameof(WriteBenchmarks.BufferSize), 64 * 1024),

            _ => false,
        };
    }

    private static bool Is(IReadOnlyDictionary<string, object?> parameters, string name, params object[] allowed) =>
        parameters.TryGetValue(name, out object? value) && value is not null && Array.IndexOf(allowed, value) >= 0;
}
