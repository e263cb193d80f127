using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

public sealed class SmallFilesBenchmarksTests : IDisposable
{
    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<string, string> Cases()
    {
        var data = new TheoryData<string, string>();
        foreach (var method in BenchmarkMethods.Of(typeof(SmallFilesBenchmarks)))
        {
            foreach (UlongFile file in SmallFilesBenchmarks.Sizes)
            {
                data.Add(method.Name, file.Name);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_method_returns_the_sum_over_all_files(string method, string size)
    {
        UlongFile file = SmallFilesBenchmarks.Sizes.Single(f => f.Name == size);
        var benchmark = new SmallFilesBenchmarks { Fixtures = this.fixtures.Cache, File = file, Count = 7 };
        benchmark.Setup();

        object? sum = await BenchmarkMethods.InvokeAsync(benchmark, typeof(SmallFilesBenchmarks).GetMethod(method)!);

        Assert.Equal(7 * file.ExpectedSum, Assert.IsType<ulong>(sum));
    }

    [Fact]
    public void Each_file_is_a_file_of_its_own()
    {
        var benchmark = new SmallFilesBenchmarks { Fixtures = this.fixtures.Cache, Count = 3 };
        benchmark.Setup();

        Assert.Equal(3, Directory.GetFiles(this.fixtures.Folder, "ulongs-4096-*.bin").Length);
    }

    public void Dispose() => this.fixtures.Dispose();
}
