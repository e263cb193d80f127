using System.Globalization;
using System.Text.Json;
using BenchGuard.AB;

namespace BenchGuard.Counters;

/// <summary>
/// Counts one build's cases with its benchmark program's <c>--counters</c> mode: one ordinary run for allocations and
/// system calls, then on Linux one callgrind run for every case's instructions: the host runs each case N and then 2N
/// times between marks, callgrind dumps its counts at each mark, and (the 2N part − the N part) / N is the instructions
/// per operation (whatever the marks and the loop cost is in both parts and cancels). Start-up, a minute under
/// callgrind, is paid once per build instead of twice per case. Every run has a time limit after which its process
/// tree is killed.
/// </summary>
/// <param name="program">The built benchmark program (the benchmark project's dll); its apphost lies beside it.</param>
/// <param name="environment">Variables every run gets (the fixture folder).</param>
/// <param name="limit">How long one run may take.</param>
/// <param name="progress">Where progress goes.</param>
internal sealed class CountersRun(string program, IReadOnlyDictionary<string, string?> environment, TimeSpan limit, ProgressLog progress)
{
    /// <summary>Why instructions are missing off Linux.</summary>
    public const string NotLinux = "not measured: callgrind (valgrind) runs only on Linux";

    /// <summary>Why instructions are missing where valgrind is not installed.</summary>
    public const string NoValgrind = "not measured: valgrind is not installed, or could not be (scripts/install-valgrind.sh)";

    // The host's marks enter this libc function (BenchGuard.Counters' CallgrindMarks).
    private const string MarkFunction = CountersProtocol.MarkFunction;

    // Counts must not depend on when the JIT recompiles: the host refuses to run without this.
    private const string TieredCompilation = CountersProtocol.TieredCompilationVariable;

    // Under valgrind the JIT's rel32 calls can overflow, and it then compiles every method that calls another at
    // MinOpts: the counts were of unoptimized code (docs/verdict-quality.md). 0 makes it use 64-bit addresses instead.
    private const string OptionalRelocs = "DOTNET_JitEnableOptionalRelocs";

    // With W^X on, the JIT writes code through a second, file-backed mapping that valgrind does not watch for new
    // code, so reused code memory ran stale translations and the host crashed (docs/verdict-quality.md). 0 turns it off.
    private const string WriteXorExecute = CountersProtocol.WriteXorExecuteVariable;

    // Operations before the first mark. After one, FilePipeWriter 64 KiB 4 MiB's next operation still cost 43,000
    // instructions more than the ones after it; after three, N = 1 and N = 2 agreed to one instruction in 20.5 million.
    private const int CallgrindWarmup = 3;

    /// <summary>Counts the selected cases.</summary>
    /// <param name="selection">The host's selection arguments (--profile, --filter, --case).</param>
    /// <param name="operations">Operations for allocations and system calls.</param>
    /// <param name="instructionOperations">N of the callgrind run, or 0 to leave instructions out.</param>
    /// <param name="work">Where the runs' files and logs go.</param>
    /// <returns>The counters per operation.</returns>
    public CountersFile Count(IReadOnlyList<string> selection, int operations, int instructionOperations, string work)
    {
        Directory.CreateDirectory(work);
        var native = Path.Combine(work, "native.json");
        File.Delete(native);
        this.Host(
            "dotnet",
            [program, CountersProtocol.Switch, .. selection, "--operations", Text(operations), "--out", native],
            Path.Combine(work, "native.log"));
        using var document = ReadHostFile(native);
        var root = document.RootElement;
        var systemCalls = root.GetProperty("systemCallsNotMeasured").GetString();

        var apphost = Path.ChangeExtension(program, OperatingSystem.IsWindows() ? ".exe" : null);
        var instructionsMissing = instructionOperations == 0 ? "not measured: --instruction-operations 0"
            : !OperatingSystem.IsLinux() ? NotLinux
            : !File.Exists(apphost) ? $"not measured: no apphost {apphost} beside the program"
            : !HasValgrind() ? NoValgrind
            : null;
        var instructions = instructionsMissing is null
            ? this.Instructions(apphost, selection, instructionOperations, Path.Combine(work, "callgrind"))
            : null;

        var cases = new List<CaseCounters>();
        foreach (var counted in root.GetProperty("cases").EnumerateArray())
        {
            var name = counted.GetProperty("benchmark").GetString() ?? throw new InputException($"{native}: a case has no name");
            cases.Add(new CaseCounters(
                name,
                PerOperation(counted, "allocatedBytes", operations) ?? throw new InputException($"{native}: {name} has no allocatedBytes"),
                PerOperation(counted, "readCalls", operations),
                PerOperation(counted, "writeCalls", operations),
                instructions is null ? null
                    : instructions.TryGetValue(name, out var perOperation) ? perOperation
                    : throw new InputException($"the callgrind run did not count {name}, which the ordinary run did"))
            {
                AllocatedBytesRange = Range(counted, "allocatedBytesPerOperation"),
                ReadCallsRange = Range(counted, "readCallsPerOperation"),
                WriteCallsRange = Range(counted, "writeCallsPerOperation"),
            });
        }

        return new CountersFile(operations, instructionOperations, systemCalls, instructionsMissing, cases);
    }

