using System.IO.Pipelines;
using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks;

/// <summary>
/// Open, read + sum, and close 1,000 distinct small files: the per-file cost (BenchmarkDotNet divides by the file
/// count) and bytes allocated per file. Every method uses its everyday defaults, since a small file is where a
/// reader's setup, not its reads, decides the cost.
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.Read)]
public class SmallFilesBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have in the full profile: 2 file sizes.</summary>
    public const int MaxCasesPerMethod = 2;

    /// <summary>How many files one operation reads.</summary>
    public const int FileCount = 1000;

    private string[] paths = [];
    private byte[] buffer = [];

    /// <summary>Gets or sets each file. 4 KiB: one page, all setup. 64 KiB: one default segment.</summary>
    [ParamsSource(nameof(Sizes))]
    public UlongFile File { get; set; } = UlongFile.FourKiB;

    /// <summary>Gets the values of <see cref="File"/>.</summary>
    public static IEnumerable<UlongFile> Sizes => [UlongFile.FourKiB, UlongFile.SixtyFourKiB];

    /// <summary>Gets or sets how many files an operation reads; tests read fewer.</summary>
    internal int Count { get; set; } = FileCount;

    /// <summary>Generates or verifies the files and allocates the reused buffer.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.paths = new string[this.Count];
        for (int i = 0; i < this.Count; i++)
        {
            this.paths[i] = this.Fixtures.Ensure(new NumberedUlongFileContent(this.File, i));
        }

        this.buffer = new byte[this.File.Length];
    }

    /// <summary><see cref="System.IO.File.ReadAllBytes(string)"/>: a new array per file.</summary>
    /// <returns>The sum over all files.</returns>
    [Benchmark(OperationsPerInvoke = FileCount)]
    public ulong FileReadAllBytes()
    {
        long started = this.Slowdown.Start();
        var sum = default(UlongSum);
        foreach (string path in this.paths)
        {
            sum.Add(System.IO.File.ReadAllBytes(path));
        }

        this.Slowdown.Finish(started);
        return sum.Total;
    }

    /// <summary>FileStream, synchronous reads into one reused buffer the size of a file: the baseline.</summary>
    /// <returns>The sum over all files.</returns>
    [Benchmark(Baseline = true, OperationsPerInvoke = FileCount)]
    public ulong FileStreamSync()
    {
        long started = this.Slowdown.Start();
        ulong sum = 0;
        foreach (string path in this.paths)
        {
            sum += FileStreamSum.Sync(path, FileOptions.SequentialScan, this.buffer);
        }

        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary><c>PipeReader.Create</c> over a default <see cref="FileStream"/>, with default options.</summary>
    /// <returns>The sum over all files.</returns>
    [Benchmark(OperationsPerInvoke = FileCount)]
    public async Task<ulong> PipeReaderCreate()
    {
        long started = this.Slowdown.Start();
        ulong sum = 0;
        foreach (string path in this.paths)
        {
            sum += await PipeSum.DrainAsync(PipeReader.Create(System.IO.File.OpenRead(path))).ConfigureAwait(false);
        }

        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Ours, with the library's default options.</summary>
    /// <returns>The sum over all files.</returns>
    [Benchmark(OperationsPerInvoke = FileCount)]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<ulong> FilePipeReader()
    {
        long started = this.Slowdown.Start();
        ulong sum = 0;
        foreach (string path in this.paths)
        {
            sum += await PipeSum.DrainAsync(FilePipe.OpenReader(path)).ConfigureAwait(false);
        }

        this.Slowdown.Finish(started);
        return sum;
    }
}
