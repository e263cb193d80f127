using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Reading;

namespace FilePipes.Benchmarks.Tests;

public sealed class ReadModeBenchmarksTests : IDisposable
{
    // Not a multiple of any buffer size, and more than four runs of parallel reads at every one.
    private static readonly UlongFile SmallFile = new("Small", 170_001 * sizeof(ulong));

    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<ReadMode, int> Cases()
    {
        var data = new TheoryData<ReadMode, int>();
        foreach (ReadMode mode in Enum.GetValues<ReadMode>())
        {
            foreach (int bufferSize in new[] { 1000, 4096, 64 * 1024 })
            {
                data.Add(mode, bufferSize);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_mode_returns_the_sum_of_the_file(ReadMode mode, int bufferSize)
    {
        var benchmark = new ReadModeBenchmarks { Fixtures = this.fixtures.Cache, File = SmallFile, BufferSize = bufferSize, Mode = mode };
        benchmark.Setup();

        object? sum = await BenchmarkMethods.InvokeAsync(benchmark, typeof(ReadModeBenchmarks).GetMethod(nameof(ReadModeBenchmarks.FilePipeReader))!);

        Assert.Equal(SmallFile.ExpectedSum, Assert.IsType<ulong>(sum));
    }

    [Theory]
    [InlineData(ReadMode.Inline, 0, 1)]
    [InlineData(ReadMode.ReadAhead, 64, 1)]
    [InlineData(ReadMode.Parallel2, 128, 2)]
    [InlineData(ReadMode.Parallel4, 256, 4)]
    [InlineData(ReadMode.Automatic, null, null)]
    public void Each_mode_reads_as_its_name_says(ReadMode mode, int? readAhead, int? parallelReads)
    {
        var benchmark = new ReadModeBenchmarks { Fixtures = this.fixtures.Cache, File = SmallFile, BufferSize = 4096, Mode = mode };
        benchmark.Setup();

        // 64 segments of 4 KiB are one run of 256 KiB.
        Assert.Equal((4096, readAhead, parallelReads), (benchmark.Options.BufferSize, benchmark.Options.ReadAhead, benchmark.Options.ParallelReads));
    }

    public void Dispose() => this.fixtures.Dispose();
}
