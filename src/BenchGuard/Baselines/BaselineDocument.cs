namespace BenchGuard.Baselines;

/// <summary>The stored baseline of one runner OS: <c>baselines/&lt;os&gt;/baseline.json</c>.</summary>
/// <param name="Format">Always <see cref="CurrentFormat"/>; how a reader knows the file is a baseline.</param>
/// <param name="Os">The runner label (the folder name).</param>
/// <param name="Runs">The runs that produced the entries, sorted by id; only runs some entry still uses.</param>
/// <param name="Benchmarks">One entry per benchmark, sorted by FullName (ordinal).</param>
public sealed record BaselineDocument(string Format, string Os, IReadOnlyList<BaselineRun> Runs, IReadOnlyList<BaselineEntry> Benchmarks)
{
    /// <summary>The format marker written into every baseline file.</summary>
    public const string CurrentFormat = Output.SchemaName.Prefix + "baseline/1";

    /// <summary>An empty store for <paramref name="os"/>.</summary>
    public static BaselineDocument Empty(string os) => new(CurrentFormat, os, [], []);
}

/// <summary>Provenance of one suite run whose results were stored.</summary>
/// <param name="Id">"date commit", unique per run; entries point at it.</param>
/// <param name="Commit">The commit that was measured.</param>
/// <param name="Date">When the baseline was updated (UTC, ISO 8601).</param>
/// <param name="Runner">The machine that ran it (a GitHub runner name, or "local").</param>
/// <param name="OsVersion">The OS as BenchmarkDotNet reported it.</param>
/// <param name="Cpu">The processor as BenchmarkDotNet reported it.</param>
/// <param name="Runtime">The .NET runtime version.</param>
/// <param name="Architecture">The process architecture.</param>
/// <param name="LogicalCores">Logical cores, when known.</param>
/// <param name="Profile">The suite profile (quick or full).</param>
/// <param name="BenchmarkDotNet">
/// The BenchmarkDotNet version; optional (last, with a default) so that a store that did not record it still loads, as
/// "unknown".
/// </param>
/// <param name="MeasuredOn">
/// <see cref="Baselines.MeasuredOn.Runner"/> or <see cref="Baselines.MeasuredOn.DevelopmentMachine"/>; null in a store
/// that did not record it, which counts as not a runner.
/// </param>
/// <param name="Tool">The tool that stored the run (name and version); null in a store that did not record it.</param>
public sealed record BaselineRun(
    string Id,
    string Commit,
    string Date,
    string Runner,
    string OsVersion,
    string Cpu,
    string Runtime,
    string Architecture,
    int? LogicalCores,
    string Profile,
    string? BenchmarkDotNet = null,
    string? MeasuredOn = null,
    string? Tool = null);

/// <summary>One stored benchmark: what a comparison needs, nothing more.</summary>
/// <param name="FullName">BenchmarkDotNet's FullName (the key).</param>
/// <param name="Type">The benchmark class with its namespace.</param>
/// <param name="Run">The <see cref="BaselineRun.Id"/> it came from.</param>
/// <param name="Job">The BenchmarkDotNet job.</param>
/// <param name="AllocatedBytes">Bytes allocated per operation, or null when not measured.</param>
/// <param name="Launches">Nanoseconds per operation (Statistics.OriginalValues), one array per launch.</param>
public sealed record BaselineEntry(
    string FullName,
    string Type,
    string Run,
    string? Job,
    long? AllocatedBytes,
    IReadOnlyList<IReadOnlyList<double>> Launches);
