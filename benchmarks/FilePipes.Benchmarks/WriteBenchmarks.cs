using System.IO.Pipelines;
using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Writing;

namespace FilePipes.Benchmarks;

/// <summary>
/// Write a whole file of ulongs, produced chunk by chunk as it is written. Every invocation overwrites one temporary
/// target; after the last, <see cref="Cleanup"/> checks its length and checksum (outside the measured region) and
/// deletes it.
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.Write)]
public class WriteBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have in the full profile: 2 buffer sizes × 2 files.</summary>
    public const int MaxCasesPerMethod = 4;

    private WriteTarget? target;
    private byte[] buffer = [];
    private StreamPipeWriterOptions streamWriterOptions = new();
    private FilePipeOptions filePipeOptions = FilePipeOptions.Default;
    private FilePipeOptions preallocatingOptions = FilePipeOptions.Default;

    /// <summary>Gets or sets the bytes per write call. 4 KiB: one page, per-call overhead shows.
    /// 64 KiB: the seed report's size.</summary>
    [Params(4 * 1024, 64 * 1024)]
    public int BufferSize { get; set; } = 64 * 1024;

    /// <summary>Gets or sets the file. 4 MiB: open, create and close still show. 128 MiB: the per-byte cost dominates.</summary>
    [ParamsSource(nameof(Files))]
    public UlongFile File { get; set; } = UlongFile.FourMiB;

    /// <summary>Gets the values of <see cref="File"/>.</summary>
    public static IEnumerable<UlongFile> Files => [UlongFile.FourMiB, UlongFile.HundredTwentyEightMiB];

    /// <summary>Gets the path every invocation writes to.</summary>
    internal string TargetPath => this.target?.Path ?? throw new InvalidOperationException("Setup has not run.");

    /// <summary>Creates the target and allocates everything reused across invocations.</summary>
    [GlobalSetup]
    public void Setup()
    {
        if (this.BufferSize % sizeof(ulong) != 0)
        {
            throw new InvalidOperationException($"BufferSize {this.BufferSize} must be a multiple of 8 so chunks hold whole ulongs.");
        }

        this.target = new WriteTarget(this.Fixtures);
        this.buffer = new byte[this.BufferSize];
        this.streamWriterOptions = new StreamPipeWriterOptions(minimumBufferSize: this.BufferSize);
        this.filePipeOptions = new FilePipeOptions { BufferSize = this.BufferSize, FileOptions = FileOptions.None };
        this.preallocatingOptions = this.filePipeOptions with { PreallocationSize = this.File.Length };
    }

    /// <summary>Checks the last written file, then deletes it.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        try
        {
            // Not under the counters' callgrind run, where it cost 8 billion instructions per 128 MiB: the ordinary
            // run of the same build, just before, checked the same writes.
            if (!FixtureCache.SkipVerification)
            {
                this.VerifyWrittenFile();
            }
        }
        finally
        {
            this.target?.Dispose();
        }
    }

    /// <summary>FileStream, synchronous: the baseline.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark(Baseline = true)]
    public long FileStreamSync()
    {
        long started = this.Slowdown.Start();
        long written;
        using (FileStream stream = this.CreateStream(FileOptions.None))
        {
            written = UlongWriter.Write(stream, this.File.Length, this.buffer);
        }

        this.Slowdown.Finish(started);
        return written;
    }

    /// <summary>FileStream opened for asynchronous I/O, <c>WriteAsync</c>.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    public async Task<long> FileStreamAsync()
    {
        long started = this.Slowdown.Start();
        long written;
        await using (FileStream stream = this.CreateStream(FileOptions.Asynchronous))
        {
            written = await UlongWriter.WriteAsync(stream, this.File.Length, this.buffer).ConfigureAwait(false);
        }

        this.Slowdown.Finish(started);
        return written;
    }

    /// <summary><c>PipeWriter.Create(FileStream)</c>. BufferSize mapping: unbuffered FileStream, minimum buffer of
    /// BufferSize, flushed after every chunk.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    public async Task<long> PipeWriterCreate()
    {
        long started = this.Slowdown.Start();
        PipeWriter writer = PipeWriter.Create(this.CreateStream(FileOptions.None), this.streamWriterOptions);
        long written = await UlongWriter.WriteAsync(writer, this.File.Length, this.BufferSize).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return written;
    }

    /// <summary>Ours, without preallocation.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<long> FilePipeWriter()
    {
        long started = this.Slowdown.Start();
        long written = await UlongWriter.WriteAsync(FilePipe.OpenWriter(this.TargetPath, this.filePipeOptions), this.File.Length, this.BufferSize).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return written;
    }

    /// <summary>Ours, preallocating the whole file first.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.FilePipes)]
    public async Task<long> FilePipeWriterPreallocated()
    {
        long started = this.Slowdown.Start();
        long written = await UlongWriter.WriteAsync(FilePipe.OpenWriter(this.TargetPath, this.preallocatingOptions), this.File.Length, this.BufferSize).ConfigureAwait(false);
        this.Slowdown.Finish(started);
        return written;
    }

    /// <summary>Throws unless the target holds exactly the ulongs of <see cref="File"/>.</summary>
    internal void VerifyWrittenFile() => WrittenFile.Verify(this.TargetPath, FixtureCache.Describe(new UlongFileContent(this.File)));

    private FileStream CreateStream(FileOptions options) =>
        new(this.TargetPath, FileMode.Create, FileAccess.Write, FileShare.None, bufferSize: 1, options);
}
