using System.Text;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.LineSearch;

namespace FilePipes.Benchmarks.Tests;

public sealed class LineSearchBenchmarksTests : IDisposable
{
    private static readonly GiraffeText SmallText = new(3 * GiraffeText.BoundaryAlignment + 1000);

    private readonly TemporaryFixtures fixtures = new();

    public static TheoryData<string, int> Cases()
    {
        var data = new TheoryData<string, int>();
        foreach (var method in BenchmarkMethods.Of(typeof(LineSearchBenchmarks)))
        {
            // 1000: segment boundaries fall everywhere, also inside the needle.
            foreach (int bufferSize in new[] { 1000, 4096, 64 * 1024 })
            {
                data.Add(method.Name, bufferSize);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_method_finds_the_line_that_straddles_a_boundary_and_ends_the_file(string method, int bufferSize)
    {
        var benchmark = new LineSearchBenchmarks { Fixtures = this.fixtures.Cache, Text = SmallText, BufferSize = bufferSize };
        benchmark.Setup();

        object? line = await BenchmarkMethods.InvokeAsync(benchmark, typeof(LineSearchBenchmarks).GetMethod(method)!);

        Assert.Equal(this.LineOfNeedleByPlainReading(), Assert.IsType<int>(line));
    }

    [Fact]
    public void The_text_holds_the_needle_once_across_a_64_KiB_boundary_on_its_unterminated_last_line()
    {
        byte[] bytes = File.ReadAllBytes(this.fixtures.Cache.Ensure(SmallText));
        string text = Encoding.ASCII.GetString(bytes);
        int at = text.IndexOf(GiraffeText.Needle, StringComparison.Ordinal);

        Assert.Equal(-1, text.IndexOf(GiraffeText.Needle, at + 1, StringComparison.Ordinal));
        Assert.Equal(0, SmallText.Boundary % (64 * 1024));
        Assert.True(at < SmallText.Boundary && SmallText.Boundary < at + GiraffeText.Needle.Length);
        Assert.Equal(SmallText.Length, bytes.Length);
        Assert.DoesNotContain('\n', text[at..]);
        Assert.Equal(SmallText.NeedleLine, this.LineOfNeedleByPlainReading());
    }

    [Fact]
    public void A_file_without_the_needle_gives_line_zero()
    {
        string path = Path.Combine(this.fixtures.Folder, "no-needle.txt");
        Directory.CreateDirectory(this.fixtures.Folder);
        File.WriteAllText(path, "one\ntwo giraff\nthree");
        Assert.Equal(0, ByteBufferLineSearch.Find(path, ByteBufferLineSearch.CreateBuffer(4, "giraffe"u8), "giraffe"u8));
    }

    private int LineOfNeedleByPlainReading()
    {
        string[] lines = File.ReadAllLines(this.fixtures.Cache.Ensure(SmallText));
        return Array.FindIndex(lines, l => l.Contains(GiraffeText.Needle, StringComparison.Ordinal)) + 1;
    }

    public void Dispose() => this.fixtures.Dispose();
}
