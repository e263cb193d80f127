using BenchGuard.Trials;

namespace BenchGuard.Tests.Trials;

/// <summary>The namespace the trials' per-benchmark table leaves out: only what every name shares, never a type or method.</summary>
public sealed class CommonNamespaceTests
{
    [Theory]
    [InlineData("Acme.Perf.", "Acme.Perf.ReadBenchmarks.Read", "Acme.Perf.WriteBenchmarks.Write(Size: 4096)")]
    [InlineData("Acme.", "Acme.Perf.ReadBenchmarks.Read", "Acme.Io.WriteBenchmarks.Write")]
    [InlineData("Acme.Perf.", "Acme.Perf.ReadBenchmarks.Read")]
    [InlineData("", "Acme.Perf.ReadBenchmarks.Read", "Other.ReadBenchmarks.Read")]
    [InlineData("", "ReadBenchmarks.Read", "ReadBenchmarks.Write")]
    [InlineData("", "Acme.ReadBenchmarks.Read", "ReadBenchmarks.Read")]
    [InlineData("Acme.", "Acme.Sub.Read(File: 1.5MiB)", "Acme.Sub.Read(File: 2.5MiB)")]
    [InlineData("")]
    public void TheSharedNamespaceStopsBeforeTheTypeAndItsMethod(string expected, params string[] names) =>
        Assert.Equal(expected, CommonNamespace.Of(names));
}
