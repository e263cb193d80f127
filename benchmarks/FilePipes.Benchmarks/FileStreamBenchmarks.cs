using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks;

/// <summary>
/// FileStream's own operations, in the manner of dotnet/performance's <c>Perf_FileStream</c>: FileStream keeps its
/// default 4 KiB buffer, and the caller's buffer varies. Every write writes a copy of the source fixture, so
/// <see cref="Cleanup"/> can check it (outside the measured region).
/// </summary>
[Config(typeof(SuiteConfig))]
[BenchmarkCategory(Categories.FileStream)]
public class FileStreamBenchmarks : SuiteBenchmark
{
    /// <summary>The most cases one method may have: a new <c>[Params]</c> value must not silently double CI time.
    /// Today 3 sizes × 2 buffers × 2 options = 12; a test fails when the matrix outgrows this.</summary>
    public const int MaxCasesPerMethod = 16;

    // FileStream's default buffer, as in Perf_FileStream.
    private const int StreamBufferSize = 4096;

    private string sourcePath = string.Empty;
    private byte[] source = [];
    private byte[] userBuffer = [];
    private WriteTarget? target;

    /// <summary>Gets or sets the file. 1 KiB: fits one buffer, open/close dominate. 1 MiB: many buffers, cached.
    /// 100 MiB: per-byte cost dominates.</summary>
    [ParamsSource(nameof(FileSizes))]
    public UlongFile FileSize { get; set; } = UlongFile.OneMiB;

    /// <summary>Gets or sets the caller's buffer. 512: smaller than FileStream's buffer, so it is used.
    /// 4096: as large as FileStream's buffer, so it is bypassed.</summary>
    [Params(512, 4096)]
    public int UserBufferSize { get; set; } = 4096;

    /// <summary>Gets or sets how the file is opened: synchronous, or asynchronous (overlapped on Windows).</summary>
    [Params(FileOptions.None, FileOptions.Asynchronous)]
    public FileOptions FileOptions { get; set; } = FileOptions.None;

    /// <summary>Gets the values of <see cref="FileSize"/>.</summary>
    public static IEnumerable<UlongFile> FileSizes => [UlongFile.OneKiB, UlongFile.OneMiB, UlongFile.HundredMiB];

    /// <summary>Gets the path writes go to.</summary>
    internal string TargetPath => this.target?.Path ?? throw new InvalidOperationException("Setup has not run.");

    /// <summary>Generates or verifies the source, loads it for the writes, and creates the write target.</summary>
    [GlobalSetup]
    public void Setup()
    {
        this.sourcePath = this.Fixtures.Ensure(this.FileSize);
        this.source = File.ReadAllBytes(this.sourcePath);
        this.userBuffer = new byte[this.UserBufferSize];
        this.target = new WriteTarget(this.Fixtures);
    }

