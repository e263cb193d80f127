namespace BenchGuard.Trials;

/// <summary>One trial: the launch folders of each side, round r of the base next to round r of the head.</summary>
/// <param name="Base">The base side's launches, in round order.</param>
/// <param name="Head">The head side's launches, in round order.</param>
internal sealed record Trial(IReadOnlyList<string> Base, IReadOnlyList<string> Head);

/// <summary>
/// Forms trials from a pool by assigning launches to sides. Trials drawn from one pool share launches, so they are not
/// independent; the report says how many launches stand behind each rate.
/// </summary>
internal static class TrialDraws
{
    private const int StoredWindow = 3;

    /// <summary>
    /// A/B trials of k rounds from a suite pool. A/A: neighbouring plain launches paired (two fixed partitions, so no
    /// launch is on both sides of a trial), ABBA. Slowed: each slowed launch with a plain neighbour, alternately the one
    /// before (odd rounds: base first) and the one after.
    /// </summary>
    public static List<Trial> AbFromLaunches(IReadOnlyList<PoolLaunch> launches, string level, int k, int count, Random random)
    {
        var bySeq = launches.ToDictionary(l => l.Seq);
        if (level == "A/A")
        {
            var plain = launches.Where(l => l.Kind == "P").Select(l => l.Seq).Order().ToList();
            var partitions = new[] { Pairs(plain, 0), Pairs(plain, 1) }.Where(p => p.Count >= k).ToList();
            if (partitions.Count == 0)
            {
                return [];
            }

            return Distinct(count, random, () =>
            {
                var partition = random.Next(partitions.Count);
                return [partition, .. Sample(partitions[partition].Count, k, random)];
            }).Select(draw =>
            {
                var pairs = partitions[draw[0]];
                var rounds = draw.Skip(1).Select((index, r) => r % 2 == 0 ? pairs[index] : (A: pairs[index].B, B: pairs[index].A)).ToList();
                return new Trial(rounds.Select(p => bySeq[p.A].Folder).ToList(), rounds.Select(p => bySeq[p.B].Folder).ToList());
            }).ToList();
        }

        var kind = KindOf(level);
        var usable = launches.Where(l => l.Kind == kind).Select(l => l.Seq).Order()
            .Where(s => bySeq.TryGetValue(s - 1, out var before) && before.Kind == "P" && bySeq.TryGetValue(s + 1, out var after) && after.Kind == "P")
            .ToList();
        if (usable.Count < k)
        {
            return [];
        }

        return Distinct(count, random, () => Sample(usable.Count, k, random)).Select(draw =>
        {
            var slowed = draw.Select(i => usable[i]).ToList();
            return new Trial(
                slowed.Select((s, r) => bySeq[r % 2 == 0 ? s - 1 : s + 1].Folder).ToList(),
                slowed.Select(s => bySeq[s].Folder).ToList());
        }).ToList();
    }

    /// <summary>
    /// Stored-baseline-like trials from a suite pool: 3 consecutive plain launches against 3 consecutive launches of
    /// the level that all started later (no pairing, as against a stored baseline).
    /// </summary>
    public static List<Trial> StoredFromLaunches(IReadOnlyList<PoolLaunch> launches, string level, int count, Random random)
    {
        var plain = launches.Where(l => l.Kind == "P").OrderBy(l => l.Seq).ToList();
        var heads = launches.Where(l => l.Kind == KindOf(level)).OrderBy(l => l.Seq).ToList();
        return Later(Windows(plain), Windows(heads), l => l.Seq, l => l.Folder, l => l.Folder, count, random);
    }

    /// <summary>A/B trials of k rounds of the level from a rounds pool, rounds in time order.</summary>
    public static List<Trial> AbFromRounds(IReadOnlyList<PoolRound> rounds, string level, int k, int count, Random random)
    {
        var mine = rounds.Where(r => r.Level == level).ToList();
        if (mine.Count < k)
        {
            return [];
        }

        return Distinct(count, random, () => Sample(mine.Count, k, random))
            .Select(draw => new Trial(draw.Select(i => mine[i].Base).ToList(), draw.Select(i => mine[i].Head).ToList()))
            .ToList();
    }

    /// <summary>
    /// Stored-baseline-like trials from a rounds pool: the base launches of 3 consecutive rounds against the head
    /// launches of 3 rounds of the level that all ran later.
    /// </summary>
    public static List<Trial> StoredFromRounds(IReadOnlyList<PoolRound> rounds, string level, int count, Random random) =>
        Later(Windows(rounds), Windows(rounds.Where(r => r.Level == level).ToList()), r => r.Number, r => r.Base, r => r.Head, count, random);

    private static string KindOf(string level) => level == "A/A" ? "P" : "S" + level[1..^1];

    private static List<(int A, int B)> Pairs(List<int> sorted, int offset)
    {
        var pairs = new List<(int, int)>();
        for (var i = offset; i + 1 < sorted.Count; i += 2)
        {
            pairs.Add((sorted[i], sorted[i + 1]));
        }

        return pairs;
    }

    private static List<List<T>> Windows<T>(IReadOnlyList<T> items) =>
        Enumerable.Range(0, Math.Max(0, items.Count - StoredWindow + 1)).Select(i => items.Skip(i).Take(StoredWindow).ToList()).ToList();

    // Every (base window, head window) with the head window wholly later, in random order, the first count of them.
    private static List<Trial> Later<T>(
        List<List<T>> baseWindows, List<List<T>> headWindows, Func<T, int> time, Func<T, string> baseFolder, Func<T, string> headFolder, int count, Random random)
    {
        var space = (from b in baseWindows
                     from h in headWindows
                     where time(h[0]) > time(b[^1])
                     select new Trial(b.Select(baseFolder).ToList(), h.Select(headFolder).ToList())).ToArray();
        random.Shuffle(space);
        return space.Take(count).ToList();
    }

    // k distinct indices of n, in increasing order (so rounds stay in time order).
    private static int[] Sample(int n, int k, Random random)
    {
        var indices = Enumerable.Range(0, n).ToArray();
        for (var i = 0; i < k; i++)
        {
            var j = random.Next(i, n);
            (indices[i], indices[j]) = (indices[j], indices[i]);
        }

        return [.. indices.Take(k).Order()];
    }

    // Up to count distinct draws, giving up after 20 tries per wanted draw (a small pool has few distinct ones).
    private static List<int[]> Distinct(int count, Random random, Func<int[]> draw)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var draws = new List<int[]>();
        for (var attempt = 0; attempt < count * 20 && draws.Count < count; attempt++)
        {
            var next = draw();
            if (seen.Add(string.Join(',', next)))
            {
                draws.Add(next);
            }
        }

        return draws;
    }
}
