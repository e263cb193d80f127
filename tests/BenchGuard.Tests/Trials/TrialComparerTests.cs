using BenchGuard.Comparison;
using BenchGuard.Tests.Infrastructure;
using BenchGuard.Trials;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// The trials' in-process comparer: each verdict is the comparer's own, a cached one is the same as a fresh one, the
/// paired verdict depends on the rule and its alpha, and a benchmark on one side only keeps its New or Missing.
/// </summary>
public sealed class TrialComparerTests : IDisposable
{
    private readonly TempFolder temp = new();

    [Fact]
    public void APairedVerdictIsNotTheCachedPooledOneOfTheSameTrial()
    {
        var trial = this.Trial(rounds: 2, slowdown: 1.2);
        var fresh = new TrialComparer(this.temp.Folder("fresh")).Compare(trial, "5%", "sign").Single();
        var comparer = new TrialComparer(this.temp.Folder("cached"));

        var pooledOnly = comparer.Compare(trial, "5%", null).Single();
        var paired = comparer.Compare(trial, "5%", "sign").Single();

        // Two rounds cannot make the sign test significant, while the pooled test sees 20%.
        Assert.Equal(Verdict.Slower, pooledOnly.Pooled);
        Assert.NotEqual(pooledOnly.Paired, fresh.Paired);
        Assert.Equal(fresh, paired);
        // With a rule, the pooled column is still the pooled test's, not the paired verdict.
        Assert.Equal(Verdict.Slower, paired.Pooled);
        Assert.NotEqual(Verdict.Slower, paired.Paired);
        Assert.Equal(2, comparer.Comparisons);
    }

    [Fact]
    public void TheSameComparisonIsMadeOnce()
    {
        var trial = this.Trial(rounds: 3, slowdown: 1.0);
        var comparer = new TrialComparer(this.temp.Folder("work"));

        var first = comparer.Compare(trial, "5%", "t");
        var again = comparer.Compare(trial, "5%", "t");
        comparer.Compare(trial, "10%", "t");

        Assert.Same(first, again);
        Assert.Equal(2, comparer.Comparisons);
    }

    [Fact]
    public void ARuleTakesItsAlphaAfterTheAt()
    {
        var trial = this.Trial(rounds: 2, slowdown: 1.2);
        var comparer = new TrialComparer(this.temp.Folder("work"));

        var strict = comparer.Compare(trial, "5%", "sign").Single().Paired;
        var lenient = comparer.Compare(trial, "5%", "sign@0.99").Single().Paired;

        Assert.NotEqual(strict, lenient);
        Assert.Equal(Verdict.Slower, lenient);
    }

    [Fact]
    public void ABenchmarkOnOneSideKeepsItsVerdictInBothColumns()
    {
        var baseLaunch = BdnJson.Write(this.temp.Folder("b1"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 1)]);
        var headLaunch = BdnJson.Write(this.temp.Folder("h1"), [FakeBenchmark.Of("Read", 1000, 0.02, 5, 2), FakeBenchmark.Of("Added", 1000, 0.02, 5, 3)]);
        var comparer = new TrialComparer(this.temp.Folder("work"));

        var verdicts = comparer.Compare(new Trial([Path.GetDirectoryName(baseLaunch)!], [Path.GetDirectoryName(headLaunch)!]), "5%", "sign");

        var added = Assert.Single(verdicts, v => v.Name == "Demo.ReadBenchmarks.Added");
        Assert.Equal((Verdict.New, Verdict.New), (added.Pooled, added.Paired));
    }

    public void Dispose() => this.temp.Dispose();

    // Rounds of one benchmark, each a launch folder per side; the head slower by the factor within each round.
    private Trial Trial(int rounds, double slowdown)
    {
        var bases = new List<string>();
        var heads = new List<string>();
        for (var round = 1; round <= rounds; round++)
        {
            var drift = 1 + (0.3 * Math.Sin(round * 1.7));
            bases.Add(Path.GetDirectoryName(BdnJson.Write(this.temp.Folder("launches", $"r{round}", "base"), [new FakeBenchmark("Demo.ReadBenchmarks", "Read", "", [FakeBenchmark.Samples(1000 * drift, 0.02, 5, round * 10)], 0)]))!);
            heads.Add(Path.GetDirectoryName(BdnJson.Write(this.temp.Folder("launches", $"r{round}", "head"), [new FakeBenchmark("Demo.ReadBenchmarks", "Read", "", [FakeBenchmark.Samples(1000 * drift * slowdown, 0.02, 5, (round * 10) + 1)], 0)]))!);
        }

        return new Trial(bases, heads);
    }
}
