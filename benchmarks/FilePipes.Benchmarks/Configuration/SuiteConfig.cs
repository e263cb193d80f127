using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Json;

namespace FilePipes.Benchmarks.Configuration;

/// <summary>
/// The one config every benchmark class uses (<c>[Config(typeof(SuiteConfig))]</c>): allocations measured, the full
/// JSON report the comparer reads, and GitHub markdown for people. The artifacts folder and the profile are not set
/// here but by <see cref="Program"/>, because a class's config would override the command line's <c>--artifacts</c>.
/// </summary>
public sealed class SuiteConfig : ManualConfig
{
    /// <summary>Initializes a new instance of the <see cref="SuiteConfig"/> class.</summary>
    public SuiteConfig()
    {
        this.AddDiagnoser(MemoryDiagnoser.Default);
        this.AddExporter(JsonExporter.Full, MarkdownExporter.GitHub);
        this.AddColumn(CategoriesColumn.Default);
    }
}
