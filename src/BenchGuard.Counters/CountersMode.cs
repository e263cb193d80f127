using System.Text.Json;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace BenchGuard.Counters;

/// <summary>
/// The counters mode (<c>--counters</c>): runs each selected case a fixed number of times after a warm-up, in this
/// process, and writes what the operations cost in exact counts: managed bytes allocated and, on Linux, read and write
/// system calls. The counts are totals over <c>--operations</c> operations, with the cost of
/// reading the counters themselves taken out, and the least and most of one operation. With <c>--marks</c>, under
/// callgrind, each case runs N and then 2N operations between marks instead, and the instructions per operation are
/// (the 2N part − the N part) / N: whatever the marks and the loop cost is in both parts and cancels
/// (BenchGuard's <c>counters</c> does that). A benchmark program hands its arguments here first (README.md).
/// </summary>
public static class CountersMode
{
    /// <summary>Whether the program was started in the counters mode: <see cref="CountersProtocol.Switch"/> first.</summary>
    /// <param name="args">The program's arguments.</param>
    /// <returns>Whether <see cref="Run"/> should take them.</returns>
    public static bool IsRequested(IReadOnlyList<string> args) =>
        args is [CountersProtocol.Switch, ..];

    /// <summary>Runs the mode over the benchmark classes of <paramref name="benchmarks"/>.</summary>
    /// <param name="args">The program's arguments, <see cref="CountersProtocol.Switch"/> first.</param>
    /// <param name="benchmarks">The assembly whose public benchmark classes are counted.</param>
    /// <param name="options">The program's profiles and hooks, if any.</param>
    /// <returns>The exit code: 0 all counted, 1 a benchmark threw, 2 bad input (one line on standard error).</returns>
    public static int Run(IReadOnlyList<string> args, Assembly benchmarks, CountersOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(benchmarks);
        options ??= new CountersOptions();
        if (!IsRequested(args))
        {
            Console.Error.WriteLine($"counters: the arguments must start with {CountersProtocol.Switch}.");
            return 2;
        }

        if (!CounterArguments.TryParse([.. args.Skip(1)], out CounterArguments parsed, out string? error)
            || !TryProfileFilter(parsed.Profile ?? options.DefaultProfile, options, out IFilter? profile, out error))
        {
            Console.Error.WriteLine(error);
            return 2;
        }

        // Tiered compilation recompiles hot methods on a background thread at moments of its choosing, and that work
        // allocates: with it on, a case's bytes moved by 32 B from run to run (docs/verdict-quality.md).
        if (Environment.GetEnvironmentVariable(CountersProtocol.TieredCompilationVariable) != "0")
        {
            Console.Error.WriteLine($"counters: set {CountersProtocol.TieredCompilationVariable}=0: tiered compilation's background recompiles make the counts vary.");
            return 2;
        }

        if (parsed.Marks && Environment.GetEnvironmentVariable(CountersProtocol.WriteXorExecuteVariable) != "0")
        {
            Console.Error.WriteLine($"counters: {CountersProtocol.MarksSwitch} needs {CountersProtocol.WriteXorExecuteVariable}=0: under valgrind, code the JIT writes through W^X's second mapping can run stale.");
            return 2;
        }

        IReadOnlyList<BenchmarkCase> cases = Select(benchmarks, profile, parsed);
        if (cases.Count == 0)
        {
            string where = (parsed.Profile ?? options.DefaultProfile) is { } name ? $"the {name} profile" : "the program";
            Console.Error.WriteLine($"counters: no case of {where} matches the filters and cases given.");
            return 2;
        }

        if (parsed.Marks)
        {
            options.BeforeMarkedRun?.Invoke();
            return RunMarked(parsed, cases);
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
                Console.Error.WriteLine(e);
                return 1;
            }
        }

