using BenchmarkDotNet.Filters;

namespace BenchGuard.Counters;

/// <summary>What a benchmark program tells its counters mode beyond its benchmark classes.</summary>
public sealed class CountersOptions
{
    /// <summary>
    /// Gets the program's profiles by name (matched ignoring case), each the filter of the cases it holds, when the
    /// program has profiles: <c>--profile NAME</c> then selects as the program's own run does. Without them
    /// <c>--profile</c> is refused.
    /// </summary>
    public IReadOnlyDictionary<string, IFilter>? Profiles { get; init; }

    /// <summary>Gets the profile used when no <c>--profile</c> is given, or <see langword="null"/> for every case.</summary>
    public string? DefaultProfile { get; init; }

    /// <summary>
    /// Gets what runs once before a marked run's first mark (under callgrind every instruction is slow): for example,
    /// skipping a check of fixtures that the ordinary counting run of the same build has just made.
    /// </summary>
    public Action? BeforeMarkedRun { get; init; }
}
