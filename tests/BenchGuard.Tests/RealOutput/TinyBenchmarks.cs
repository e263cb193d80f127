using BenchmarkDotNet.Attributes;

namespace BenchGuard.Tests.RealOutput;

/// <summary>A tiny suite BenchmarkDotNet runs in-process, so the tests read genuine exports, never committed ones.</summary>
public class TinyBenchmarks
{
    /// <summary>Two cases, so FullNames carry parameters as the real suite's do.</summary>
    [Params(16, 64)]
    public int Size { get; set; }

    [Benchmark]
    public int Sum()
    {
        var total = 0;
        for (var i = 0; i < this.Size; i++)
        {
            total += i;
        }

        return total;
    }

    [Benchmark]
    public byte[] Alloc() => new byte[this.Size];

    /// <summary>A benchmark that fails: BenchmarkDotNet exports it with no statistics.</summary>
    [Benchmark]
    public int Throws() => throw new InvalidOperationException("this benchmark fails on purpose");
}
