using System.Text.Json;
using Perfolizer.Mathematics.Multimodality;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// The report's modality of a side, dotnet/performance ResultsComparer's reading of Perfolizer's m-value: above 4.2 multimodal, above
/// 3.2 bimodal, above 2.8 "several?", else nothing; below 12 values nothing at all. Each sample here is runs of
/// twelve (or six) values 0.5 ns apart, the runs 100 ns apart, and its m-value is checked against Perfolizer's. Three
/// land exactly on a bound (Perfolizer computes 2.8, 3.2 and 4.2 to the last bit), which is not above it.
/// </summary>
public sealed class ModalityTests
{
    [Theory]
    [InlineData(new[] { 12 }, 2.0, null)]
    [InlineData(new[] { 12, 6 }, 3.0, "several?")]
    [InlineData(new[] { 12, 12 }, 4.0, "bimodal")]
    [InlineData(new[] { 12, 12, 12 }, 6.0, "multimodal")]
    [InlineData(new[] { 10, 4 }, 2.8, null)]
    [InlineData(new[] { 10, 6 }, 3.2, "several?")]
    [InlineData(new[] { 1, 10, 10 }, 4.2, "bimodal")]
    public void TheMValueDecidesTheModality(int[] runs, double mValue, string? expected)
    {
        var values = Runs(runs);
        Assert.Equal(mValue, MValueCalculator.Calculate(values.ToArray()), 9);
        Assert.Equal(expected, BaseModality(values));
    }

    [Fact]
    public void FewerThanTwelveValuesHaveNoModality()
    {
        var values = Runs([6, 5]);
        Assert.True(MValueCalculator.Calculate(values.ToArray()) > 2.8, "the premise: the m-value alone would say something");
        Assert.Null(BaseModality(values));
    }

    private static List<double> Runs(int[] runs) =>
        runs.SelectMany((count, run) => Enumerable.Range(0, count).Select(i => 1000 + (run * 100.0) + (i * 0.5))).ToList();

    private static string? BaseModality(List<double> values)
    {
        using var temp = new TempFolder();
        var benchmark = new FakeBenchmark("Demo.ReadBenchmarks", "Read", string.Empty, [values], 0);
        var run = CompareVerdictTests.CompareRun(temp, [benchmark], [benchmark]);
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(temp.Path, "report.json")));
        var modality = CompareVerdictTests.Benchmark(json, "Demo.ReadBenchmarks.Read").GetProperty("baseModality");
        return modality.ValueKind == JsonValueKind.String ? modality.GetString() : null;
    }
}
