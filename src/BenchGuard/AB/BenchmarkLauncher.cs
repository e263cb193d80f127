using System.Text.RegularExpressions;
using BenchGuard.Configuration;
using BenchGuard.Results;

namespace BenchGuard.AB;

/// <summary>Single BenchmarkDotNet processes of one side's build.</summary>
/// <param name="limit">How long one launch may run before its process tree is killed.</param>
/// <param name="environment">Variables every launch gets (the shared fixture folder).</param>
internal sealed partial class BenchmarkLauncher(TimeSpan limit, IReadOnlyDictionary<string, string?> environment)
{
    /// <summary>
    /// The settings of a method launch: in process (an out-of-process launch pays for a generated child project's
    /// build every time), 200 ms iterations, no unrolling. The rounds, not the iterations, carry the verdict, so a
    /// launch of one method is cut to about 5 s and more rounds fit (see docs/verdict-quality.md).
    /// </summary>
    public static readonly string[] MethodLaunchArguments = ["--inProcess", "--iterationTime", "200", "--unrollFactor", "1"];

    /// <summary>Gets how long one launch may run, which it also passes to BenchmarkDotNet as <c>--buildTimeout</c>.</summary>
    public TimeSpan Limit => limit;

    /// <summary>Gets the variables every launch gets.</summary>
    public IReadOnlyDictionary<string, string?> Environment => environment;

    /// <summary>
    /// What every launch passes. --keepFiles: the next launch of a side builds BenchmarkDotNet's generated project
    /// incrementally (launches of a side never overlap). --buildTimeout: BenchmarkDotNet kills that build after 120 s
    /// by default, which slow machines (Windows with Defender) exceed; the launch's own limit still bounds it.
    /// --exporters fulljson --memory: what the comparer reads (every measurement, and bytes per operation), so that a
    /// plain BenchmarkSwitcher program needs no config of its own; BenchmarkDotNet keeps one of each where its config
    /// adds them too.
    /// </summary>
    public IReadOnlyList<string> CommonArguments(string? profile, IReadOnlyList<string> benchArguments) =>
        [.. ProfileArguments(profile), "--exporters", "fulljson", "--memory", "--keepFiles", "--buildTimeout", ((int)limit.TotalSeconds).ToString(System.Globalization.CultureInfo.InvariantCulture), .. benchArguments];

    /// <summary>
    /// What every launch of a repository gets in its environment: each of its configuration's shared folders, under
    /// <paramref name="root"/>, unless the variable is set already (a workflow's own fixture folder).
    /// </summary>
    public static IReadOnlyDictionary<string, string?> SharedEnvironment(GuardConfiguration configuration, string root) =>
        configuration.SharedFolders.ToDictionary(
            pair => pair.Key,
            pair => (string?)(System.Environment.GetEnvironmentVariable(pair.Key) ?? Path.Combine(root, pair.Value)),
            StringComparer.Ordinal);

    /// <summary>The program's <c>--profile</c>, when the configuration names profiles (<paramref name="profile"/> not null).</summary>
    public static IReadOnlyList<string> ProfileArguments(string? profile) => profile is null ? [] : ["--profile", profile];

    /// <summary>One launch of <paramref name="side"/>, its exports in <paramref name="outDir"/>; a failed launch is recorded, never thrown.</summary>
    public LaunchRecord Launch(
        SideBuild side, string label, int round, string method, string outDir, string log, IReadOnlyList<string> arguments, IReadOnlyDictionary<string, string?> extraEnvironment)
    {
        if (Directory.Exists(outDir))
        {
            Directory.Delete(outDir, recursive: true);
        }

        Directory.CreateDirectory(outDir);
        var variables = new Dictionary<string, string?>(environment, StringComparer.Ordinal);
        foreach (var (name, value) in extraEnvironment)
        {
            variables[name] = value;
        }

        var outcome = ChildProcess.Run(
            "dotnet", [side.Program, "--launchCount", "1", "--artifacts", Path.GetFullPath(outDir), .. arguments], side.Source, limit, variables, log);
        return new LaunchRecord(label, round, outcome.Elapsed.TotalSeconds, outcome.ExitCode, CountExports(outDir), method);
    }

    /// <summary>The benchmark methods (Namespace.Class.Method) of <paramref name="side"/> that the arguments select.</summary>
    public IReadOnlyList<string> ListMethods(SideBuild side, IReadOnlyList<string> arguments)
    {
        var outcome = ChildProcess.Run("dotnet", [side.Program, .. arguments, "--list", "flat"], side.Source, limit, environment);
        // The words of BenchmarkDotNet's help after a refusal are not methods.
        if (ArgumentRefusal.Find(outcome.Output) is { } refusal)
        {
            throw new InputException($"the benchmark program refused its arguments ({string.Join(' ', arguments)}): {refusal}");
        }

        return outcome.Output.Split('\n', StringSplitOptions.TrimEntries).Where(line => MethodName().IsMatch(line)).ToList();
    }

    /// <summary>How many exports the comparer reads lie under <paramref name="folder"/>.</summary>
    public static int CountExports(string folder) =>
        Directory.Exists(folder)
            ? Directory.EnumerateFiles(folder, "*.json", SearchOption.AllDirectories)
                .Count(f => f.EndsWith(ResultFiles.FullSuffix, StringComparison.Ordinal) || f.EndsWith(ResultFiles.CompressedSuffix, StringComparison.Ordinal))
            : 0;

    [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")]
    private static partial Regex MethodName();
}
