using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

public sealed class FileStreamBenchmarksTests : IDisposable
{
    private static readonly UlongFile SmallFile = new("Small", 1_251 * sizeof(ulong));

    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<string, int, FileOptions> Cases()
    {
        var data = new TheoryData<string, int, FileOptions>();
        foreach (var method in BenchmarkMethods.Of(typeof(FileStreamBenchmarks)))
        {
            foreach (int userBuffer in new[] { 512, 4096 })
            {
                foreach (FileOptions options in new[] { FileOptions.None, FileOptions.Asynchronous })
                {
                    data.Add(method.Name, userBuffer, options);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_method_returns_what_it_read_or_wrote(string method, int userBuffer, FileOptions options)
    {
        var benchmark = new FileStreamBenchmarks { Fixtures = this.fixtures.Cache, FileSize = SmallFile, UserBufferSize = userBuffer, FileOptions = options };
        benchmark.Setup();
        byte[] source = File.ReadAllBytes(this.fixtures.Cache.Ensure(SmallFile));

        object? result = await BenchmarkMethods.InvokeAsync(benchmark, typeof(FileStreamBenchmarks).GetMethod(method)!);

        Assert.Equal(Expected(method, source, userBuffer), Assert.IsType<long>(result));
        if (method.Contains("Write", StringComparison.Ordinal) || method.StartsWith("CopyTo", StringComparison.Ordinal))
        {
            Assert.Equal(source, File.ReadAllBytes(benchmark.TargetPath));
        }

        benchmark.Cleanup();
    }

    [Fact]
    public void Every_method_has_an_expected_value()
    {
        byte[] source = new byte[16];
        foreach (var method in BenchmarkMethods.Of(typeof(FileStreamBenchmarks)))
        {
            Expected(method.Name, source, 4);
        }
    }

    private static long Expected(string method, byte[] source, int step)
    {
        long everyByte = source.Sum(b => (long)b);
        long seekStops = 0;
        for (int offset = 0; offset < source.Length; offset += step)
        {
            seekStops += source[offset];
        }

        return method switch
        {
            "Read" or "ReadAsync" or "Write" or "WriteAsync" or "CopyToFile" or "CopyToFileAsync" or "OpenClose" or "WriteByte" => source.Length,
            "SeekForward" or "SeekBackward" => seekStops,
            "ReadByte" => everyByte,
            _ => throw new InvalidOperationException($"No expected value for FileStreamBenchmarks.{method}: add one here."),
        };
    }

    public void Dispose() => this.fixtures.Dispose();
}
