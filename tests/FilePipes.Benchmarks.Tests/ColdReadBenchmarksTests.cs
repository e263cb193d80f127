using FilePipes.Benchmarks.ColdReads;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

public sealed class ColdReadBenchmarksTests : IDisposable
{
    // Not a multiple of any buffer size, so the last read is short; two runs of parallel reads and a bit.
    private static readonly UlongFile SmallFile = new("Small", 70_001 * sizeof(ulong));

    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<string, int> Cases()
    {
        var data = new TheoryData<string, int>();
        foreach (var method in BenchmarkMethods.Of(typeof(ColdReadBenchmarks)))
        {
            foreach (int bufferSize in new[] { 1000, 4096, 64 * 1024 })
            {
                data.Add(method.Name, bufferSize);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_method_returns_the_sum_after_dropping_the_cache(string method, int bufferSize)
    {
        // A stand-in drop file: the tests must not empty the page cache of a machine others measure on.
        string dropFile = this.DropFile();
        var benchmark = new ColdReadBenchmarks
        {
            Fixtures = this.fixtures.Cache, File = SmallFile, BufferSize = bufferSize, PageCache = new PageCache(dropFile, isLinux: true, isRoot: true, allowed: true),
        };
        benchmark.Setup();

        benchmark.DropPageCache();
        object? sum = await BenchmarkMethods.InvokeAsync(benchmark, typeof(ColdReadBenchmarks).GetMethod(method)!);

        Assert.Equal("3\n", File.ReadAllText(dropFile));
        Assert.Equal(SmallFile.ExpectedSum, Assert.IsType<ulong>(sum));
    }

    [Theory]
    [InlineData(false, true, true, "Linux")]
    [InlineData(true, false, true, "root")]
    [InlineData(true, true, false, PageCache.AllowVariable)]
    public void The_cache_is_not_dropped_off_Linux_without_root_or_unasked(bool isLinux, bool isRoot, bool allowed, string named)
    {
        string dropFile = this.DropFile();
        var cache = new PageCache(dropFile, isLinux, isRoot, allowed);

        Assert.Contains(named, cache.CannotDropReason, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(cache.Drop);
        Assert.Equal(string.Empty, File.ReadAllText(dropFile));
    }

    [Fact]
    public void A_missing_drop_file_is_a_reason_too()
    {
        var cache = new PageCache(Path.Combine(this.fixtures.Folder, "none"), isLinux: true, isRoot: true, allowed: true);

        Assert.Contains("does not exist", cache.CannotDropReason, StringComparison.Ordinal);
    }

    [Fact]
    public void Where_the_cache_cannot_be_dropped_the_cold_reads_leave_every_profile()
    {
        var cannot = new ColdReadFilter(new PageCache(this.DropFile(), isLinux: false, isRoot: false, allowed: true));
        var can = new ColdReadFilter(new PageCache(this.DropFile(), isLinux: true, isRoot: true, allowed: true));

        Assert.Empty(SuiteCases.Of(typeof(ColdReadBenchmarks), SuiteProfile.Full, cannot));
        Assert.Equal(6, SuiteCases.Of(typeof(ColdReadBenchmarks), SuiteProfile.Full, can).Count);
        Assert.NotEmpty(SuiteCases.Of(typeof(ReadBenchmarks), SuiteProfile.Full, cannot));
        Assert.NotNull(cannot.SkipReason);
        Assert.Null(can.SkipReason);
    }

    public void Dispose() => this.fixtures.Dispose();

    private string DropFile()
    {
        Directory.CreateDirectory(this.fixtures.Folder);
        string path = Path.Combine(this.fixtures.Folder, $"drop_caches-{Guid.NewGuid():N}");
        File.WriteAllText(path, string.Empty);
        return path;
    }
}
