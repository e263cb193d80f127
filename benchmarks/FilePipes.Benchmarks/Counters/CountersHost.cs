using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using FilePipes.Benchmarks.Configuration;

namespace FilePipes.Benchmarks.Counters;

/// <summary>
/// The counters mode (<c>--counters</c>): runs each selected case a fixed number of times after a warm-up, in this
/// process, and writes what the operations cost in exact counts: managed bytes allocated and, on Linux, read and write
/// system calls. The counts are totals over <see cref="CounterArguments.Operations"/> operations, with the cost of
/// reading the counters themselves taken out. Run under callgrind at N and 2N operations, the same mode gives
/// instructions per operation as the difference over N (scripts/ResultsComparer's <c>counters</c> does that).
/// </summary>
public static class CountersHost
{
    /// <summary>The JSON format's version, written into every file.</summary>
    public const int FormatVersion = 1;

    /// <summary>The variable that must turn tiered compilation off in the counting process.</summary>
    public const string TieredCompilationVariable = "DOTNET_TieredCompilation";

    /// <summary>Runs the mode; exit codes as the suite's: 0 all counted, 1 a benchmark failed, 2 bad input.</summary>
    /// <param name="args">The arguments after <see cref="CounterArguments.Switch"/>.</param>
    /// <returns>The exit code.</returns>
    public static int Run(IReadOnlyList<string> args)
    {
        if (!CounterArguments.TryParse(args, out CounterArguments parsed, out string? error))
        {
            Console.Error.WriteLine(error);
            return 2;
        }

        // Tiered compilation recompiles hot methods on a background thread at moments of its choosing, and that work
        // allocates: with it on, a case's bytes moved by 32 B from run to run (docs/verdict-quality.md).
        if (Environment.GetEnvironmentVariable(TieredCompilationVariable) != "0")
        {
            Console.Error.WriteLine($"counters: set {TieredCompilationVariable}=0: tiered compilation's background recompiles make the counts vary.");
            return 2;
        }

        IReadOnlyList<BenchmarkCase> cases = Select(parsed);
        if (cases.Count == 0)
        {
            Console.Error.WriteLine($"counters: no case of the {parsed.Profile.ToString().ToLowerInvariant()} profile matches the filters and cases given.");
            return 2;
        }

        using var counters = ProcessCounters.Open();
        var results = new List<CaseCounts>();
        foreach (BenchmarkCase benchmarkCase in cases)
        {
            string name = FullNameProvider.GetBenchmarkName(benchmarkCase);
            try
            {
                results.Add(Count(benchmarkCase, parsed.Operations, parsed.Warmup, counters));
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                Console.Error.WriteLine($"counters: {name} failed: {e.GetType().Name}: {e.Message}");
                return 1;
            }
        }

        string json = Serialize(parsed, counters.CountsSystemCalls, results);
        if (parsed.Output is { } output)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
            File.WriteAllText(output, json);
        }
        else
        {
            Console.Out.Write(json);
        }

        return 0;
    }

    /// <summary>The cases of the profile that the filters and exact names select, in BenchmarkDotNet's order.</summary>
    /// <param name="arguments">The parsed command line.</param>
    /// <returns>The cases.</returns>
    internal static IReadOnlyList<BenchmarkCase> Select(CounterArguments arguments)
    {
        IConfig config = ManualConfig.CreateEmpty().AddFilter(new ProfileFilter(arguments.Profile));
        var glob = arguments.Filters.Count > 0 ? new GlobFilter([.. arguments.Filters]) : null;
        var selected = new List<BenchmarkCase>();
        foreach (Type type in typeof(CountersHost).Assembly.GetTypes().Where(IsBenchmarkClass).OrderBy(t => t.FullName, StringComparer.Ordinal))
        {
            foreach (BenchmarkCase benchmarkCase in BenchmarkConverter.TypeToBenchmarks(type, config).BenchmarksCases)
            {
                bool anySelector = glob is not null || arguments.Cases.Count > 0;
                bool chosen = !anySelector
                    || (glob?.Predicate(benchmarkCase) ?? false)
                    || arguments.Cases.Contains(FullNameProvider.GetBenchmarkName(benchmarkCase), StringComparer.Ordinal);
                if (chosen)
                {
                    selected.Add(benchmarkCase);
                }
            }
        }

        return selected;
    }

    private static bool IsBenchmarkClass(Type type) =>
        type is { IsClass: true, IsAbstract: false, IsPublic: true }
        && type.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkAttribute), inherit: false));

    /// <summary>Counts one case: a warm-up, then <paramref name="operations"/> counted operations.</summary>
    /// <param name="benchmarkCase">The case.</param>
    /// <param name="operations">The operations counted.</param>
    /// <param name="warmup">The operations run first, uncounted.</param>
    /// <param name="counters">The process's counters.</param>
    /// <returns>The totals over the counted operations.</returns>
    internal static CaseCounts Count(BenchmarkCase benchmarkCase, int operations, int warmup, ProcessCounters counters)
    {
        using CaseInvoker invoker = CaseInvoker.Start(benchmarkCase);
        for (int i = 0; i < warmup; i++)
        {
            invoker.Invoke();
        }

        // The readings' own cost (one read system call for /proc/self/io) measured with nothing between them.
        CounterReading idleBefore = counters.ReadBefore();
        CounterReading idle = counters.ReadAfter() - idleBefore;

        CounterReading before = counters.ReadBefore();
        for (int i = 0; i < operations; i++)
        {
            invoker.Invoke();
        }

        CounterReading spent = counters.ReadAfter() - before - idle;
        return new CaseCounts(FullNameProvider.GetBenchmarkName(benchmarkCase), spent.AllocatedBytes, spent.ReadCalls, spent.WriteCalls);
    }

    private static string Serialize(CounterArguments arguments, bool systemCalls, List<CaseCounts> results)
    {
        using var stream = new MemoryStream();
        using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true }))
        {
            writer.WriteStartObject();
            writer.WriteNumber("format", FormatVersion);
            writer.WriteString("os", Environment.OSVersion.Platform.ToString());
            writer.WriteNumber("operations", arguments.Operations);
            writer.WriteNumber("warmup", arguments.Warmup);
            if (systemCalls)
            {
                writer.WriteNull("systemCallsNotMeasured");
            }
            else
            {
                writer.WriteString("systemCallsNotMeasured", ProcessCounters.NotLinux);
            }

            writer.WriteStartArray("cases");
            foreach (CaseCounts counts in results)
            {
                writer.WriteStartObject();
                writer.WriteString("benchmark", counts.Benchmark);
                writer.WriteNumber("allocatedBytes", counts.AllocatedBytes);
                WriteCount(writer, "readCalls", counts.ReadCalls);
                WriteCount(writer, "writeCalls", counts.WriteCalls);
                writer.WriteEndObject();
            }

            writer.WriteEndArray();
            writer.WriteEndObject();
        }

        return System.Text.Encoding.UTF8.GetString(stream.ToArray()) + "\n";
    }

    private static void WriteCount(Utf8JsonWriter writer, string name, long? count)
    {
        if (count is { } value)
        {
            writer.WriteNumber(name, value);
        }
        else
        {
            writer.WriteNull(name);
        }
    }
}
