using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.ColdReads;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks;

/// <summary>
/// Read + sum of the 128 MiB file straight from the storage device: the page cache is dropped before every operation
/// (Linux as root, and only with FILEPIPES_DROP_CACHES=1: see <see cref="PageCache"/>), so one operation runs per
/// iteration. Elsewhere the class is skipped with the reason (<see cref="ColdReadFilter"/>). Full profile only: a cold
/// read of 128 MiB costs the device's time, not ours, and it empties the cache of every other process on the machine.
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.ColdRead)]
[InvocationCount(1)]
public class ColdReadBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have: 2 buffer sizes.</summary>
    public const int MaxCasesPerMethod = 2;

    private string path = string.Empty;
    private byte[] buffer = [];
    private FilePipeOptions inlineOptions = FilePipeOptions.Default;
    private FilePipeOptions parallelOptions = FilePipeOptions.Default;

    /// <summary>Gets or sets the bytes per read call. 4 KiB: one page, where a device's latency per request shows
    /// most. 64 KiB: the size the seed report recommends.</summary>
    [Params(4 * 1024, 64 * 1024)]
    public int BufferSize { get; set; } = 64 * 1024;

    /// <summary>Gets or sets the file; tests read a small one.</summary>
    internal UlongFile File { get; set; } = UlongFile.HundredTwentyEightMiB;

    /// <summary>Gets or sets the cache to drop; tests point it at a temporary file.</summary>
    internal PageCache PageCache { get; set; } = PageCache.System;

    /// <summary>Generates or verifies the file and allocates everything reused across operations.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.path = this.Fixtures.Ensure(this.File);

        // A file generated just now may still have dirty pages, which dropping the cache keeps: write them out first.
        using (var handle = System.IO.File.OpenHandle(this.path, FileMode.Open, FileAccess.Write))
        {
            RandomAccess.FlushToDisk(handle);
        }

        this.buffer = new byte[this.BufferSize];
        this.inlineOptions = new FilePipeOptions { BufferSize = this.BufferSize };
        this.parallelOptions = ParallelReading.With(this.inlineOptions);
    }

    /// <summary>Empties the page cache before each operation.</summary>
    [IterationSetup]
    public void DropPageCache() => this.PageCache.Drop();

    /// <summary>FileStream, synchronous reads into one buffer: the baseline.</summary>
    /// <returns>The sum.</returns>
    [Benchmark(Baseline = true)]
    public ulong FileStreamSync()
    {
        long started = this.Slowdown.Start();
        ulong sum = FileStreamSum.Sync(this.path, FileOptions.SequentialScan, this.buffer);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Ours, inline: one read at a time on the caller's thread.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public async Task<ulong> FilePipeReader()
    {
        long started = this.Slowdown.Start();
        ulong sum = await PipeSum.DrainAsync(FilePipe.OpenReader(this.path, this.inlineOptions)).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Ours with parallel reads (<see cref="ParallelReading"/>): several requests in flight at the device.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public async Task<ulong> FilePipeReaderParallel()
    {
        long started = this.Slowdown.Start();
        ulong sum = await PipeSum.DrainAsync(FilePipe.OpenReader(this.path, this.parallelOptions)).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }
}
