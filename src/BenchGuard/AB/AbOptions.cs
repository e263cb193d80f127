using BenchGuard.Comparison;

namespace BenchGuard.AB;

/// <summary>Everything one same-runner A/B run decides with.</summary>
/// <param name="Project">The benchmark project, relative to the repository's root.</param>
/// <param name="Work">Where its launches, logs and comparison go.</param>
/// <param name="Sources">Where the sides' checkouts go (base/ and head/), apart from <paramref name="Work"/>: a folder that is uploaded must not hold them.</param>
/// <param name="BaseRef">The base, or null for the merge-base of the head with <paramref name="Against"/>.</param>
/// <param name="Against">The ref whose merge-base with the head is the base.</param>
/// <param name="HeadRef">The head, or null for a snapshot of the working tree.</param>
/// <param name="Rounds">How many ABBA rounds.</param>
/// <param name="Profile">The benchmark program's profile, or null when it takes none.</param>
/// <param name="Interleave">method (one in-process launch per method, sides seconds apart) or suite (whole-slice launches).</param>
/// <param name="Filters">Benchmark globs, at least one (pr-report gives the PR slice when no --filter is given).</param>
/// <param name="Compare">The verdict's knobs for head vs base.</param>
/// <param name="BuildArguments">Extra arguments to each side's build.</param>
/// <param name="BenchArguments">Extra arguments to every launch.</param>
/// <param name="LaunchEnvironment">Variables every launch gets (the repository's shared folders).</param>
/// <param name="LaunchTimeout">How long one launch, and BenchmarkDotNet's child build in it, may take.</param>
/// <param name="KeepSources">Keep the checkouts afterwards.</param>
/// <param name="ReuseBuild">Reuse a kept checkout's build of the same commit.</param>
internal sealed record AbOptions(
    string Project,
    string Work,
    string Sources,
    string? BaseRef,
    string Against,
    string? HeadRef,
    int Rounds,
    string? Profile,
    string Interleave,
    IReadOnlyList<string> Filters,
    CompareOptions Compare,
    IReadOnlyList<string> BuildArguments,
    IReadOnlyList<string> BenchArguments,
    IReadOnlyDictionary<string, string?> LaunchEnvironment,
    TimeSpan LaunchTimeout,
    bool KeepSources,
    bool ReuseBuild)
{
    /// <summary>The interleavings.</summary>
    public static readonly string[] Interleavings = ["method", "suite"];

    /// <summary>
    /// A launch's limit, which each launch also passes to BenchmarkDotNet as <c>--buildTimeout</c>, and which the
    /// scripts that run a whole suite pass too (they read it from <c>policy</c>'s build-timeout-seconds).
    /// </summary>
    /// <remarks>
    /// BenchmarkDotNet kills the child-project build of a launch after 120 s by default, and then the benchmark has no
    /// measurement at all; a slow machine (a Windows runner's first build with a cold package cache) can take longer.
    /// A stalled build is bounded by the job's timeout-minutes instead.
    /// </remarks>
    public static readonly TimeSpan DefaultLaunchTimeout = TimeSpan.FromMinutes(20);

    /// <summary>The default number of rounds of an interleaving.</summary>
    public static int DefaultRounds(string interleave) =>
        interleave == "method" ? VerdictDefaults.MethodRounds : VerdictDefaults.SuiteRounds;
}
