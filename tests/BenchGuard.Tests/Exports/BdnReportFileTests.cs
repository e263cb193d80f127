using System.Text.Json.Nodes;
using BenchGuard.Results;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Exports;

/// <summary>
/// One BenchmarkDotNet export read field by field: the environment, each benchmark's type, job, times grouped by
/// launch (the paired verdict's unit), mean, margin and bytes; and the export shapes that are refused.
/// </summary>
public sealed class BdnReportFileTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Fact]
    public void TheEnvironmentIsReadAsTheExportGivesIt()
    {
        var (environment, _) = this.Read(Export());

        Assert.Equal(new HostEnvironment("Ubuntu 24.04", "Test CPU", ".NET 10.0.0", "0.14.0", "X64", 4), environment);
    }

    [Fact]
    public void MissingEnvironmentFieldsAreEmptyNotRefused()
    {
        var (environment, _) = this.Read(ExportOn(new JsonObject(), Benchmark()));

        Assert.Equal(new HostEnvironment("", "", "", "", "", null), environment);
    }

    [Theory]
    [InlineData(0L)]
    [InlineData(2_147_483_648L)]
    public void ACoreCountOutOfRangeIsRefused(long cores)
    {
        var host = Host();
        host["LogicalCoreCount"] = cores;

        this.AssertRefused(ExportOn(host, Benchmark()));
    }

    [Fact]
    public void OneCoreAndTheLargestCountAreData()
    {
        foreach (var cores in new[] { 1, int.MaxValue })
        {
            var host = Host();
            host["LogicalCoreCount"] = cores;
            Assert.Equal(cores, this.Read(ExportOn(host, Benchmark())).Environment.LogicalCoreCount);
        }
    }

    [Fact]
    public void TheTypeIsNamespaceDotTypeOrTheTypeAlone()
    {
        var withNamespace = Benchmark();
        var withoutNamespace = Benchmark("Other.Read");
        withoutNamespace.Remove("Namespace");
        var emptyNamespace = Benchmark("Third.Read");
        emptyNamespace["Namespace"] = "";

        var (_, benchmarks) = this.Read(Export(withNamespace, withoutNamespace, emptyNamespace));

        Assert.Equal(["Demo.ReadBenchmarks", "ReadBenchmarks", "ReadBenchmarks"], benchmarks.Select(b => b.TypeName));
        Assert.Equal(["Demo.ReadBenchmarks.Read", "Other.Read", "Third.Read"], benchmarks.Select(b => b.FullName));
    }

    [Theory]
    [InlineData("ReadBenchmarks.Read: ShortRun(IterationCount=3) [BufferSize=4096]", "ShortRun(IterationCount=3)")]
    [InlineData("ReadBenchmarks.Read: DefaultJob", "DefaultJob")]
    [InlineData("ReadBenchmarks.Read: Job-ABC [x]", "Job-ABC")]
    [InlineData("ReadBenchmarks.Read: Job[1]", "Job[1]")]
    [InlineData("ReadBenchmarks.Read", null)]
    public void TheJobIsTheMiddleOfTheDisplayInfo(string displayInfo, string? job)
    {
        var benchmark = Benchmark();
        benchmark["DisplayInfo"] = displayInfo;

        Assert.Equal(job, this.Read(Export(benchmark)).Benchmarks.Single().Job);
    }

    [Fact]
    public void ResultMeasurementsAreGroupedByLaunchPerOperation()
    {
        // Launch 2 is listed first; warm-up, overhead and actual iterations are not results.
        var benchmark = Benchmark(values: [10, 20, 30], measurements:
        [
            Measurement("Workload", "Result", 2, 300, 10),
            Measurement("Workload", "Warmup", 1, 999, 1),
            Measurement("Overhead", "Result", 1, 999, 1),
            Measurement("Workload", "Actual", 1, 999, 1),
            Measurement("Workload", "Result", 1, 100, 10),
            Measurement("Workload", "Result", 1, 400, 20),
        ]);

        var result = this.Read(Export(benchmark)).Benchmarks.Single();

        Assert.Equal([1, 2], result.Launches.Select(l => l.LaunchIndex));
        Assert.Equal([10.0, 20], result.Launches[0].Values);
        Assert.Equal([30.0], result.Launches[1].Values);
        Assert.Equal([10.0, 20, 30], result.Values);
        Assert.False(result.Failed);
    }

    [Fact]
    public void MeasurementsThatDoNotAccountForEveryValueMakeOneLaunch()
    {
        var benchmark = Benchmark(values: [10, 20, 30], measurements: [Measurement("Workload", "Result", 1, 100, 10), Measurement("Workload", "Result", 2, 200, 10)]);

        var launch = Assert.Single(this.Read(Export(benchmark)).Benchmarks.Single().Launches);

        Assert.Equal(1, launch.LaunchIndex);
        Assert.Equal([10.0, 20, 30], launch.Values);
    }

    [Fact]
    public void ABenchmarkWithoutValuesFailedAndHasNoLaunches()
    {
        var benchmark = Benchmark(values: [], measurements: [Measurement("Workload", "Result", 1, 100, 10)]);
        var noStatistics = Benchmark("Demo.ReadBenchmarks.Other");
        noStatistics.Remove("Statistics");

        var results = this.Read(Export(benchmark, noStatistics)).Benchmarks;

        Assert.All(results, r => Assert.True(r.Failed));
        Assert.All(results, r => Assert.Empty(r.Launches));
        Assert.Null(results[1].Mean);
    }

    [Fact]
    public void MeanMarginAndBytesAreRead()
    {
        var result = this.Read(Export(Benchmark())).Benchmarks.Single();

        Assert.Equal(20.5, result.Mean);
        Assert.Equal(1.25, result.ConfidenceMargin);
        Assert.Equal(96, result.AllocatedBytes);
        Assert.Equal(this.temp.File("export-report-full.json"), result.SourceFile);
    }

    [Fact]
    public void WithoutTheMemoryDiagnoserThereAreNoBytes()
    {
        var benchmark = Benchmark();
        benchmark.Remove("Memory");

        Assert.Null(this.Read(Export(benchmark)).Benchmarks.Single().AllocatedBytes);
    }

    [Theory]
    [InlineData("Gen0Collections")]
    [InlineData("Gen1Collections")]
    [InlineData("Gen2Collections")]
    [InlineData("TotalOperations")]
    [InlineData("BytesAllocatedPerOperation")]
    public void EveryMemoryCounterIsAWholeNumberOfAtLeastZero(string counter)
    {
        var zero = Benchmark();
        zero["Memory"]![counter] = 0;
        Assert.Single(this.Read(Export(zero)).Benchmarks);

        var negative = Benchmark();
        negative["Memory"]![counter] = -1;
        this.AssertRefused(Export(negative));

        var fraction = Benchmark();
        fraction["Memory"]![counter] = 1.5;
        this.AssertRefused(Export(fraction));
    }

    [Fact]
    public void ALaunchIndexBeyondAnIntIsRefused() =>
        this.AssertRefused(Export(Benchmark(values: [10], measurements: [Measurement("Workload", "Result", 2_147_483_648L, 100, 10)])));

    [Fact]
    public void ATimeOfZeroAndOneAtTheLimitAreData() =>
        Assert.Equal([0.0, BdnReportFile.MaxNanoseconds], this.Read(Export(Benchmark(values: [0, BdnReportFile.MaxNanoseconds]))).Benchmarks.Single().Values);

    [Theory]
    [InlineData("array root")]
    [InlineData("no Benchmarks")]
    [InlineData("Benchmarks an object")]
    [InlineData("no HostEnvironmentInfo")]
    [InlineData("HostEnvironmentInfo an array")]
    [InlineData("benchmark not an object")]
    [InlineData("no FullName")]
    [InlineData("FullName a number")]
    [InlineData("FullName blank")]
    public void WhatIsNotAnExportIsRefused(string damage)
    {
        var export = Export(Benchmark());
        switch (damage)
        {
            case "array root": this.AssertRefused(new JsonArray()); return;
            case "no Benchmarks": export.Remove("Benchmarks"); break;
            case "Benchmarks an object": export["Benchmarks"] = new JsonObject(); break;
            case "no HostEnvironmentInfo": export.Remove("HostEnvironmentInfo"); break;
            case "HostEnvironmentInfo an array": export["HostEnvironmentInfo"] = new JsonArray(); break;
            case "benchmark not an object": export["Benchmarks"] = new JsonArray(1); break;
            case "no FullName": export["Benchmarks"]![0]!.AsObject().Remove("FullName"); break;
            case "FullName a number": export["Benchmarks"]![0]!["FullName"] = 5; break;
            default: export["Benchmarks"]![0]!["FullName"] = " "; break;
        }

        this.AssertRefused(export);
    }

    public void Dispose() => this.temp.Dispose();

    private static JsonObject Export(params JsonObject[] benchmarks) => ExportOn(Host(), benchmarks);

    private static JsonObject ExportOn(JsonObject host, params JsonObject[] benchmarks) => new()
    {
        ["Title"] = "t",
        ["HostEnvironmentInfo"] = host,
        ["Benchmarks"] = new JsonArray([.. benchmarks]),
    };

    private static JsonObject Host() => new()
    {
        ["OsVersion"] = "Ubuntu 24.04",
        ["ProcessorName"] = "Test CPU",
        ["RuntimeVersion"] = ".NET 10.0.0",
        ["BenchmarkDotNetVersion"] = "0.14.0",
        ["Architecture"] = "X64",
        ["LogicalCoreCount"] = 4,
    };

    private static JsonObject Benchmark(string fullName = "Demo.ReadBenchmarks.Read", double[]? values = null, JsonObject[]? measurements = null) => new()
    {
        ["FullName"] = fullName,
        ["Namespace"] = "Demo",
        ["Type"] = "ReadBenchmarks",
        ["Method"] = "Read",
        ["DisplayInfo"] = "ReadBenchmarks.Read: DefaultJob",
        ["Statistics"] = new JsonObject
        {
            ["OriginalValues"] = new JsonArray([.. (values ?? [20, 21]).Select(v => JsonValue.Create(v))]),
            ["Mean"] = 20.5,
            ["ConfidenceInterval"] = new JsonObject { ["Margin"] = 1.25 },
        },
        ["Memory"] = new JsonObject { ["Gen0Collections"] = 0, ["Gen1Collections"] = 0, ["Gen2Collections"] = 0, ["TotalOperations"] = 1024, ["BytesAllocatedPerOperation"] = 96 },
        ["Measurements"] = new JsonArray([.. measurements ?? []]),
    };

    private static JsonObject Measurement(string mode, string stage, long launch, double nanoseconds, long operations) => new()
    {
        ["IterationMode"] = mode,
        ["IterationStage"] = stage,
        ["LaunchIndex"] = launch,
        ["Nanoseconds"] = nanoseconds,
        ["Operations"] = operations,
    };

    private (HostEnvironment Environment, IReadOnlyList<BenchmarkResult> Benchmarks) Read(JsonNode export) =>
        BdnReportFile.Read(this.Write(export));

    private void AssertRefused(JsonNode export)
    {
        var file = this.Write(export);
        Assert.StartsWith(file + ": ", Assert.Throws<InputException>(() => BdnReportFile.Read(file)).Message, StringComparison.Ordinal);
    }

    private string Write(JsonNode export)
    {
        var file = this.temp.File("export-report-full.json");
        File.WriteAllText(file, export.ToJsonString());
        return file;
    }
}
