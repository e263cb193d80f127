using System.Globalization;

namespace BenchGuard.Results;

/// <summary>The parts of BenchmarkDotNet's <c>HostEnvironmentInfo</c> that decide whether timings compare.</summary>
/// <param name="OsVersion">The operating system, as BenchmarkDotNet names it.</param>
/// <param name="ProcessorName">The CPU model.</param>
/// <param name="RuntimeVersion">The .NET runtime that ran the benchmarks.</param>
/// <param name="BenchmarkDotNetVersion">The BenchmarkDotNet version ("unknown" when a baseline did not record it).</param>
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
    /// <summary>The field name the harness difference carries in <see cref="DifferencesFrom"/>.</summary>
    public const string HarnessField = "BenchmarkDotNet";

    /// <summary>The fields that differ between two environments, as "Field: a vs b", the harness version included.</summary>
    public IReadOnlyList<string> DifferencesFrom(HostEnvironment other) =>
        this.HarnessDifferenceFrom(other) is { } harness
            ? [.. this.MachineDifferencesFrom(other), $"{HarnessField}: {harness}"]
            : this.MachineDifferencesFrom(other);

    /// <summary>How the machines and runtimes differ, as "Field: a vs b"; the harness version is left out.</summary>
    public IReadOnlyList<string> MachineDifferencesFrom(HostEnvironment other)
    {
        var differences = new List<string>();
        void Check(string field, string a, string b, Func<string, string, bool>? same = null)
        {
            if (!string.Equals(a, b, StringComparison.Ordinal) && same?.Invoke(a, b) != true)
            {
                differences.Add($"{field}: {a} vs {b}");
            }
        }

        Check("OS", this.OsVersion, other.OsVersion, SameOs);
        Check("CPU", this.ProcessorName, other.ProcessorName);
        Check("runtime", this.RuntimeVersion, other.RuntimeVersion, (a, b) => NormalRuntime(a) == NormalRuntime(b));
        Check("architecture", this.Architecture, other.Architecture);
        Check("logical cores", Cores(this.LogicalCoreCount), Cores(other.LogicalCoreCount));
        return differences;
    }

    /// <summary>"0.14.0 vs 0.15.8" when the two sides ran under different BenchmarkDotNet versions, else null.</summary>
    public string? HarnessDifferenceFrom(HostEnvironment other) =>
        string.Equals(this.BenchmarkDotNetVersion, other.BenchmarkDotNetVersion, StringComparison.Ordinal)
            ? null
            : $"{this.BenchmarkDotNetVersion} vs {other.BenchmarkDotNetVersion}";

    // BenchmarkDotNet 0.15 names a Linux OS "Linux " + the distribution's PRETTY_NAME, where 0.14 wrote the
    // PRETTY_NAME alone; the prefix is the whole difference, so it is not read as another machine.
    private static bool SameOs(string a, string b) =>
        string.Equals("Linux " + a, b, StringComparison.Ordinal) || string.Equals(a, "Linux " + b, StringComparison.Ordinal);

    // 0.15 writes ".NET 10.0.12 (10.0.12, 10.0.1226.42308)" where 0.14 wrote ".NET 10.0.12 (10.0.1226.42308)": the
    // version repeated in the parentheses adds nothing, so it is dropped before comparing.
    private static string NormalRuntime(string runtime)
    {
        var open = runtime.IndexOf(" (", StringComparison.Ordinal);
        if (open < 0 || !runtime.EndsWith(')'))
        {
            return runtime;
        }

        var head = runtime[..open];
        var version = head[(head.LastIndexOf(' ') + 1)..];
        var parts = runtime[(open + 2)..^1].Split(", ").Where(part => part != version).ToList();
        return parts.Count == 0 ? head : $"{head} ({string.Join(", ", parts)})";
    }

    private static string Cores(int? count) => count?.ToString(CultureInfo.InvariantCulture) ?? "?";
}
