using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks.Tests;

public sealed class ReadBenchmarksTests : IDisposable
{
    // Not a multiple of any buffer size, so the last read is short.
    private static readonly UlongFile SmallFile = new("Small", 123_457 * sizeof(ulong));

    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<string, int, ReadFileOptions> Cases()
    {
        var data = new TheoryData<string, int, ReadFileOptions>();
        foreach (var method in BenchmarkMethods.Of(typeof(ReadBenchmarks)))
        {
            // 1000 is not a multiple of 8: ulongs straddle reads and segments all the time.
            foreach (int bufferSize in new[] { 1000, 4096, 64 * 1024 })
            {
                foreach (ReadFileOptions options in Enum.GetValues<ReadFileOptions>())
                {
                    data.Add(method.Name, bufferSize, options);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_method_returns_the_sum_of_the_file(string method, int bufferSize, ReadFileOptions options)
    {
        var benchmark = new ReadBenchmarks { Fixtures = this.fixtures.Cache, File = SmallFile, BufferSize = bufferSize, FileOptions = options };
        benchmark.Setup();

        object? sum = await BenchmarkMethods.InvokeAsync(benchmark, typeof(ReadBenchmarks).GetMethod(method)!);

        ulong n = (ulong)SmallFile.Count;
        Assert.Equal(n * (n - 1) / 2, Assert.IsType<ulong>(sum));
    }

    public void Dispose() => this.fixtures.Dispose();
}
