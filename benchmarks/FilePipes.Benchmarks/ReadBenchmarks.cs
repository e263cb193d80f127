using System.IO.Pipelines;
using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;
#if PEER_ADAPTERS
using FilePipes.Benchmarks.PeerAdapters;
#endif

namespace FilePipes.Benchmarks;

/// <summary>
/// The seed report's matrix: read a whole file of ulongs and return their sum, by every way .NET offers.
/// BufferSize means the same for every method: the number of bytes each read system call asks for. Each method's
/// mapping is documented on the type that implements it.
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.Read)]
public class ReadBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have in the full profile: 5 buffer sizes × 2 options × 2 files.</summary>
    public const int MaxCasesPerMethod = 20;

    private string path = string.Empty;
    private byte[] buffer = [];
    private FilePipeOptions filePipeOptions = FilePipeOptions.Default;
    private FilePipeOptions parallelOptions = FilePipeOptions.Default;
    private StreamPipeReaderOptions streamReaderOptions = new();
    private PipeOptions pumpOptions = PipeOptions.Default;

    /// <summary>Gets or sets the bytes per read call. 2 KiB: below a page, where per-call overhead dominates.
    /// 4 KiB: one page, the seed report's small case. 16 KiB: in between. 64 KiB: the size the seed report recommends.
    /// 256 KiB: past the point of diminishing returns.</summary>
    [Params(2 * 1024, 4 * 1024, 16 * 1024, 64 * 1024, 256 * 1024)]
    public int BufferSize { get; set; } = 64 * 1024;

    /// <summary>Gets or sets how the file is opened. Synchronous is the fast path on Linux; asynchronous is what an
    /// async pipeline on Windows would open with.</summary>
    [Params(ReadFileOptions.SequentialScan, ReadFileOptions.AsynchronousSequentialScan)]
    public ReadFileOptions FileOptions { get; set; } = ReadFileOptions.SequentialScan;

    /// <summary>Gets or sets the file. 4 MiB: per-file setup still shows. 128 MiB: the seed report's file.</summary>
    [ParamsSource(nameof(Files))]
    public UlongFile File { get; set; } = UlongFile.HundredTwentyEightMiB;

    /// <summary>Gets the values of <see cref="File"/>.</summary>
    public static IEnumerable<UlongFile> Files => [UlongFile.FourMiB, UlongFile.HundredTwentyEightMiB];

    private System.IO.FileOptions OpenOptions => (System.IO.FileOptions)this.FileOptions;

    /// <summary>Generates or verifies the file and allocates everything reused across invocations.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.path = this.Fixtures.Ensure(this.File);
        this.buffer = new byte[this.BufferSize];
        // Inline spelled out: the library's default reads a large file in parallel, and FilePipeReader is the inline case.
        this.filePipeOptions = new FilePipeOptions { BufferSize = this.BufferSize, FileOptions = this.OpenOptions, ReadAhead = 0 };
        this.parallelOptions = ParallelReading.With(this.filePipeOptions);

        // minimumReadSize = bufferSize: a new segment whenever the current one cannot take a whole BufferSize read.
        this.streamReaderOptions = new StreamPipeReaderOptions(bufferSize: this.BufferSize, minimumReadSize: this.BufferSize);
        this.pumpOptions = PumpPipeOptions.For(this.BufferSize);
    }

    /// <summary>FileStream, synchronous reads into one buffer: the baseline.</summary>
    /// <returns>The sum.</returns>
    [Benchmark(Baseline = true)]
    public ulong FileStreamSync()
    {
        long started = this.Slowdown.Start();
        ulong sum = FileStreamSum.Sync(this.path, this.OpenOptions, this.buffer);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>FileStream, <c>ReadAsync</c> into one buffer.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public async Task<ulong> FileStreamAsync()
    {
        long started = this.Slowdown.Start();
        ulong sum = await FileStreamSum.Async(this.path, this.OpenOptions, this.buffer).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>A plain <see cref="RandomAccess"/> loop: the closest .NET gets to the raw system call.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public ulong RandomAccessSync()
    {
        long started = this.Slowdown.Start();
        ulong sum = RandomAccessSum.Sync(this.path, this.OpenOptions, this.buffer);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Ours, inline: one read at a time on the consumer's thread (<see cref="FilePipeOptions.ReadAhead"/> 0).
    /// BufferSize mapping: <see cref="FilePipeOptions.BufferSize"/> is the segment size and the size of each read.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<ulong> FilePipeReader()
    {
        long started = this.Slowdown.Start();
        ulong sum = await PipeSum.DrainAsync(FilePipe.OpenReader(this.path, this.filePipeOptions)).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Ours with parallel reads (<see cref="ParallelReading"/>): several runs of segments read at once, the
    /// bytes still summed in file order on one thread.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<ulong> FilePipeReaderParallel()
    {
        long started = this.Slowdown.Start();
        ulong sum = await PipeSum.DrainAsync(FilePipe.OpenReader(this.path, this.parallelOptions)).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>The seed report's own pump adapter.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public async Task<ulong> NaiveFileStreamAdapter()
    {
        long started = this.Slowdown.Start();
        ulong sum;
        await using (var adapter = Reading.NaiveFileStreamAdapter.Start(this.path, this.BufferSize, this.OpenOptions, this.pumpOptions))
        {
            sum = await PipeSum.DrainAsync(adapter.Reader).ConfigureAwait(false);
        }

        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>System.IO.Pipelines' <c>PipeReader.Create(stream, options)</c>. BufferSize mapping: unbuffered
    /// FileStream; segments of BufferSize, and a new one whenever less than BufferSize is free.</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    public async Task<ulong> PipeReaderCreate()
    {
        long started = this.Slowdown.Start();
        PipeReader reader = PipeReader.Create(FileStreamSum.OpenUnbuffered(this.path, this.OpenOptions), this.streamReaderOptions);
        ulong sum = await PipeSum.DrainAsync(reader).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }

#if PEER_ADAPTERS
    /// <summary>Nerdbank.Streams' <c>UsePipeReader</c> (built only with <c>-p:PeerAdapters=true</c>).</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.PeerAdapters)]
    public async Task<ulong> NerdbankStreams()
    {
        long started = this.Slowdown.Start();
        ulong sum = await NerdbankStreamsSum.SumAsync(this.path, this.BufferSize, this.OpenOptions, this.pumpOptions).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Pipelines.Sockets.Unofficial's <c>StreamConnection.GetReader</c> (built only with <c>-p:PeerAdapters=true</c>).</summary>
    /// <returns>The sum.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.PeerAdapters)]
    public async Task<ulong> PipelinesSocketsUnofficial()
    {
        long started = this.Slowdown.Start();
        ulong sum = await PipelinesSocketsUnofficialSum.SumAsync(this.path, this.OpenOptions, this.pumpOptions).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return sum;
    }
#endif
}
