using System.IO.Pipelines;
using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.LineSearch;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks;

/// <summary>
/// Find the one line holding <c>giraffe</c> in about 100 MB of text and return its 1-based number. The word sits on
/// the last line, which has no newline and straddles a 4 KiB and a 64 KiB boundary (see <see cref="GiraffeText"/>).
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.LineSearch)]
public class LineSearchBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have in the full profile: 2 buffer sizes.</summary>
    public const int MaxCasesPerMethod = 2;

    /// <summary>The read-ahead of <see cref="FilePipeReaderReadAheadSequenceReader"/>: of 2, 4 and 8 segments, 4 and 8
    /// searched fastest on the 2-core development machine (a quick loop, not a BenchmarkDotNet run), 4 holds less.</summary>
    public const int ReadAheadSegments = 4;

    private static readonly byte[] Needle = "giraffe"u8.ToArray();

    private string path = string.Empty;
    private byte[] buffer = [];
    private FilePipeOptions filePipeOptions = FilePipeOptions.Default;
    private FilePipeOptions readAheadOptions = FilePipeOptions.Default;
    private FilePipeOptions parallelOptions = FilePipeOptions.Default;
    private StreamPipeReaderOptions streamReaderOptions = new();

    /// <summary>Gets or sets the bytes per read call. 4 KiB: one page, many segment boundaries.
    /// 64 KiB: the seed report's size. The needle straddles a boundary of both.</summary>
    [Params(4 * 1024, 64 * 1024)]
    public int BufferSize { get; set; } = 64 * 1024;

    /// <summary>Gets or sets the text to search; tests use a small one.</summary>
    internal GiraffeText Text { get; set; } = GiraffeText.Benchmark;

    /// <summary>Generates or verifies the file and allocates everything reused across invocations.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.path = this.Fixtures.Ensure(this.Text);
        this.buffer = ByteBufferLineSearch.CreateBuffer(this.BufferSize, Needle);
        // Inline spelled out: the library's default reads a file this large in parallel, and this case is the one-thread reader.
        this.filePipeOptions = new FilePipeOptions { BufferSize = this.BufferSize, FileOptions = FileOptions.SequentialScan, ReadAhead = 0 };
        this.readAheadOptions = this.filePipeOptions with { ReadAhead = ReadAheadSegments };
        this.parallelOptions = ParallelReading.With(this.filePipeOptions);
        this.streamReaderOptions = new StreamPipeReaderOptions(bufferSize: this.BufferSize, minimumReadSize: this.BufferSize);
    }

    /// <summary><c>ReadLineAsync</c> + <c>Contains</c>: the everyday way.</summary>
    /// <returns>The line number.</returns>
    [Benchmark]
    public async Task<int> StreamReaderLines()
    {
        long started = this.Slowdown.Start();
        int line = await StreamReaderLineSearch.FindAsync(this.path, this.BufferSize, GiraffeText.Needle).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return line;
    }

    /// <summary>One byte buffer and a vectorized search: the best single-threaded synchronous scan, and so the
    /// baseline the read-ahead goal is stated against.</summary>
    /// <returns>The line number.</returns>
    [Benchmark(Baseline = true)]
    public int ByteBufferScan()
    {
        long started = this.Slowdown.Start();
        int line = ByteBufferLineSearch.Find(this.path, this.buffer, Needle);
        this.Slowdown.Finish(started);
        return line;
    }

    /// <summary>The same scan over <c>PipeReader.Create(FileStream)</c>.</summary>
    /// <returns>The line number.</returns>
    [Benchmark]
    public async Task<int> PipeReaderCreateSequenceReader()
    {
        long started = this.Slowdown.Start();
        PipeReader reader = PipeReader.Create(FileStreamSum.OpenUnbuffered(this.path, FileOptions.SequentialScan), this.streamReaderOptions);
        int line = await SequenceLineSearch.FindAsync(reader, Needle).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return line;
    }

    /// <summary>The same scan over ours, inline (no read-ahead: reads run on the consumer's thread).</summary>
    /// <returns>The line number.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<int> FilePipeReaderSequenceReader()
    {
        long started = this.Slowdown.Start();
        int line = await SequenceLineSearch.FindAsync(FilePipe.OpenReader(this.path, this.filePipeOptions), Needle).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return line;
    }

    /// <summary>The same scan over ours with read-ahead: the next reads run on another thread while this segment is
    /// searched, which is what can make a pipe beat the single-threaded buffer loop.</summary>
    /// <returns>The line number.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<int> FilePipeReaderReadAheadSequenceReader()
    {
        long started = this.Slowdown.Start();
        int line = await SequenceLineSearch.FindAsync(FilePipe.OpenReader(this.path, this.readAheadOptions), Needle).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return line;
    }

    /// <summary>The same scan over ours with parallel reads (<see cref="ParallelReading"/>): the reads spread over
    /// other cores while this thread only searches.</summary>
    /// <returns>The line number.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<int> FilePipeReaderParallelSequenceReader()
    {
        long started = this.Slowdown.Start();
        int line = await SequenceLineSearch.FindAsync(FilePipe.OpenReader(this.path, this.parallelOptions), Needle).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return line;
    }
}
