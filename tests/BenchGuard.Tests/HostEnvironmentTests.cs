using BenchGuard.Results;

namespace BenchGuard.Tests;

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

    [Theory]
    [InlineData("CPU", "Other CPU")]
    [InlineData("architecture", "Arm64")]
    [InlineData("logical cores", "4")]
    [InlineData("logical cores", null)]
    public void EachMachineFieldIsItsOwnDifference(string field, string? value)
    {
        var other = field switch
        {
            "CPU" => V014 with { ProcessorName = value! },
            "architecture" => V014 with { Architecture = value! },
            _ => V014 with { LogicalCoreCount = value is null ? null : int.Parse(value, System.Globalization.CultureInfo.InvariantCulture) },
        };
        var mine = field switch { "CPU" => "AMD EPYC", "architecture" => "X64", _ => "2" };

        Assert.Equal([$"{field}: {mine} vs {value ?? "?"}"], V014.MachineDifferencesFrom(other));
        Assert.Equal([$"{field}: {value ?? "?"} vs {mine}"], other.MachineDifferencesFrom(V014));
    }

    [Fact]
    public void UnknownCoresOnBothSidesAreTheSame() =>
        Assert.Empty((V014 with { LogicalCoreCount = null }).MachineDifferencesFrom(V014 with { LogicalCoreCount = null }));

    // Only the version repeated in the parentheses is dropped; a runtime written in neither shape is compared as it is.
    [Theory]
    [InlineData(".NET 10.0.12 (10.0.12)", ".NET 10.0.12", true)]
    [InlineData(".NET 10.0.12 (10.0.12, 10.0.1226.42308)", ".NET 10.0.12 (10.0.1226.42308)", true)]
    [InlineData(".NET 10.0.12 (10.0.12, 10.0.1226.42308)", ".NET 10.0.12 (10.0.12, 10.0.1226.42308)", true)]
    [InlineData(".NET 10.0.12 (10.0.1226.42308", ".NET 10.0.12 (10.0.1226.42308)", false)]
    [InlineData(".NET 10.0.12 (10.0.13)", ".NET 10.0.12", false)]
    [InlineData(".NET 10.0.12(10.0.12)", ".NET 10.0.12", false)]
    public void ARuntimeIsTheSameWhenOnlyTheRepeatedVersionDiffers(string a, string b, bool same)
    {
        var differences = (V014 with { RuntimeVersion = a }).MachineDifferencesFrom(V014 with { RuntimeVersion = b });

        Assert.Equal(same, differences.Count == 0);
    }
}
