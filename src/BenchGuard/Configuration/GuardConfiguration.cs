using System.Text.Json.Serialization;

namespace BenchGuard.Configuration;

/// <summary>
/// What an adopting repository tells the tool about itself, in <see cref="FileName"/> at its root: its benchmark
/// project, the pull request's slice and verdict, the baseline folder and the trend's names. Everything but the
/// project has a default here, the one definition of it; the file states only what differs.
/// </summary>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record GuardConfiguration
{
    /// <summary>The file's name, at the repository's root.</summary>
    public const string FileName = "benchguard.json";

    /// <summary>Gets the BenchmarkDotNet project, relative to the repository's root (a .csproj).</summary>
    public required string BenchmarkProject { get; init; }

    /// <summary>
    /// Gets the profiles the benchmark program takes as <c>--profile NAME</c>, the pull request's first; null when it
    /// takes none (a plain BenchmarkSwitcher program), and then no launch passes one.
    /// </summary>
    public IReadOnlyList<string>? Profiles { get; init; }

    /// <summary>
    /// Gets environment variables that each name a folder every launch of both sides shares (inputs a benchmark
    /// generates once, such as test files), relative to the root; a variable already set keeps its value.
    /// </summary>
    public IReadOnlyDictionary<string, string> SharedFolders { get; init; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>
    /// Gets MSBuild properties each side's build of the benchmark project gets (<c>-p:NAME=VALUE</c>), such as a switch
    /// that compiles optional benchmarks; <c>pr-report --build-property</c> adds to them or overrides one.
    /// </summary>
    public IReadOnlyDictionary<string, string> BuildProperties { get; init; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>The baselines' folder when the file names none.</summary>
    public const string DefaultBaselines = "baselines";

    /// <summary>Gets the folder of the stored baselines (one folder per runner OS inside), relative to the root.</summary>
    public string Baselines { get; init; } = DefaultBaselines;

    /// <summary>Gets the pull request check's settings.</summary>
    public PullRequestSettings PullRequest { get; init; } = new();

    /// <summary>Gets the trend's settings.</summary>
    public TrendSettings Trend { get; init; } = new();

    /// <summary>Gets the verdict trials' settings.</summary>
    public TrialsSettings Trials { get; init; } = new();

    /// <summary>The profile a command's launches pass: <paramref name="given"/> if it is one of <see cref="Profiles"/>,
    /// else the first; null when the program takes none. A profile the file does not name is bad input.</summary>
    public string? ProfileFor(string? given, string command)
    {
        if (this.Profiles is not { } profiles)
        {
            return given is null ? null
                : throw new InputException($"{command}: --profile {given}: this repository's {FileName} names no profiles, so its benchmark program takes none");
        }

        return given is null ? profiles[0]
            : profiles.Contains(given, StringComparer.Ordinal) ? given
            : throw new InputException($"{command}: --profile must be one of {string.Join('|', profiles)}, not '{given}'");
    }

    /// <summary>
    /// The build's <c>-p:NAME=VALUE</c> arguments: <see cref="BuildProperties"/>, then each of <paramref name="given"/>
    /// (<c>NAME=VALUE</c>, as <c>--build-property</c> takes it), a name given there replacing the file's value.
    /// </summary>
    public IReadOnlyList<string> BuildArguments(IReadOnlyList<string> given, string command)
    {
        var properties = new Dictionary<string, string>(this.BuildProperties, StringComparer.Ordinal);
        foreach (var property in given)
        {
            var equals = property.IndexOf('=', StringComparison.Ordinal);
            var (name, value) = equals < 0 ? (property, null) : (property[..equals], property[(equals + 1)..]);
            properties[name] = value is not null && ConfigurationFile.IsBuildProperty(name, value) ? value
                : throw new InputException($"{command}: --build-property takes NAME=VALUE (an MSBuild property's name, a value without ';'), not '{property}'");
        }

        return [.. properties.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => $"-p:{p.Key}={p.Value}")];
    }

    /// <summary>Gets the trend's suite prefix: <see cref="TrendSettings.Suite"/>, or the project's name.</summary>
    [JsonIgnore]
    public string TrendSuite => this.Trend.Suite ?? Path.GetFileNameWithoutExtension(this.BenchmarkProject);
}

/// <summary>The pull request check: which benchmarks it measures, and the verdict's knobs where they differ from the tool's.</summary>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record PullRequestSettings
{
    /// <summary>Gets BenchmarkDotNet <c>--filter</c> globs of the slice a pull request measures (default: every benchmark).</summary>
    public IReadOnlyList<string> Filters { get; init; } = ["*"];

    /// <summary>Gets the A/B's rounds, or null for the tool's default of the interleaving.</summary>
    public int? Rounds { get; init; }

    /// <summary>Gets the timing threshold (a ratio or percentage, as <c>--threshold</c>), or null for the tool's.</summary>
    public string? Threshold { get; init; }

    /// <summary>Gets the hard limit above which a slower timing fails (as <c>--fail-threshold</c>), or null for the tool's.</summary>
    public string? FailThreshold { get; init; }

    /// <summary>Gets the allocation tolerance (as <c>--alloc-threshold</c>, e.g. 512B), or null for the tool's.</summary>
    public string? AllocationThreshold { get; init; }
}

/// <summary>The trend on the default branch.</summary>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record TrendSettings
{
    /// <summary>Gets the prefix of every trend suite's name ("&lt;suite&gt; time (&lt;os&gt;)"), or null for the project's name.</summary>
    public string? Suite { get; init; }
}

/// <summary>The verdict trials (<c>trials collect|collect-rounds</c>), which slow the head down on purpose.</summary>
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
internal sealed record TrialsSettings
{
    /// <summary>
    /// Gets the environment variable the benchmark program reads as a fraction to slow itself by (0.10: 10% slower),
    /// which the trials set on the head's launches; null when the program has none, and then the trials refuse.
    /// </summary>
    public string? SlowdownVariable { get; init; }
}
