using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbEndToEnd;

/// <summary>The trials' collectors on the temporary repository: one build of one commit, the pool's layout and schedule.</summary>
public sealed class TrialsCollectEndToEndTests(AbRepository repository) : IClassFixture<AbRepository>
{
    private static readonly string[] Dry = ["--bench-arg", "--job", "--bench-arg", "dry"];

    [Fact]
    [Trait("Category", "AbEndToEnd")]
    public void CollectRoundsAlternatesTheSidesAsTheRunnerDoesAndSlowsOnlyTheHead()
    {
        var pool = Path.Combine(repository.NewOut(), "pool");
        var run = ComparerRun.Of(["trials", "collect-rounds", "--repo", repository.Root, "--pool", pool, "--commit", "base", "--filter", "*ProbeBenchmarks*", "--levels", "0,0.20", "--max-rounds", "2", .. Dry]);

        Assert.True(run.ExitCode == 0, run.Error);
        Assert.Equal(repository.Git("rev-parse", "base").Trim(), File.ReadAllText(Path.Combine(pool, "commit.txt")).Trim());
        var rows = File.ReadAllLines(Path.Combine(pool, "rounds.tsv")).Skip(1).Select(l => l.Split('\t')).ToList();
        // Round r, method i: base first when r + i is odd. Methods in the runner's (ordinal) order: Throws, Works.
        Assert.Equal(
            ["1 P Throws base 0", "1 P Throws head 0", "1 P Works head 0", "1 P Works base 0",
             "2 S20 Throws head 0.20", "2 S20 Throws base 0", "2 S20 Works base 0", "2 S20 Works head 0.20"],
            rows.Select(r => $"{r[0]} {r[1]} {r[3].Split('.')[^1]} {r[4]} {r[2]}"));
        Assert.All(rows, r => Assert.Equal("1", r[8]));
        Assert.True(Directory.Exists(Path.Combine(pool, "launches", "R002-S20", "head", "u1")));
    }

    [Fact]
    [Trait("Category", "AbEndToEnd")]
    public void CollectFollowsTheScheduleAndResumesIt()
    {
        var pool = Path.Combine(repository.NewOut(), "pool");
        string[] args = ["trials", "collect", "--repo", repository.Root, "--pool", pool, "--filter", "*ProbeBenchmarks.Works", "--max-launches", "1", .. Dry];

        Assert.Equal(0, ComparerRun.Of(args).ExitCode);
        var second = ComparerRun.Of(args);

        Assert.True(second.ExitCode == 0, second.Error);
        Assert.DoesNotContain("building", second.Out, StringComparison.Ordinal);
        var rows = File.ReadAllLines(Path.Combine(pool, "launches.tsv")).Skip(1).Select(l => l.Split('\t')).ToList();
        Assert.Equal(["1 P 0", "2 S10 0.10"], rows.Select(r => $"{r[0]} {r[1]} {r[2]}"));
        Assert.All(rows, r => Assert.Equal("1", r[6]));
    }
}
