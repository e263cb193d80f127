namespace ResultsComparer.Results;

/// <summary>The parts of BenchmarkDotNet's <c>HostEnvironmentInfo</c> that decide whether timings compare.</summary>
/// <param name="OsVersion">The operating system, as BenchmarkDotNet names it.</param>
/// <param name="ProcessorName">The CPU model.</param>
/// <param name="RuntimeVersion">The .NET runtime that ran the benchmarks.</param>
/// <param name="BenchmarkDotNetVersion">The BenchmarkDotNet version.</param>
/// <param name="Architecture">The process architecture (X64, Arm64...).</param>
/// <param name="LogicalCoreCount">Logical cores, when known.</param>
public sealed record HostEnvironment(
    string OsVersion,
    string ProcessorName,
    string RuntimeVersion,
    string BenchmarkDotNetVersion,
    string Architecture,
    int? LogicalCoreCount)
{
    /// <summary>The fields that differ between two environments, as "Field: a vs b".</summary>
    public IReadOnlyList<string> DifferencesFrom(HostEnvironment other)
    {
        var differences = new List<string>();
        void Check(string field, string a, string b)
        {
            if (!string.Equals(a, b, StringComparison.Ordinal))
            {
                differences.Add($"{field}: {a} vs {b}");
            }
        }

        Check("OS", this.OsVersion, other.OsVersion);
        Check("CPU", this.ProcessorName, other.ProcessorName);
        Check("runtime", this.RuntimeVersion, other.RuntimeVersion);
        Check("BenchmarkDotNet", this.BenchmarkDotNetVersion, other.BenchmarkDotNetVersion);
        Check("architecture", this.Architecture, other.Architecture);
        Check("logical cores", this.LogicalCoreCount?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "?", other.LogicalCoreCount?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "?");
        return differences;
    }
}
