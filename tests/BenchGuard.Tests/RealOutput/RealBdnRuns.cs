using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace BenchGuard.Tests.RealOutput;

/// <summary>
/// Three single-launch in-process BenchmarkDotNet runs of <see cref="TinyBenchmarks"/>, made once per test class.
/// The third leaves out Alloc and Throws, as a launch that lost a benchmark would.
/// </summary>
public sealed class RealBdnRuns : IDisposable
{
    public RealBdnRuns()
    {
        this.Root = Path.Combine(Path.GetTempPath(), "rc-real-" + Guid.NewGuid().ToString("N"));
        this.Runs = [Run("run1", null), Run("run2", null), Run("run3", "*Sum*")];
    }

    public string Root { get; }

    /// <summary>The results folders (each holds a <c>*-report-full.json</c>).</summary>
    public IReadOnlyList<string> Runs { get; }

    public void Dispose()
    {
        try
        {
            Directory.Delete(this.Root, recursive: true);
        }
        catch (IOException)
        {
            // Leftover temp files must not fail the tests.
        }
    }

    private string Run(string name, string? filter)
    {
        var artifacts = Path.Combine(this.Root, name);

        // A fixed invocation count skips the pilot stage; five iterations keep it to a second or two.
        var job = new Job("Tiny")
            .WithToolchain(InProcessEmitToolchain.Instance)
            .WithLaunchCount(1)
            .WithWarmupCount(1)
            .WithIterationCount(5)
            .WithInvocationCount(64)
            .WithUnrollFactor(16);
        var config = ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddExporter(JsonExporter.Full)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddLogger(NullLogger.Instance)
            .WithArtifactsPath(artifacts)
            .WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.DisableLogFile);
        if (filter is not null)
        {
            config = config.AddFilter(new GlobFilter([filter]));
        }

        BenchmarkRunner.Run<TinyBenchmarks>(config);
        var results = Path.Combine(artifacts, "results");
        Assert.NotEmpty(Directory.GetFiles(results, "*-report-full.json"));
        return results;
    }
}
