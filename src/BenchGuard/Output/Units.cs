using System.Globalization;

namespace BenchGuard.Output;

/// <summary>Humanized units for reports (the JSON keeps raw nanoseconds and bytes).</summary>
internal static class Units
{
    /// <summary>Nanoseconds as ns, μs, ms or s with three significant-ish decimals.</summary>
    public static string Time(double? nanoseconds)
    {
        if (nanoseconds is not { } ns || !double.IsFinite(ns))
        {
            return "-";
        }

        // A value that two decimals would round up to 1000.00 of a unit is shown as 1.00 of the next one.
        var (value, unit) = Math.Abs(ns) switch
        {
            >= 999.995e6 => (ns / 1e9, "s"),
            >= 999.995e3 => (ns / 1e6, "ms"),
            >= 999.995 => (ns / 1e3, "μs"),
            _ => (ns, "ns"),
        };
        return $"{value.ToString("0.00", CultureInfo.InvariantCulture)} {unit}";
    }

    /// <summary>Bytes as B, KB or MB (1 KB = 1024 B, as BenchmarkDotNet).</summary>
    public static string Bytes(long? bytes)
    {
        if (bytes is not { } b)
        {
            return "-";
        }

        // From 1,048,571 B on, KB with two decimals would round up to 1024 KB: that is 1 MB.
        return Math.Abs(b) switch
        {
            >= (1024 * 1024) - 5 => $"{(b / (1024.0 * 1024)).ToString("0.##", CultureInfo.InvariantCulture)} MB",
            >= 1024 => $"{(b / 1024.0).ToString("0.##", CultureInfo.InvariantCulture)} KB",
            _ => $"{b.ToString(CultureInfo.InvariantCulture)} B",
        };
    }

    /// <summary>A signed byte difference.</summary>
    public static string ByteDelta(long? baseBytes, long? diffBytes) =>
        baseBytes is { } b && diffBytes is { } d ? (d >= b ? "+" : "-") + Bytes(Math.Abs(d - b)) : "-";

    /// <summary>A ratio with two decimals.</summary>
    public static string Ratio(double? ratio) =>
        ratio is { } r && double.IsFinite(r) ? r.ToString("0.00", CultureInfo.InvariantCulture) : "-";

    /// <summary>A plain number for tables.</summary>
    public static string Number(double value) => value.ToString("0.00", CultureInfo.InvariantCulture);
}
