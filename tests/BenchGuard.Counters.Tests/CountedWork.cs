using BenchmarkDotNet.Attributes;

namespace BenchGuard.Counters.Tests;

/// <summary>A benchmark whose cost is known exactly: one 24 B object, and <see cref="Reads"/> read system calls.</summary>
public class CountedWork : IDisposable
{
    private readonly byte[] buffer = new byte[16];
    private Microsoft.Win32.SafeHandles.SafeFileHandle? handle;
    private string path = string.Empty;

    /// <summary>Gets or sets the read calls per operation; two values, so the test sees parameters reach the instance.</summary>
    [Params(1, 3)]
    public int Reads { get; set; }

    /// <summary>Gets the object the last operation allocated; kept, so the JIT cannot drop the allocation.</summary>
    public object? Kept { get; private set; }

    /// <summary>Gets how many times the global setup and cleanup ran.</summary>
    public int Setups { get; private set; }

    /// <summary>Creates the file the operations read.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.path = Path.Combine(Path.GetTempPath(), $"benchguard-counted-{Guid.NewGuid():N}");
        File.WriteAllBytes(this.path, new byte[16]);
        this.handle = File.OpenHandle(this.path);
        this.Setups++;
    }

    /// <summary>One object of 24 B (an empty object on a 64-bit runtime) and <see cref="Reads"/> reads.</summary>
    /// <returns>The bytes read.</returns>
    [Benchmark]
    public int AllocateAndRead()
    {
        this.Kept = new object();
        int read = 0;
        for (int i = 0; i < this.Reads; i++)
        {
            read += RandomAccess.Read(this.handle!, this.buffer, 0);
        }

        return read;
    }

    /// <summary>Deletes the file.</summary>
    [GlobalCleanup]
    public void Dispose()
    {
        this.handle?.Dispose();
        this.handle = null;
        File.Delete(this.path);
        GC.SuppressFinalize(this);
    }
}
