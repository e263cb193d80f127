namespace FilePipes.Benchmarks.Fixtures;

/// <summary>
/// A binary fixture: incrementing little-endian <see cref="ulong"/>s (0, 1, 2, ...) filling <see cref="Length"/> bytes.
/// Its <see cref="ToString"/> is what BenchmarkDotNet prints in the benchmark's FullName, so it is short and never
/// changes: baselines and the trend history are keyed by it.
/// </summary>
/// <param name="Name">The display name, e.g. <c>128MiB</c>.</param>
/// <param name="Length">The file length in bytes; a multiple of 8.</param>
public sealed record UlongFile(string Name, long Length)
{
    /// <summary>1 KiB: a file that fits in one buffer, so open/close and call overhead dominate.</summary>
    public static UlongFile OneKiB { get; } = new("1KiB", 1024);

    /// <summary>4 KiB: one page, where opening and closing the file is most of the cost.</summary>
    public static UlongFile FourKiB { get; } = new("4KiB", 4 * 1024);

    /// <summary>64 KiB: one default segment.</summary>
    public static UlongFile SixtyFourKiB { get; } = new("64KiB", 64 * 1024);

    /// <summary>256 KiB: one run of parallel reads (<c>ParallelReading.RunBytes</c>).</summary>
    public static UlongFile TwoHundredFiftySixKiB { get; } = new("256KiB", 256 * 1024);

    /// <summary>1 MiB: many buffers, still well inside every cache.</summary>
    public static UlongFile OneMiB { get; } = new("1MiB", 1024 * 1024);

    /// <summary>4 MiB: small enough that per-file setup cost still shows in the total.</summary>
    public static UlongFile FourMiB { get; } = new("4MiB", 4 * 1024 * 1024);

    /// <summary>100 MiB: large enough that the per-byte cost dominates everything else.</summary>
    public static UlongFile HundredMiB { get; } = new("100MiB", 100 * 1024 * 1024);

    /// <summary>128 MiB: the seed report's file, where per-read cost dominates.</summary>
    public static UlongFile HundredTwentyEightMiB { get; } = new("128MiB", 128 * 1024 * 1024);

    /// <summary>Gets how many <see cref="ulong"/>s the file holds.</summary>
    public long Count => this.Length / sizeof(ulong);

    /// <summary>Gets the sum of every value, 0 + 1 + ... + (n-1) = n(n-1)/2, wrapping like the benchmarks do.</summary>
    public ulong ExpectedSum => unchecked((ulong)this.Count * (ulong)(this.Count - 1) / 2);

    /// <inheritdoc/>
    public override string ToString() => this.Name;
}
