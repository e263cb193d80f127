using System.Reflection;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

public sealed class ProfileTests
{
    public static TheoryData<Type> Classes() => [.. SuiteCases.Classes];

    public static TheoryData<Type> AllClasses() => [.. SuiteCases.AllClasses];

    public static TheoryData<Type> FullOnlyClasses() => [.. SuiteCases.FullOnlyClasses];

    [Theory]
    [MemberData(nameof(Classes))]
    public void Quick_is_a_subset_of_full(Type benchmarkClass)
    {
        var full = SuiteCases.Of(benchmarkClass, SuiteProfile.Full).Select(SuiteCases.FullName).ToHashSet();
        var quick = SuiteCases.Of(benchmarkClass, SuiteProfile.Quick).Select(SuiteCases.FullName).ToList();

        Assert.NotEmpty(quick);
        Assert.True(quick.Count < full.Count, $"quick ({quick.Count}) should be smaller than full ({full.Count}).");
        Assert.All(quick, name => Assert.Contains(name, full));
    }

    [Theory]
    [MemberData(nameof(Classes))]
    public void Quick_runs_every_method_at_least_once(Type benchmarkClass)
    {
        var quickMethods = SuiteCases.Of(benchmarkClass, SuiteProfile.Quick).Select(c => c.Descriptor.WorkloadMethod.Name).ToHashSet();
        Assert.All(BenchmarkMethods.Of(benchmarkClass), method => Assert.Contains(method.Name, quickMethods));
    }

    [Theory]
    [MemberData(nameof(FullOnlyClasses))]
    public void A_full_only_class_is_in_neither_quick_nor_the_pull_request_slice(Type benchmarkClass)
    {
        Assert.Empty(SuiteCases.Of(benchmarkClass, SuiteProfile.Quick));
        Assert.All(SuiteCases.Of(benchmarkClass, SuiteProfile.Full), c => Assert.DoesNotContain(Categories.FilePipes, c.Descriptor.Categories));
    }

    [Theory]
    [MemberData(nameof(AllClasses))]
    public void No_method_has_more_cases_than_its_class_cap(Type benchmarkClass)
    {
        FieldInfo? capField = benchmarkClass.GetField("MaxCasesPerMethod", BindingFlags.Public | BindingFlags.Static);
        Assert.True(capField is { IsLiteral: true }, $"{benchmarkClass.Name} must declare const MaxCasesPerMethod.");
        int cap = (int)capField!.GetRawConstantValue()!;

        foreach (var method in SuiteCases.Of(benchmarkClass, SuiteProfile.Full).GroupBy(c => c.Descriptor.WorkloadMethod.Name))
        {
            Assert.True(method.Count() <= cap, $"{benchmarkClass.Name}.{method.Key} has {method.Count()} cases; the cap is {cap}.");
        }
    }

    [Fact]
    public void FileStream_cases_are_capped_at_16_per_method()
    {
        Assert.Equal(16, FileStreamBenchmarks.MaxCasesPerMethod);
    }

    [Fact]
    public void Quick_reads_with_every_method_at_4_and_64_KiB_on_the_128_MiB_file()
    {
        var quick = SuiteCases.Of(typeof(ReadBenchmarks), SuiteProfile.Quick);
        foreach (var method in BenchmarkMethods.Of(typeof(ReadBenchmarks)))
        {
            var sizes = quick.Where(c => c.Descriptor.WorkloadMethod.Name == method.Name)
                .Select(c => (int)c.Parameters[nameof(ReadBenchmarks.BufferSize)])
                .Order();
            Assert.Equal([4096, 65536], sizes);
        }

        Assert.All(quick, c => Assert.Equal(UlongFile.HundredTwentyEightMiB, c.Parameters[nameof(ReadBenchmarks.File)]));
    }

    [Theory]
    [MemberData(nameof(AllClasses))]
    public void Every_case_has_a_category(Type benchmarkClass)
    {
        Assert.All(SuiteCases.Of(benchmarkClass, SuiteProfile.Full), c => Assert.NotEmpty(c.Descriptor.Categories));
    }

    [Fact]
    public void A_FullName_reads_as_the_baselines_expect()
    {
        var names = SuiteCases.Of(typeof(ReadBenchmarks), SuiteProfile.Quick).Select(SuiteCases.FullName);
        Assert.Contains("FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096, FileOptions: SequentialScan, File: 128MiB)", names);

        var fileStream = SuiteCases.Of(typeof(FileStreamBenchmarks), SuiteProfile.Quick).Select(SuiteCases.FullName);
        Assert.Contains("FilePipes.Benchmarks.FileStreamBenchmarks.ReadAsync(UserBufferSize: 4096, FileOptions: Asynchronous, FileSize: 1MiB)", fileStream);
    }

    [Fact]
    public void An_unknown_class_is_not_in_quick()
    {
        Assert.False(QuickProfile.Includes(typeof(ProfileTests), "Any", new Dictionary<string, object?>()));
    }
}