    /// <summary>Checks what the writes left, then deletes it.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        try
        {
            this.VerifyWrittenFile();
        }
        finally
        {
            this.target?.Dispose();
        }
    }

    /// <summary>Reads the file in chunks of the caller's buffer.</summary>
    /// <returns>The bytes read.</returns>
    [Benchmark]
    public long Read()
    {
        long started = this.Slowdown.Start();
        long total = 0;
        using (FileStream stream = this.OpenSource())
        {
            int read;
            while ((read = stream.Read(this.userBuffer, 0, this.userBuffer.Length)) > 0)
            {
                total += read;
            }
        }

        this.Slowdown.Finish(started);
        return total;
    }

    /// <summary>Writes the file in chunks of the caller's buffer.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    public long Write()
    {
        long started = this.Slowdown.Start();
        using (FileStream stream = this.CreateTarget())
        {
            for (int offset = 0; offset < this.source.Length; offset += this.UserBufferSize)
            {
                stream.Write(this.source, offset, Math.Min(this.UserBufferSize, this.source.Length - offset));
            }
        }

        this.Slowdown.Finish(started);
        return this.source.Length;
    }

    /// <summary>Reads the file with <c>ReadAsync</c> in chunks of the caller's buffer.</summary>
    /// <returns>The bytes read.</returns>
    [Benchmark]
    public async Task<long> ReadAsync()
    {
        long started = this.Slowdown.Start();
        long total = 0;
        await using (FileStream stream = this.OpenSource())
        {
            int read;
            while ((read = await stream.ReadAsync(this.userBuffer.AsMemory()).ConfigureAwait(false)) > 0)
            {
                total += read;
            }
        }

        this.Slowdown.Finish(started);
        return total;
    }

    /// <summary>Writes the file with <c>WriteAsync</c> in chunks of the caller's buffer.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    public async Task<long> WriteAsync()
    {
        long started = this.Slowdown.Start();
        await using (FileStream stream = this.CreateTarget())
        {
            for (int offset = 0; offset < this.source.Length; offset += this.UserBufferSize)
            {
                int size = Math.Min(this.UserBufferSize, this.source.Length - offset);
                await stream.WriteAsync(this.source.AsMemory(offset, size)).ConfigureAwait(false);
            }
        }

        this.Slowdown.Finish(started);
        return this.source.Length;
    }

    /// <summary>Copies the file with <see cref="Stream.CopyTo(Stream, int)"/>, using the caller's buffer size.</summary>
    /// <returns>The bytes copied.</returns>
    [Benchmark]
    public long CopyToFile()
    {
        long started = this.Slowdown.Start();
        long copied;
        using (FileStream from = this.OpenSource())
        using (FileStream to = this.CreateTarget())
        {
            from.CopyTo(to, this.UserBufferSize);
            copied = to.Position;
        }

        this.Slowdown.Finish(started);
        return copied;
    }

    /// <summary>Copies the file with <see cref="Stream.CopyToAsync(Stream, int)"/>, using the caller's buffer size.</summary>
    /// <returns>The bytes copied.</returns>
    [Benchmark]
    public async Task<long> CopyToFileAsync()
    {
        long started = this.Slowdown.Start();
        long copied;
        await using (FileStream from = this.OpenSource())
        await using (FileStream to = this.CreateTarget())
        {
            await from.CopyToAsync(to, this.UserBufferSize).ConfigureAwait(false);
            copied = to.Position;
        }

        this.Slowdown.Finish(started);
        return copied;
    }

    /// <summary>Opens and closes the file.</summary>
    /// <returns>The file's length, as the open stream reports it.</returns>
    [Benchmark]
    public long OpenClose()
    {
        long started = this.Slowdown.Start();
        long length;
        using (FileStream stream = this.OpenSource())
        {
            length = stream.Length;
        }

        this.Slowdown.Finish(started);
        return length;
    }

    /// <summary>Seeks forward through the file one caller's buffer at a time, reading one byte at each stop.</summary>
    /// <returns>The sum of the bytes read.</returns>
    [Benchmark]
    public long SeekForward()
    {
        long started = this.Slowdown.Start();
        long sum = 0;
        using (FileStream stream = this.OpenSource())
        {
            for (long offset = 0; offset < this.FileSize.Length; offset += this.UserBufferSize)
            {
                stream.Seek(offset, SeekOrigin.Begin);
                sum += stream.ReadByte();
            }
        }

        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Seeks backward from the end, one caller's buffer at a time, reading one byte at each stop.</summary>
    /// <returns>The sum of the bytes read.</returns>
    [Benchmark]
    public long SeekBackward()
    {
        long started = this.Slowdown.Start();
        long sum = 0;
        using (FileStream stream = this.OpenSource())
        {
            long last = (this.FileSize.Length - 1) / this.UserBufferSize * this.UserBufferSize;
            for (long offset = last; offset >= 0; offset -= this.UserBufferSize)
            {
                stream.Seek(offset, SeekOrigin.Begin);
                sum += stream.ReadByte();
            }
        }

        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Reads the whole file one byte at a time.</summary>
    /// <returns>The sum of the bytes.</returns>
    [Benchmark]
    public long ReadByte()
    {
        long started = this.Slowdown.Start();
        long sum = 0;
        using (FileStream stream = this.OpenSource())
        {
            int value;
            while ((value = stream.ReadByte()) >= 0)
            {
                sum += value;
            }
        }

        this.Slowdown.Finish(started);
        return sum;
    }

    /// <summary>Writes the whole file one byte at a time.</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark]
    public long WriteByte()
    {
        long started = this.Slowdown.Start();
        using (FileStream stream = this.CreateTarget())
        {
            foreach (byte value in this.source)
            {
                stream.WriteByte(value);
            }
        }

        this.Slowdown.Finish(started);
        return this.source.Length;
    }

    /// <summary>Throws unless the target, when a write method ran, is an exact copy of the source.</summary>
    internal void VerifyWrittenFile()
    {
        if (!File.Exists(this.TargetPath))
        {
            return;
        }

        WrittenFile.Verify(this.TargetPath, FixtureCache.Describe(this.sourcePath));
    }

    private FileStream OpenSource() =>
        new(this.sourcePath, FileMode.Open, FileAccess.Read, FileShare.Read, StreamBufferSize, this.FileOptions);

    private FileStream CreateTarget() =>
        new(this.TargetPath, FileMode.Create, FileAccess.Write, FileShare.Read, StreamBufferSize, this.FileOptions);
}
