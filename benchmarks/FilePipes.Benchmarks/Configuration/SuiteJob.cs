using BenchmarkDotNet.Jobs;

namespace FilePipes.Benchmarks.Configuration;

/// <summary>The settings of one benchmark process, the same in both profiles.</summary>
public static class SuiteJob
{
    /// <summary>Warmup iterations per process.</summary>
    public const int WarmupCount = 2;

    /// <summary>Measured iterations per process.</summary>
    public const int IterationCount = 5;

    /// <summary>
    /// Gets the job. Most of a benchmark's variance lies between processes, far more than within one (measured:
    /// docs/results.md, "The benchmark suite"). So more iterations in one process buy almost nothing: 5 iterations
    /// already pin the process mean to within a few percent, and 2 warmups are enough for a tiered-JIT'd, cache-warm
    /// loop whose pilot stage has already run it. Precision comes from more processes spread
    /// over time, which is the caller's choice: <c>--launchCount 3</c> for the stored-baseline compare (15
    /// measurements per benchmark), one launch per round for the interleaved A/B runner. It is marked as the default
    /// job so that <c>--launchCount</c> and the other job options on the command line refine it rather than add a job.
    /// </summary>
    public static Job PerProcess { get; } = Job.Default
        .WithWarmupCount(WarmupCount)
        .WithIterationCount(IterationCount)
        .WithId("PerProcess")
        .AsDefault();
}
