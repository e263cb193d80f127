using System.Text.Json;
using BenchGuard.AB;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>pr-report runs on fake builds (<see cref="FakeBuild"/>) and what they leave in their output folder.</summary>
internal static class AbOutput
{
    /// <summary>
    /// pr-report of the first commit against itself, both sides taken as built (--keep-src --reuse-build) from the
    /// output's own checkouts (<see cref="Sources"/>).
    /// </summary>
    public static ComparerRun PrReport(TinyRepository repository, string output, params string[] args) =>
        ComparerRun.Of(["pr-report", "--repo", repository.Root, "--base", "first", "--head", "first", "--out", output, "--src", Sources(output), "--keep-src", "--reuse-build", .. args]);

    /// <summary>The checkouts' folder (--src) of an output folder: beside it, so that two outputs of one repository never share builds.</summary>
    public static string Sources(string output) => output + "-src";

    /// <summary>The checkout of <paramref name="side"/> (base or head) that pr-report makes for <paramref name="output"/>.</summary>
    public static SideBuild Side(string output, string side) => new(side, Path.Combine(Sources(output), side), TestConfiguration.Project);

    // A fresh output folder with both sides' checkouts of the first commit, each with its fake build.
    public static string Plant(TinyRepository repository, FakeBuild baseBuild, FakeBuild headBuild)
    {
        var output = repository.NewOut();
        foreach (var (side, build) in new[] { ("base", baseBuild), ("head", headBuild) })
        {
            var checkout = Side(output, side);
            repository.Git("worktree", "add", "--detach", "--quiet", checkout.Source, repository.First);
            build.At(checkout.Program);
        }

        return output;
    }

    public static Dictionary<string, string> Verdicts(string compareJson)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(compareJson));
        return document.RootElement.GetProperty("benchmarks").EnumerateArray()
            .ToDictionary(b => b.GetProperty("fullName").GetString()!, b => b.GetProperty("verdict").GetString()!);
    }

    public static List<string[]> Launches(string output) =>
        File.ReadAllLines(Path.Combine(output, "ab", "launches.tsv")).Skip(1).Select(l => l.Split('\t')).ToList();

    public static List<string> FullNames(string folder) =>
        Exports(folder).SelectMany(file =>
        {
            using var document = JsonDocument.Parse(File.ReadAllText(file));
            return document.RootElement.GetProperty("Benchmarks").EnumerateArray().Select(b => b.GetProperty("FullName").GetString()!).ToList();
        }).ToList();

    public static IEnumerable<string> Exports(string folder) =>
        Directory.EnumerateFiles(folder, "*-report-full.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal);

    public static JsonElement Benchmark(string folder, string fullName)
    {
        foreach (var file in Exports(folder))
        {
            using var document = JsonDocument.Parse(File.ReadAllText(file));
            foreach (var benchmark in document.RootElement.GetProperty("Benchmarks").EnumerateArray())
            {
                if (benchmark.GetProperty("FullName").GetString() == fullName)
                {
                    return benchmark.Clone();
                }
            }
        }

        throw new InvalidOperationException($"{fullName} is not in {folder}");
    }

    public static List<double> OriginalValues(string folder, string fullName) =>
        Benchmark(folder, fullName).GetProperty("Statistics").GetProperty("OriginalValues").EnumerateArray().Select(v => v.GetDouble()).ToList();
}