    /// <summary>Whether valgrind can be started here.</summary>
    public static bool HasValgrind()
    {
        try
        {
            return ChildProcess.Run("valgrind", ["--version"], Environment.CurrentDirectory, TimeSpan.FromSeconds(30)).Succeeded;
        }
        catch (InputException)
        {
            return false;
        }
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static double? PerOperation(JsonElement counted, string name, int operations) =>
        counted.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.Number ? value.GetInt64() / (double)operations : null;

    private static JsonDocument ReadHostFile(string path)
    {
        try
        {
            return JsonDocument.Parse(File.ReadAllText(path));
        }
        catch (Exception e) when (e is IOException or JsonException)
        {
            throw new InputException($"the counters host's output {path} cannot be read: {e.Message}", e);
        }
    }

    private static CounterRange? Range(JsonElement counted, string name) =>
        counted.TryGetProperty(name, out var range) && range.ValueKind == JsonValueKind.Object
            ? new CounterRange(range.GetProperty("min").GetInt64(), range.GetProperty("max").GetInt64())
            : null;

    // One callgrind process for every case: a dump at every mark, then (2N part − N part) / N per case.
    private Dictionary<string, double?> Instructions(string apphost, IReadOnlyList<string> selection, int n, string work)
    {
        if (Directory.Exists(work))
        {
            Directory.Delete(work, recursive: true);
        }

        Directory.CreateDirectory(work);
        var output = Path.Combine(work, "callgrind.out");
        var marked = Path.Combine(work, "marked.json");
        this.Host(
            "valgrind",
            ["--tool=callgrind", $"--callgrind-out-file={output}", $"--dump-before={MarkFunction}", "--dump-instr=no",
             apphost, CountersProtocol.Switch, .. selection, CountersProtocol.MarksSwitch, "--operations", Text(n), "--warmup", Text(CallgrindWarmup), "--out", marked],
            Path.Combine(work, "callgrind.log"),
            underValgrind: true);
        using var document = ReadHostFile(marked);
        var marks = document.RootElement.GetProperty("marks");
        if (marks.GetProperty("function").GetString() != MarkFunction)
        {
            throw new InputException($"{marked}: the host marks with {marks.GetProperty("function").GetString()}, not {MarkFunction}");
        }

        var before = marks.GetProperty("before").GetInt32();
        var perCase = marks.GetProperty("perCase").GetInt32();
        var names = document.RootElement.GetProperty("cases").EnumerateArray()
            .Select(c => c.GetProperty("benchmark").GetString() ?? throw new InputException($"{marked}: a case has no name"))
            .ToList();

        // Every mark is a dump, and the exit one more: any other count means something else entered the marker.
        var parts = CallgrindTotals.Parts(work, Path.GetFileName(output));
        var expected = before + (perCase * names.Count) + 1;
        if (parts.Count != expected)
        {
            throw new InputException($"callgrind wrote {parts.Count} parts for {names.Count} cases, not {expected}: something else entered {MarkFunction} (see {work})");
        }

        // Once read, the dumps (MBs per side) serve nothing, and pr-report's output is uploaded; a failed run keeps them.
        foreach (var dump in Directory.EnumerateFiles(work, Path.GetFileName(output) + "*").ToList())
        {
            try
            {
                File.Delete(dump);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // Stryker disable once all : see mutation-testing.md#unreachable
                progress.Warn($"could not remove the callgrind dump {dump}: {e.Message}");
            }
        }

        var perOperation = new Dictionary<string, double?>(StringComparer.Ordinal);
        for (var i = 0; i < names.Count; i++)
        {
            // The case's parts: set-up and warm-up, then N operations, then 2N.
            var once = parts[before + (perCase * i) + 1];
            var twice = parts[before + (perCase * i) + 2];
            perOperation[names[i]] = PerOperation(once, twice, n);
            progress.Say(perOperation[names[i]] is { } count
                ? $"instructions: {names[i]}: {count:F0} per operation"
                : $"instructions: {names[i]}: not measured: its 2N operations took fewer instructions than its N (a collection or compilation in the N part)");
        }

        return perOperation;
    }

    /// <summary>
    /// The instructions of one operation from a case's two marked parts, or null when the 2N part took fewer than the
    /// N part: one-off work (a garbage collection, a compilation) fell into the N part, and the difference says nothing
    /// about an operation. Seen on an operation that allocates 4 KiB, whose N part once held a collection.
    /// </summary>
    /// <param name="once">The instructions of the N part.</param>
    /// <param name="twice">The instructions of the 2N part.</param>
    /// <param name="n">N.</param>
    /// <returns>The instructions per operation, or null.</returns>
    internal static double? PerOperation(long once, long twice, int n) => twice >= once ? (twice - once) / (double)n : null;

    private void Host(string fileName, IReadOnlyList<string> arguments, string log, bool underValgrind = false)
    {
        var variables = new Dictionary<string, string?>(environment, StringComparer.Ordinal) { [TieredCompilation] = "0" };
        if (underValgrind)
        {
            variables[OptionalRelocs] = "0";
            variables[WriteXorExecute] = "0";
        }

        var outcome = ChildProcess.Run(fileName, arguments, Path.GetDirectoryName(Path.GetFullPath(program))!, limit, variables, log);
        if (!outcome.Succeeded)
        {
            throw new InputException(outcome.TimedOut
                ? $"the counters run ({fileName}) took longer than {limit.TotalMinutes} minutes and was killed (see {log})"
                : $"the counters run ({fileName}) failed: {HostFailure.Describe(outcome)} (see {log})");
        }

        if (ArgumentRefusal.Find(outcome.Output) is { } refusal)
        {
            throw new InputException($"the benchmark program has no counters mode: it answered --counters with BenchmarkDotNet's \"{refusal}\" (see {log})");
        }
    }
}
