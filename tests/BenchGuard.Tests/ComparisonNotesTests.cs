using System.Text.Json;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// A benchmark that cannot be compared gets a verdict and a note that says why, in the report a reader sees: new,
/// missing, or without measurements on the diff, the base or either side.
/// </summary>
public sealed class ComparisonNotesTests
{
    [Fact]
    public void EachBenchmarkThatCannotBeComparedSaysWhy()
    {
        using var temp = new TempFolder();
        var measured = (string name, int seed) => FakeBenchmark.Of(name, 1000, 0.02, 15, seed);
        FakeBenchmark[] baseSide = [measured("Missing", 1), measured("DiffFailed", 2), FakeBenchmark.FailedOne("BaseFailed"), FakeBenchmark.FailedOne("BothFailed"), measured("Same", 3)];
        FakeBenchmark[] diffSide = [measured("New", 4), FakeBenchmark.FailedOne("NewFailed"), FakeBenchmark.FailedOne("DiffFailed"), measured("BaseFailed", 5), FakeBenchmark.FailedOne("BothFailed"), measured("Same", 3)];
        var run = CompareVerdictTests.CompareRun(temp, baseSide, diffSide);
        Assert.True(run.ExitCode == 0, run.Error);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(temp.Path, "report.json")));

        Assert.Equal(("New", "not in the base"), VerdictAndNote(json, "New"));
        Assert.Equal(("Failed", "no measurements (new benchmark)"), VerdictAndNote(json, "NewFailed"));
        Assert.Equal(("Missing", "not in the diff"), VerdictAndNote(json, "Missing"));
        Assert.Equal(("Failed", "no measurements in the diff"), VerdictAndNote(json, "DiffFailed"));
        Assert.Equal(("Failed", "no measurements in the base"), VerdictAndNote(json, "BaseFailed"));
        Assert.Equal(("Failed", "no measurements in either side"), VerdictAndNote(json, "BothFailed"));
        Assert.Equal(("Same", null), VerdictAndNote(json, "Same"));
    }

    private static (string? Verdict, string? Note) VerdictAndNote(JsonDocument json, string method)
    {
        var benchmark = CompareVerdictTests.Benchmark(json, $"Demo.ReadBenchmarks.{method}");
        var note = benchmark.TryGetProperty("note", out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;
        return (benchmark.GetProperty("verdict").GetString(), note);
    }
}
