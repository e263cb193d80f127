using System.Text.Json.Nodes;

namespace ResultsComparer.Merging;

/// <summary>One export file of one input run, parsed as a mutable tree.</summary>
/// <param name="Round">The input's position (1-based): its launch index in the merged result.</param>
/// <param name="Input">The input folder or file as given.</param>
/// <param name="File">The export file.</param>
/// <param name="ClassKey">The file name without the export suffix (BenchmarkDotNet names it after the class).</param>
/// <param name="Root">The parsed export.</param>
internal sealed record LaunchInput(int Round, string Input, string File, string ClassKey, JsonObject Root)
{
    /// <summary>The machine fields that must match across merged launches.</summary>
    public static readonly string[] MachineFields = ["OsVersion", "ProcessorName", "RuntimeVersion", "Architecture", "LogicalCoreCount", "BenchmarkDotNetVersion"];

    /// <summary>HostEnvironmentInfo.</summary>
    public JsonObject Host => (JsonObject)this.Root["HostEnvironmentInfo"]!;

    /// <summary>The benchmark objects.</summary>
    public IEnumerable<JsonObject> Benchmarks => ((JsonArray)this.Root["Benchmarks"]!).OfType<JsonObject>();

    /// <summary>How this file's machine differs from <paramref name="other"/>'s ("" when it does not).</summary>
    public string MachineDifference(LaunchInput other) => string.Join("; ", MachineFields
        .Where(f => this.Host[f]?.ToJsonString() != other.Host[f]?.ToJsonString())
        .Select(f => $"{f}: {other.Host[f]?.ToJsonString()} vs {this.Host[f]?.ToJsonString()}"));
}
