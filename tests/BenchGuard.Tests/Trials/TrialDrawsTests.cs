using BenchGuard.Trials;

namespace BenchGuard.Tests.Trials;

/// <summary>
/// How trials are drawn from a pool, as properties that every draw must keep: an A/B trial pairs each slowed launch with
/// a plain neighbour, alternately before and after; an A/A trial pairs neighbouring plain launches, alternating which
/// side goes first, and never puts one launch on both sides; a stored-baseline trial is three consecutive base launches
/// against three consecutive head launches that all came later; rounds stay in time order; draws are distinct.
/// </summary>
public sealed class TrialDrawsTests
{
    // The collector's schedule P S10 P S20, 24 launches: S20 at 4, 8, ..., 24 (the last has no launch after it).
    private static readonly List<PoolLaunch> Suite =
        Enumerable.Range(1, 24).Select(seq => new PoolLaunch(seq, ((seq - 1) % 4) switch { 1 => "S10", 3 => "S20", _ => "P" }, $"L{seq}")).ToList();

    [Fact]
    public void ASlowedLaunchIsPairedWithThePlainLaunchBeforeItThenAfterIt()
    {
        var trials = TrialDraws.AbFromLaunches(Suite, "+20%", 3, 10, new Random(1));

        Assert.Equal(10, trials.Count);
        Assert.Equal(trials.Count, trials.Select(Key).Distinct().Count());
        foreach (var trial in trials)
        {
            var heads = trial.Head.Select(Seq).ToList();
            Assert.All(heads, s => Assert.Equal("S20", Kind(s)));
            Assert.DoesNotContain(24, heads);
            Assert.Equal(heads.Order(), heads);
            Assert.Equal(heads.Count, heads.Distinct().Count());
            for (var r = 0; r < heads.Count; r++)
            {
                Assert.Equal(heads[r] + (r % 2 == 0 ? -1 : 1), Seq(trial.Base[r]));
            }
        }
    }

    [Fact]
    public void AsManyRoundsAsUsableLaunchesGiveOneTrialAndMoreGiveNone()
    {
        // Five S20 launches have a plain launch on both sides (4, 8, 12, 16, 20).
        var all = TrialDraws.AbFromLaunches(Suite, "+20%", 5, 10, new Random(2));
        Assert.Equal(["L4", "L8", "L12", "L16", "L20"], Assert.Single(all).Head);

        Assert.Empty(TrialDraws.AbFromLaunches(Suite, "+20%", 6, 10, new Random(2)));
        Assert.Equal(6, TrialDraws.AbFromLaunches(Suite, "+10%", 6, 10, new Random(2)).Single().Head.Count);
    }

    [Fact]
    public void ASlowedLaunchNeedsAPlainLaunchOnBothSides()
    {
        // S20 at 3 follows a slowed launch; S20 at 6 is followed by one; only S20 at 9 has plain launches on both sides.
        List<PoolLaunch> pool = [.. new[] { "P", "S10", "S20", "P", "P", "S20", "S10", "P", "S20", "P" }.Select((kind, i) => new PoolLaunch(i + 1, kind, $"L{i + 1}"))];

        var trial = Assert.Single(TrialDraws.AbFromLaunches(pool, "+20%", 1, 10, new Random(4)));

        Assert.Equal(["L9"], trial.Head);
        Assert.Equal(["L8"], trial.Base);
    }

    [Fact]
    public void AnAAPartitionOfExactlyKPairsIsDrawnFrom()
    {
        // Four plain launches: pairs (1, 2) and (3, 4) in one partition, (2, 3) in the other.
        List<PoolLaunch> pool = [.. Enumerable.Range(1, 4).Select(seq => new PoolLaunch(seq, "P", $"L{seq}"))];

        var trial = Assert.Single(TrialDraws.AbFromLaunches(pool, "A/A", 2, 10, new Random(5)));

        Assert.Equal(["L1", "L4"], trial.Base);
        Assert.Equal(["L2", "L3"], trial.Head);
        Assert.Empty(TrialDraws.AbFromLaunches(pool, "A/A", 3, 10, new Random(5)));
    }

    [Fact]
    public void AnAATrialPairsNeighbouringPlainLaunchesAndAlternatesTheirOrder()
    {
        var trials = TrialDraws.AbFromLaunches(Suite, "A/A", 3, 12, new Random(3));

        Assert.Equal(12, trials.Count);
        Assert.Equal(trials.Count, trials.Select(Key).Distinct().Count());
        var plain = Suite.Where(l => l.Kind == "P").Select(l => l.Seq).ToList();
        foreach (var trial in trials)
        {
            Assert.All(trial.Base.Concat(trial.Head), f => Assert.Equal("P", Kind(Seq(f))));
            Assert.Empty(trial.Base.Intersect(trial.Head));
            for (var r = 0; r < trial.Base.Count; r++)
            {
                var (b, h) = (Seq(trial.Base[r]), Seq(trial.Head[r]));
                Assert.Equal(1, Math.Abs(plain.IndexOf(b) - plain.IndexOf(h)));
                Assert.Equal(r % 2 == 0, b < h);
            }

            // Rounds in time order, and each pair from one fixed partition: the earlier launch of every pair sits at
            // the same parity in the plain launches.
            var firsts = trial.Base.Zip(trial.Head, (b, h) => Math.Min(Seq(b), Seq(h))).ToList();
            Assert.Equal(firsts.Order(), firsts);
            Assert.Single(firsts.Select(s => plain.IndexOf(s) % 2).Distinct());
        }
    }

