using System.Reflection;

namespace BenchGuard.Output;

/// <summary>
/// The tool's version as every report and stored baseline records it: the package's (release.yml packs the tag's),
/// with the commit it was built from after a '+', so a result says which verdict code made it.
/// </summary>
internal static class ToolVersion
{
    /// <summary>Gets the version alone (<c>--version</c>).</summary>
    public static string Version { get; } =
        typeof(ToolVersion).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "unknown";

    /// <summary>Gets the name and version, as reports and baselines record them.</summary>
    public static string Label { get; } = $"BenchGuard {Version}";
}