        Write(parsed.Output, Serialize(parsed, counters.CountsSystemCalls, results));
        return 0;
    }

    /// <summary>The cases of the profile that the filters and exact names select, in BenchmarkDotNet's order.</summary>
    /// <param name="benchmarks">The assembly of the benchmark classes.</param>
    /// <param name="profile">The profile's filter, or <see langword="null"/> for every case.</param>
    /// <param name="arguments">The parsed command line.</param>
    /// <returns>The cases.</returns>
    internal static IReadOnlyList<BenchmarkCase> Select(Assembly benchmarks, IFilter? profile, CounterArguments arguments)
    {
        IConfig config = profile is null ? ManualConfig.CreateEmpty() : ManualConfig.CreateEmpty().AddFilter(profile);
        var glob = arguments.Filters.Count > 0 ? new GlobFilter([.. arguments.Filters]) : null;
        var selected = new List<BenchmarkCase>();
        foreach (Type type in benchmarks.GetTypes().Where(IsBenchmarkClass).OrderBy(t => t.FullName, StringComparer.Ordinal))
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

    /// <summary>The filter of the named profile; refused when the program has no profiles or not that one.</summary>
    /// <param name="name">The profile's name, or <see langword="null"/> for none.</param>
    /// <param name="options">The program's options.</param>
    /// <param name="filter">The profile's filter, or <see langword="null"/> for every case.</param>
    /// <param name="error">A one-line message, when refused.</param>
    /// <returns>Whether the name is valid.</returns>
    internal static bool TryProfileFilter(string? name, CountersOptions options, out IFilter? filter, out string? error)
    {
        filter = null;
        error = null;
        if (name is null)
        {
            return true;
        }

        if (options.Profiles is not { Count: > 0 } profiles)
        {
            error = $"counters: --profile '{name}' is not taken: this program names no profiles (CountersOptions.Profiles).";
            return false;
        }

        foreach (var (key, value) in profiles)
        {
            if (string.Equals(key, name, StringComparison.OrdinalIgnoreCase))
            {
                filter = value;
                return true;
            }
        }

        error = $"counters: --profile '{name}' is not a profile: use {string.Join(" or ", profiles.Keys)}.";
        return false;
    }

    private static bool IsBenchmarkClass(Type type) =>
        type is { IsClass: true, IsAbstract: false, IsPublic: true }
        && type.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkAttribute), inherit: false));

    /// <summary>
    /// Counts one case: a warm-up, then <paramref name="operations"/> counted operations with a reading after each, so
    /// every operation's own cost is known, and everything between the first reading and the last is in the total.
    /// </summary>
    /// <param name="benchmarkCase">The case.</param>
    /// <param name="operations">The operations counted.</param>
    /// <param name="warmup">The operations run first, uncounted.</param>
    /// <param name="counters">The process's counters.</param>
    /// <returns>The totals over the counted operations, and the range of one operation.</returns>
    internal static CaseCounts Count(BenchmarkCase benchmarkCase, int operations, int warmup, ProcessCounters counters)
    {
        using CaseInvoker invoker = CaseInvoker.Start(benchmarkCase);
        for (int i = 0; i < warmup; i++)
        {
            invoker.Invoke();
        }

        CounterReading idle = ReadingCost(counters.Read);

        CounterReading first = counters.Read();
        CounterReading previous = first;
        OperationRange? bytes = null;
        OperationRange? reads = null;
        OperationRange? writes = null;
        for (int i = 0; i < operations; i++)
        {
            invoker.Invoke();
            CounterReading now = counters.Read();
            CounterReading spent = now - previous - idle;
            previous = now;
            bytes = Widen(bytes, spent.AllocatedBytes);
            reads = spent.ReadCalls is { } r ? Widen(reads, r) : null;
            writes = spent.WriteCalls is { } w ? Widen(writes, w) : null;
        }

        CounterReading total = previous - first;
        return new CaseCounts(
            FullNameProvider.GetBenchmarkName(benchmarkCase),
            total.AllocatedBytes - (operations * idle.AllocatedBytes),
            total.ReadCalls - (operations * idle.ReadCalls),
            total.WriteCalls - (operations * idle.WriteCalls),
            bytes!.Value,
            reads,
            writes);
    }

    /// <summary>
    /// A reading's own cost (one read system call for /proc/self/io): the least of <paramref name="pairs"/> pairs of
    /// readings with nothing between them. One pair alone can catch another thread allocating (the pool starting a
    /// worker after the warm-up), and subtracting that from every operation once counted a writer at 0 B.
    /// </summary>
    /// <param name="read">Takes a reading.</param>
    /// <param name="pairs">The pairs read.</param>
    /// <returns>The least cost of each counter over the pairs.</returns>
    internal static CounterReading ReadingCost(Func<CounterReading> read, int pairs = 5)
    {
        CounterReading least = default;
        for (int i = 0; i < pairs; i++)
        {
            CounterReading start = read();
            CounterReading cost = read() - start;
            least = i == 0 ? cost : new CounterReading(
                Math.Min(least.AllocatedBytes, cost.AllocatedBytes),
                Least(least.ReadCalls, cost.ReadCalls),
                Least(least.WriteCalls, cost.WriteCalls));
        }

        return least;
    }

    /// <summary>
    /// Runs one case for callgrind: a warm-up, a mark, N operations, a mark, 2N operations, a mark. Its instructions
    /// per operation are (the second marked part − the first) / N.
    /// </summary>
    /// <param name="benchmarkCase">The case.</param>
    /// <param name="operations">N.</param>
    /// <param name="warmup">The operations run first, unmarked.</param>
    internal static void RunMarked(BenchmarkCase benchmarkCase, int operations, int warmup)
    {
        using CaseInvoker invoker = CaseInvoker.Start(benchmarkCase);
        for (int i = 0; i < warmup; i++)
        {
            invoker.Invoke();
        }

        CallgrindMarks.Mark();
        for (int i = 0; i < operations; i++)
        {
            invoker.Invoke();
        }

        CallgrindMarks.Mark();
        for (int i = 0; i < 2 * operations; i++)
        {
            invoker.Invoke();
        }

        CallgrindMarks.Mark();
    }

    private static OperationRange Widen(OperationRange? range, long value) => range?.With(value) ?? OperationRange.Of(value);

    private static long? Least(long? a, long? b) => a is { } x && b is { } y ? Math.Min(x, y) : null;

    // One mark first, so that the marks' own first-call work (binding the native function) is in the start-up part;
    // then the cases' marks, in the order the JSON lists the cases.
    private static int RunMarked(CounterArguments arguments, IReadOnlyList<BenchmarkCase> cases)
    {
        CallgrindMarks.Mark();
        foreach (BenchmarkCase benchmarkCase in cases)
        {
            string name = FullNameProvider.GetBenchmarkName(benchmarkCase);
            Console.Error.WriteLine(CountersProtocol.CountingPrefix + name);
            try
            {
                RunMarked(benchmarkCase, arguments.Operations, arguments.Warmup);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                Console.Error.WriteLine($"counters: {name} failed: {e.GetType().Name}: {e.Message}");
                Console.Error.WriteLine(e);
                return 1;
            }
        }

        Write(arguments.Output, SerializeMarked(arguments, cases));
        return 0;
    }

    private static void Write(string? output, string json)
    {
        if (output is not null)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
            File.WriteAllText(output, json);
        }
        else
        {
            Console.Out.Write(json);
        }
    }

    private static string SerializeMarked(CounterArguments arguments, IReadOnlyList<BenchmarkCase> cases) =>
        Json(writer =>
        {
            writer.WriteNumber("format", CountersProtocol.FormatVersion);
            writer.WriteNumber("operations", arguments.Operations);
            writer.WriteNumber("warmup", arguments.Warmup);
            writer.WriteStartObject("marks");
            writer.WriteString("function", CountersProtocol.MarkFunction);
            writer.WriteNumber("before", 1);
            writer.WriteNumber("perCase", CountersProtocol.MarksPerCase);
            writer.WriteEndObject();
            writer.WriteStartArray("cases");
            foreach (BenchmarkCase benchmarkCase in cases)
            {
                writer.WriteStartObject();
                writer.WriteString("benchmark", FullNameProvider.GetBenchmarkName(benchmarkCase));
                writer.WriteEndObject();
            }

            writer.WriteEndArray();
        });

    private static string Json(Action<Utf8JsonWriter> body)
    {
        using var stream = new MemoryStream();
        using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true }))
        {
            writer.WriteStartObject();
            body(writer);
            writer.WriteEndObject();
        }

        return System.Text.Encoding.UTF8.GetString(stream.ToArray()) + "\n";
    }

    private static string Serialize(CounterArguments arguments, bool systemCalls, List<CaseCounts> results) =>
        Json(writer =>
        {
            writer.WriteNumber("format", CountersProtocol.FormatVersion);
            writer.WriteString("os", Environment.OSVersion.Platform.ToString());
            writer.WriteNumber("operations", arguments.Operations);
            writer.WriteNumber("warmup", arguments.Warmup);
            if (systemCalls)
            {
                writer.WriteNull("systemCallsNotMeasured");
            }
            else
            {
                writer.WriteString("systemCallsNotMeasured", CountersProtocol.SystemCallsNotLinux);
            }

            writer.WriteStartArray("cases");
            foreach (CaseCounts counts in results)
            {
                writer.WriteStartObject();
                writer.WriteString("benchmark", counts.Benchmark);
                writer.WriteNumber("allocatedBytes", counts.AllocatedBytes);
                WriteCount(writer, "readCalls", counts.ReadCalls);
                WriteCount(writer, "writeCalls", counts.WriteCalls);
                WriteRange(writer, "allocatedBytesPerOperation", counts.AllocatedBytesPerOperation);
                WriteRange(writer, "readCallsPerOperation", counts.ReadCallsPerOperation);
                WriteRange(writer, "writeCallsPerOperation", counts.WriteCallsPerOperation);
                writer.WriteEndObject();
            }

            writer.WriteEndArray();
        });

    private static void WriteRange(Utf8JsonWriter writer, string name, OperationRange? range)
    {
        if (range is { } value)
        {
            writer.WriteStartObject(name);
            writer.WriteNumber("min", value.Min);
            writer.WriteNumber("max", value.Max);
            writer.WriteEndObject();
        }
        else
        {
            writer.WriteNull(name);
        }
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
