using System.Globalization;
using BenchGuard.Output;

namespace BenchGuard.Tests;

/// <summary>The reports' humanized times and sizes read back as the value they stand for, in every unit.</summary>
public sealed class UnitsTests
{
    public static TheoryData<double> Nanoseconds => [0.5, 999, 999.994, 999.995, 1000, 12_345, 999_999, 1e6, 45_678_901, 999_996_000, 1e9, 2.5e9, 123e9, -3.5e6];

    public static TheoryData<long> ByteCounts => [0, 1, 1023, 1024, 1536, 1_048_570, 1_048_571, 1_048_575, 1_048_576, 3_670_016, 5_000_000_000, -2_097_152];

    [Theory]
    [MemberData(nameof(Nanoseconds))]
    public void ATimeReadsBackWithinItsRounding(double ns)
    {
        var (value, unit) = Split(Units.Time(ns));
        var scale = unit switch { "s" => 1e9, "ms" => 1e6, "μs" => 1e3, "ns" => 1.0, _ => throw new InvalidOperationException(unit) };

        // Two decimals of the unit, and the largest unit that keeps the value at 1 or more; never 1000.00 of a unit.
        Assert.InRange(Math.Abs((value * scale) - ns), 0, 0.005 * scale);
        Assert.True(Math.Abs(value) >= 1 || unit == "ns", $"{ns} ns shown as {value} {unit}");
        Assert.True(Math.Abs(value) < 1000 || unit == "s", $"{ns} ns shown as {value} {unit}");
    }

    [Theory]
    [MemberData(nameof(ByteCounts))]
    public void ASizeReadsBackWithinItsRounding(long bytes)
    {
        var (value, unit) = Split(Units.Bytes(bytes));
        var scale = unit switch { "MB" => 1024.0 * 1024, "KB" => 1024.0, "B" => 1.0, _ => throw new InvalidOperationException(unit) };

        Assert.InRange(Math.Abs((value * scale) - bytes), 0, 0.005 * scale);
        Assert.True(Math.Abs(value) >= 1 || unit == "B", $"{bytes} B shown as {value} {unit}");
        Assert.True(Math.Abs(value) < 1024 || unit == "MB", $"{bytes} B shown as {value} {unit}");
    }

    [Fact]
    public void NothingMeasuredIsADash()
    {
        Assert.Equal("-", Units.Time(null));
        Assert.Equal("-", Units.Time(double.NaN));
        Assert.Equal("-", Units.Bytes(null));
    }

    private static (double Value, string Unit) Split(string text)
    {
        var parts = text.Split(' ');
        Assert.Equal(2, parts.Length);
        return (double.Parse(parts[0], CultureInfo.InvariantCulture), parts[1]);
    }
}
