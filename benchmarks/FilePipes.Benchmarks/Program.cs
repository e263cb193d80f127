using BenchGuard.Counters;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using FilePipes.Benchmarks.ColdReads;
using FilePipes.Benchmarks.Configuration;
using FilePipes.Benchmarks.Fixtures;
using FilePipes.Benchmarks.Slowdown;

namespace FilePipes.Benchmarks;

/// <summary>
/// Runs the suite: <c>dotnet run -c Release --project benchmarks/FilePipes.Benchmarks -- --profile quick|full
/// [BenchmarkDotNet arguments]</c>, or <c>-- --counters ...</c> for exact counts per operation (BenchGuard.Counters'
/// <see cref="CountersMode"/>, over the same profiles). Exit codes: 0 all ran, 1 a benchmark failed, 2 bad input (including a filter that matches nothing).
/// </summary>
public static class Program
{
    /// <summary>Runs the suite.</summary>
    /// <param name="args">Command-line arguments.</param>
    /// <returns>The exit code.</returns>
    public static int Main(string[] args)
    {
        if (CountersMode.IsRequested(args))
        {
            return CountersMode.Run(args, typeof(Program).Assembly, Counters);
        }

        if (!SuiteArguments.TryParse(args, RepositoryLayout.FindArtifactsFolder(), out SuiteArguments parsed, out string? error)
            || !InjectedSlowdown.TryParse(Environment.GetEnvironmentVariable(InjectedSlowdown.Variable), out _, out error))
        {
            Console.Error.WriteLine(error);
            return 2;
        }

        if (parsed.Profile == SuiteProfile.Full && ColdReadFilter.System.SkipReason is { } skipped)
        {
            // Said once, up front: the full profile holds them, and a silent gap would read as "no cold reads exist".
            Console.Out.WriteLine($"{nameof(ColdReadBenchmarks)} skipped: {skipped}.");
        }

        // Minimal on purpose: exporters and diagnosers come from each class's SuiteConfig, once.
        ManualConfig config = ManualConfig.CreateMinimumViable().AddFilter(new ProfileFilter(parsed.Profile));
        if (!parsed.CallerChoseJob)
        {
            config.AddJob(SuiteJob.PerProcess);
        }

        if (PeerAdaptersBuild.IsOn)
        {
            config.AddJob(PeerAdaptersBuild.Mutator);
        }

        Summary[] summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly)
            .Run([.. parsed.BenchmarkDotNetArguments], config)
            .ToArray();
        return ExitCode(summaries, parsed.RunsBenchmarks);
    }

    /// <summary>Gets the counters mode's options: the suite's profiles, quick by default.</summary>
    internal static CountersOptions Counters { get; } = new()
    {
        Profiles = Enum.GetValues<SuiteProfile>().ToDictionary(p => p.ToString().ToLowerInvariant(), p => (IFilter)new ProfileFilter(p)),
        DefaultProfile = nameof(SuiteProfile.Quick).ToLowerInvariant(),

        // The ordinary counting run of the same build has just verified the fixtures (the tool runs it first), so a
        // marked run does not read and hash them again under callgrind.
        BeforeMarkedRun = () => FixtureCache.SkipVerification = true,
    };

    private static int ExitCode(Summary[] summaries, bool runsBenchmarks)
    {
        if (runsBenchmarks && summaries.Length == 0)
        {
            Console.Error.WriteLine("No benchmark ran: the filter matched none in this profile, or BenchmarkDotNet rejected an argument (see above).");
            return 2;
        }

        foreach (Summary summary in summaries)
        {
            if (summary.HasCriticalValidationErrors)
            {
                Console.Error.WriteLine($"{summary.Title}: BenchmarkDotNet rejected the benchmarks (see the log above).");
                return 1;
            }

            foreach (BenchmarkReport report in summary.Reports)
            {
                if (!report.Success)
                {
                    Console.Error.WriteLine($"{report.BenchmarkCase.DisplayInfo} failed (see the log above).");
                    return 1;
                }
            }
        }

        return 0;
    }
}
