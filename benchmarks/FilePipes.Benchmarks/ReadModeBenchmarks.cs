using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks;

/// <summary>
/// Read + sum with each of the reader's modes across file sizes: where a thread-pool hop starts to pay for itself,
/// and how many reads in flight help. The measurement behind <see cref="FilePipeOptions"/>' defaults
/// (docs/results.md). Full profile only: it tunes the library, it does not guard it.
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.ReadModes)]
public class ReadModeBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have: 2 buffer sizes × 5 files × 5 modes.</summary>
    public const int MaxCasesPerMethod = 50;

    private string path = string.Empty;
    private FilePipeOptions options = FilePipeOptions.Default;

    /// <summary>Gets or sets the bytes per read call. 4 KiB: one page, where a read costs less than a thread hop.
    /// 64 KiB: the default segment.</summary>
    [Params(4 * 1024, 64 * 1024)]
    public int BufferSize { get; set; } = 64 * 1024;

    /// <summary>Gets or sets the file. 64 KiB: one default segment. 256 KiB: one run of parallel reads. 1 MiB and
    /// 4 MiB: a few runs, where the crossover should lie. 128 MiB: the seed report's file.</summary>
    [ParamsSource(nameof(Files))]
    public UlongFile File { get; set; } = UlongFile.HundredTwentyEightMiB;

    /// <summary>Gets or sets how the reader schedules its reads.</summary>
    [Params(ReadMode.Inline, ReadMode.ReadAhead, ReadMode.Parallel2, ReadMode.Parallel4, ReadMode.Automatic)]
    public ReadMode Mode { get; set; } = ReadMode.Inline;

    /// <summary>Gets the options of the mode, once <see cref="Setup"/> has run.</summary>
    internal FilePipeOptions Options => this.options;

    /// <summary>Gets the values of <see cref="File"/>.</summary>
    public static IEnumerable<UlongFile> Files =>
        [UlongFile.SixtyFourKiB, UlongFile.TwoHundredFiftySixKiB, UlongFile.OneMiB, UlongFile.FourMiB, UlongFile.HundredTwentyEightMiB];

    /// <summary>Generates or verifies the file and builds the mode's options.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.path = this.Fixtures.Ensure(this.File);
        // Every mode but Automatic spelled out, so a change of the library's defaults cannot change what a case
        // measures; Automatic is those defaults.
        var segments = new FilePipeOptions { BufferSize = this.BufferSize, ReadAhead = 0, ParallelReads = 1 };
        this.options = this.Mode switch
        {
            ReadMode.Automatic => new FilePipeOptions { BufferSize = this.BufferSize },
            ReadMode.Inline => segments,
            ReadMode.ReadAhead => ParallelReading.WithReadAhead(segments),
            ReadMode.Parallel2 => ParallelReading.With(segments, 2),
            ReadMode.Parallel4 => ParallelReading.With(segments, 4),
            _ => throw new InvalidOperationException($"No options for the mode {this.Mode}."),
        };
    }

    /// <summary>Ours, in the mode of <see cref="Mode"/>.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public async Task<ulong> FilePipeReader()
    {
        long started = this.Slowdown.Start();
        ulong sum = await PipeSum.DrainAsync(FilePipe.OpenReader(this.path, this.options)).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }
}
