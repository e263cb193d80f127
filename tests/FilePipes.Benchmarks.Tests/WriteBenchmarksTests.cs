using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

public sealed class WriteBenchmarksTests : IDisposable
{
    // Not a multiple of either buffer size, so the last chunk is short.
    private static readonly UlongFile SmallFile = new("Small", 25_001 * sizeof(ulong));

    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<string, int> Cases()
    {
        var data = new TheoryData<string, int>();
        foreach (var method in BenchmarkMethods.Of(typeof(WriteBenchmarks)))
        {
            foreach (int bufferSize in new[] { 1000, 4096 })
            {
                data.Add(method.Name, bufferSize);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_method_writes_the_file_exactly(string method, int bufferSize)
    {
        var benchmark = new WriteBenchmarks { Fixtures = this.fixtures.Cache, File = SmallFile, BufferSize = bufferSize };
        benchmark.Setup();

        // Twice, as BenchmarkDotNet does: the second write must replace the first, not append to it.
        await BenchmarkMethods.InvokeAsync(benchmark, typeof(WriteBenchmarks).GetMethod(method)!);
        object? written = await BenchmarkMethods.InvokeAsync(benchmark, typeof(WriteBenchmarks).GetMethod(method)!);

        Assert.Equal(SmallFile.Length, Assert.IsType<long>(written));
        Assert.Equal(FixtureCache.Describe(new UlongFileContent(SmallFile)).Hash, FixtureCache.Describe(benchmark.TargetPath).Hash);
        benchmark.VerifyWrittenFile();
        string target = benchmark.TargetPath;
        benchmark.Cleanup();
        Assert.False(File.Exists(target));
    }

    [Fact]
    public void A_wrong_written_file_fails_verification()
    {
        var benchmark = new WriteBenchmarks { Fixtures = this.fixtures.Cache, File = SmallFile, BufferSize = 4096 };
        benchmark.Setup();
        benchmark.FileStreamSync();
        using (var stream = new FileStream(benchmark.TargetPath, FileMode.Open, FileAccess.Write))
        {
            stream.Position = 100;
            stream.WriteByte(0xFF);
        }

        Assert.Throws<InvalidDataException>(benchmark.VerifyWrittenFile);
    }

    public void Dispose() => this.fixtures.Dispose();
}
