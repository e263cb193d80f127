using Microsoft.Win32.SafeHandles;

namespace BenchGuard.Counters;

/// <summary>
/// The process's exact running totals: bytes allocated on the managed heap by every thread, and, on Linux, the read
/// and write system calls of every thread (the kernel's <c>syscr</c>/<c>syscw</c> in <c>/proc/self/io</c>, which
/// count each read/pread/readv and write/pwrite/writev call, whatever it transferred).
/// </summary>
internal sealed class ProcessCounters : IDisposable
{
    private const string IoFile = "/proc/self/io";

    // /proc/self/io is a few hundred bytes; read with one pread into a buffer kept for the process, so each reading
    // costs exactly one read system call and no managed allocation.
    private readonly byte[] ioText = new byte[4096];
    private readonly SafeFileHandle? io;

    private ProcessCounters(SafeFileHandle? io) => this.io = io;

    /// <summary>Gets whether system calls are counted here.</summary>
    public bool CountsSystemCalls => this.io is not null;

    /// <summary>Opens the counters of this process.</summary>
    /// <returns>The counters.</returns>
    public static ProcessCounters Open() =>
        new(OperatingSystem.IsLinux() ? File.OpenHandle(IoFile, FileMode.Open, FileAccess.Read) : null);

    /// <summary>
    /// Reads the totals now: the allocation figure first, then the system calls. A reading allocates nothing and makes
    /// one read system call, the same in every reading, so two readings with nothing between them measure that cost.
    /// </summary>
    /// <returns>The totals.</returns>
    public CounterReading Read()
    {
        long allocated = GC.GetTotalAllocatedBytes(precise: true);
        var (reads, writes) = this.ReadSystemCalls();
        return new CounterReading(allocated, reads, writes);
    }

    /// <inheritdoc/>
    public void Dispose() => this.io?.Dispose();

    /// <summary>Parses the <c>syscr</c> and <c>syscw</c> lines of <c>/proc/[pid]/io</c>.</summary>
    /// <param name="text">The file's text, ASCII.</param>
    /// <returns>The read and write system calls.</returns>
    internal static (long Reads, long Writes) ParseIo(ReadOnlySpan<byte> text)
    {
        long? reads = null;
        long? writes = null;
        while (!text.IsEmpty)
        {
            int end = text.IndexOf((byte)'\n');
            ReadOnlySpan<byte> line = end < 0 ? text : text[..end];
            text = end < 0 ? [] : text[(end + 1)..];
            reads ??= Field(line, "syscr: "u8);
            writes ??= Field(line, "syscw: "u8);
        }

        return reads is { } r && writes is { } w
            ? (r, w)
            : throw new InvalidDataException($"{IoFile} has no syscr or syscw line.");
    }

    private static long? Field(ReadOnlySpan<byte> line, ReadOnlySpan<byte> name)
    {
        if (!line.StartsWith(name))
        {
            return null;
        }

        long value = 0;
        foreach (byte digit in line[name.Length..].TrimEnd("\r "u8))
        {
            if (digit is < (byte)'0' or > (byte)'9')
            {
                throw new InvalidDataException($"{IoFile}: '{System.Text.Encoding.ASCII.GetString(line)}' is not a count.");
            }

            value = checked((value * 10) + (digit - '0'));
        }

        return value;
    }

    private (long? Reads, long? Writes) ReadSystemCalls()
    {
        if (this.io is null)
        {
            return (null, null);
        }

        int length = RandomAccess.Read(this.io, this.ioText, fileOffset: 0);
        var (reads, writes) = ParseIo(this.ioText.AsSpan(0, length));
        return (reads, writes);
    }
}
