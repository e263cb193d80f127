using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Running;
using FilePipes.Benchmarks.ColdReads;
using FilePipes.Benchmarks.Configuration;

namespace FilePipes.Benchmarks.Tests;

/// <summary>The cases BenchmarkDotNet would build for each class under a profile, built without running anything.</summary>
internal static class SuiteCases
{
    public static readonly Type[] Classes = [typeof(ReadBenchmarks), typeof(LineSearchBenchmarks), typeof(FileStreamBenchmarks), typeof(WriteBenchmarks), typeof(SmallFilesBenchmarks)];

    /// <summary>Classes with no case in the quick profile: they measure, they do not guard.</summary>
    public static readonly Type[] FullOnlyClasses = [typeof(ColdReadBenchmarks), typeof(ReadModeBenchmarks)];

    public static IEnumerable<Type> AllClasses => Classes.Concat(FullOnlyClasses);

    // The cold reads in as if this system could drop its page cache, so every test sees the same cases on every
    // system. Building cases never drops the cache: any existing file serves as the drop file.
    public static IReadOnlyList<BenchmarkCase> Of(Type benchmarkClass, SuiteProfile profile) =>
        Of(benchmarkClass, profile, new ColdReadFilter(new PageCache(typeof(SuiteCases).Assembly.Location, isLinux: true, isRoot: true, allowed: true)));

    public static IReadOnlyList<BenchmarkCase> Of(Type benchmarkClass, SuiteProfile profile, ColdReadFilter coldReads)
    {
        IConfig config = ManualConfig.CreateEmpty().AddFilter(new ProfileFilter(profile, coldReads));
        return BenchmarkConverter.TypeToBenchmarks(benchmarkClass, config).BenchmarksCases;
    }

    public static string FullName(BenchmarkCase benchmarkCase) => FullNameProvider.GetBenchmarkName(benchmarkCase);
}
