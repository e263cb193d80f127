using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Running;
using FilePipes.Benchmarks.Configuration;

namespace FilePipes.Benchmarks.Tests;

/// <summary>The cases BenchmarkDotNet would build for each class under a profile, built without running anything.</summary>
internal static class SuiteCases
{
    public static readonly Type[] Classes = [typeof(ReadBenchmarks), typeof(LineSearchBenchmarks), typeof(FileStreamBenchmarks), typeof(WriteBenchmarks), typeof(SmallFilesBenchmarks)];

    public static IReadOnlyList<BenchmarkCase> Of(Type benchmarkClass, SuiteProfile profile)
    {
        IConfig config = ManualConfig.CreateEmpty().AddFilter(new ProfileFilter(profile));
        return BenchmarkConverter.TypeToBenchmarks(benchmarkClass, config).BenchmarksCases;
    }

    public static string FullName(BenchmarkCase benchmarkCase) => FullNameProvider.GetBenchmarkName(benchmarkCase);
}
