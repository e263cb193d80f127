using ResultsComparer.Results;

namespace ResultsComparer.Tests;

public sealed class HostEnvironmentTests
{
    // The development machine as BenchmarkDotNet 0.14.0 and 0.15.8 each wrote it (RealOutput/Exports).
    private static readonly HostEnvironment V014 = new("Debian GNU/Linux 12 (bookworm)", "AMD EPYC", ".NET 10.0.12 (10.0.1226.42308)", "0.14.0", "X64", 2);
    private static readonly HostEnvironment V0158 = new("Linux Debian GNU/Linux 12 (bookworm)", "AMD EPYC", ".NET 10.0.12 (10.0.12, 10.0.1226.42308)", "0.15.8", "X64", 2);

    [Fact]
    public void TwoVersionsOfOneMachineDifferOnlyInTheHarness()
    {
        Assert.Empty(V014.MachineDifferencesFrom(V0158));
        Assert.Empty(V0158.MachineDifferencesFrom(V014));
        Assert.Equal("0.14.0 vs 0.15.8", V014.HarnessDifferenceFrom(V0158));
        Assert.Equal(["BenchmarkDotNet: 0.14.0 vs 0.15.8"], V014.DifferencesFrom(V0158));
        Assert.Null(V0158.HarnessDifferenceFrom(V0158));
    }

    [Theory]
    [InlineData("Linux Ubuntu 24.04.1 LTS", "OS: Debian GNU/Linux 12 (bookworm) vs Linux Ubuntu 24.04.1 LTS")]
    [InlineData("Linux Linux Debian GNU/Linux 12 (bookworm)", "OS: Debian GNU/Linux 12 (bookworm) vs Linux Linux Debian GNU/Linux 12 (bookworm)")]
    public void AnotherOsIsStillAnotherMachine(string os, string expected) =>
        Assert.Equal([expected], V014.MachineDifferencesFrom(V0158 with { OsVersion = os }));

    [Theory]
    [InlineData(".NET 10.0.13 (10.0.13, 10.0.1326.1)")]
    [InlineData(".NET 10.0.12 (10.0.12, 10.0.1226.42309)")]
    [InlineData(".NET 10.0.12")]
    public void AnotherRuntimeIsStillAnotherMachine(string runtime) =>
        Assert.Equal([$"runtime: .NET 10.0.12 (10.0.1226.42308) vs {runtime}"], V014.MachineDifferencesFrom(V0158 with { RuntimeVersion = runtime }));
}
