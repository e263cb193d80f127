using System.Text.Json;
using BenchmarkDotNet.Mathematics;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// A merge's statistics, checked field by field against BenchmarkDotNet's own <see cref="Statistics"/> over the union
/// of the launches, on a committed real export (BenchmarkDotNet 0.15.8: every kind of value its Statistics writes,
/// numbers, lists, an enum, nested objects).
/// </summary>
public sealed class MergedStatisticsTests
{
    private static readonly string Export = Path.Combine(AppContext.BaseDirectory, "RealOutput", "Exports", "bdn-0.15.8");

    [Fact]
    public void EveryStatisticIsBenchmarkDotNetsOwnOverTheUnion()
    {
        using var temp = new TempFolder();
        var run = ComparerRun.Of("merge", "--inputs", Export, Export, "--out", temp.Path);
        Assert.True(run.ExitCode == 0, run.Error);

        using var original = JsonDocument.Parse(File.ReadAllText(Directory.GetFiles(Export, "*-report-full.json").Single()));
        using var merged = JsonDocument.Parse(File.ReadAllText(Directory.GetFiles(temp.Path, "*-report-full.json").Single()));
        var benchmarks = merged.RootElement.GetProperty("Benchmarks").EnumerateArray().ToList();
        Assert.Equal(original.RootElement.GetProperty("Benchmarks").GetArrayLength(), benchmarks.Count);
        foreach (var benchmark in benchmarks)
        {
            var fullName = benchmark.GetProperty("FullName").GetString();
            var source = original.RootElement.GetProperty("Benchmarks").EnumerateArray().Single(b => b.GetProperty("FullName").GetString() == fullName);
            var values = source.GetProperty("Statistics").GetProperty("OriginalValues").EnumerateArray().Select(v => v.GetDouble()).ToList();
            var expected = new Statistics(values.Concat(values));
            var statistics = benchmark.GetProperty("Statistics");

            Assert.Equal(expected.N, statistics.GetProperty("N").GetInt32());
            foreach (var (key, value) in new (string, double)[]
            {
                ("Min", expected.Min), ("LowerFence", expected.LowerFence), ("Q1", expected.Q1), ("Median", expected.Median),
                ("Mean", expected.Mean), ("Q3", expected.Q3), ("UpperFence", expected.UpperFence), ("Max", expected.Max),
                ("InterquartileRange", expected.InterquartileRange), ("StandardError", expected.StandardError),
                ("Variance", expected.Variance), ("StandardDeviation", expected.StandardDeviation),
                ("Skewness", expected.Skewness), ("Kurtosis", expected.Kurtosis),
            })
            {
                Assert.True(value == statistics.GetProperty(key).GetDouble(), $"{fullName}: {key}");
            }

            Assert.Equal(expected.AllOutliers, statistics.GetProperty("AllOutliers").EnumerateArray().Select(v => v.GetDouble()));
            var interval = statistics.GetProperty("ConfidenceInterval");
            Assert.Equal(expected.ConfidenceInterval.N, interval.GetProperty("N").GetInt32());
            Assert.Equal((int)expected.ConfidenceInterval.Level, interval.GetProperty("Level").GetInt32());
            Assert.Equal(expected.ConfidenceInterval.Margin, interval.GetProperty("Margin").GetDouble());
            Assert.Equal(expected.ConfidenceInterval.Lower, interval.GetProperty("Lower").GetDouble());
            var percentiles = statistics.GetProperty("Percentiles");
            Assert.Equal(expected.Percentiles.P90, percentiles.GetProperty("P90").GetDouble());
            Assert.Equal(expected.Percentiles.P0, percentiles.GetProperty("P0").GetDouble());

            // The same keys, in the same order, as the export BenchmarkDotNet wrote.
            Assert.Equal(source.GetProperty("Statistics").EnumerateObject().Select(p => p.Name), statistics.EnumerateObject().Select(p => p.Name));
        }
    }
}