    [Fact]
    public void AnAATrialLongerThanAnyPartitionIsNotDrawn()
    {
        // 12 plain launches: 6 pairs from the first, 5 from the second partition.
        Assert.All(TrialDraws.AbFromLaunches(Suite, "A/A", 6, 20, new Random(4)), t => Assert.Equal("L1", t.Base[0]));
        Assert.Empty(TrialDraws.AbFromLaunches(Suite, "A/A", 7, 20, new Random(4)));
    }

    [Fact]
    public void AStoredBaselineTrialIsThreeConsecutiveLaunchesAgainstThreeLaterOnes()
    {
        var trials = TrialDraws.StoredFromLaunches(Suite, "+10%", 5, new Random(5));

        Assert.Equal(5, trials.Count);
        Assert.Equal(trials.Count, trials.Select(Key).Distinct().Count());
        var plain = Suite.Where(l => l.Kind == "P").Select(l => l.Seq).ToList();
        var slowed = Suite.Where(l => l.Kind == "S10").Select(l => l.Seq).ToList();
        foreach (var trial in trials)
        {
            var b = trial.Base.Select(Seq).ToList();
            var h = trial.Head.Select(Seq).ToList();
            Assert.Equal(plain.Skip(plain.IndexOf(b[0])).Take(3), b);
            Assert.Equal(slowed.Skip(slowed.IndexOf(h[0])).Take(3), h);
            Assert.True(h[0] > b[^1], $"{string.Join(',', b)} / {string.Join(',', h)}");
        }
    }

    [Fact]
    public void EveryStoredBaselineTrialIsFoundWhenMoreAreAskedFor()
    {
        // Plain windows end at 5, 7, ..., 23; S10 windows start at 2, 6, 10, 14. Wholly later: 0 + 1 + 3 + 5 pairs.
        var trials = TrialDraws.StoredFromLaunches(Suite, "+10%", 100, new Random(6));

        Assert.Equal(9, trials.Count);
        Assert.Equal(9, trials.Select(Key).Distinct().Count());
    }

    [Fact]
    public void RoundsTrialsKeepTheRoundsOfTheirLevelInTimeOrder()
    {
        var rounds = Enumerable.Range(1, 12).Select(n => new PoolRound(n, n % 2 == 1 ? "P" : "S20", n % 2 == 1 ? "A/A" : "+20%", $"b{n}", $"h{n}")).ToList();

        var trials = TrialDraws.AbFromRounds(rounds, "+20%", 4, 8, new Random(7));

        Assert.Equal(8, trials.Count);
        Assert.Equal(trials.Count, trials.Select(Key).Distinct().Count());
        foreach (var trial in trials)
        {
            var numbers = trial.Head.Select(h => int.Parse(h[1..], System.Globalization.CultureInfo.InvariantCulture)).ToList();
            Assert.All(numbers, n => Assert.Equal(0, n % 2));
            Assert.Equal(numbers.Order(), numbers);
            Assert.Equal(numbers.Select(n => $"b{n}"), trial.Base);
        }

        Assert.Single(TrialDraws.AbFromRounds(rounds, "+20%", 6, 8, new Random(7)));
        Assert.Empty(TrialDraws.AbFromRounds(rounds, "+20%", 7, 8, new Random(7)));
    }

    [Fact]
    public void RoundsStoredTrialsTakeBasesOfAnyRoundAndHeadsOfTheLevelLater()
    {
        var rounds = Enumerable.Range(1, 10).Select(n => new PoolRound(n, n % 2 == 1 ? "P" : "S10", n % 2 == 1 ? "A/A" : "+10%", $"b{n}", $"h{n}")).ToList();

        var trials = TrialDraws.StoredFromRounds(rounds, "+10%", 100, new Random(8));

        Assert.NotEmpty(trials);
        Assert.Equal(trials.Count, trials.Select(Key).Distinct().Count());
        foreach (var trial in trials)
        {
            var b = trial.Base.Select(f => int.Parse(f[1..], System.Globalization.CultureInfo.InvariantCulture)).ToList();
            var h = trial.Head.Select(f => int.Parse(f[1..], System.Globalization.CultureInfo.InvariantCulture)).ToList();
            Assert.Equal(Enumerable.Range(b[0], 3), b);
            Assert.All(h, n => Assert.Equal(0, n % 2));
            Assert.Equal(Enumerable.Range(0, 3).Select(i => h[0] + (2 * i)), h);
            Assert.True(h[0] > b[^1]);
        }

        // Base windows end at 3..10, head windows start at 2, 4, 6: the ones wholly later number 0 + 1 + 3.
        Assert.Equal(4, trials.Count);
    }

    private static int Seq(string folder) => int.Parse(folder[1..], System.Globalization.CultureInfo.InvariantCulture);

    private static string Kind(int seq) => Suite[seq - 1].Kind;

    private static string Key(Trial t) => string.Join(',', t.Base) + "/" + string.Join(',', t.Head);
}
