using System.Globalization;
using System.Text.Json;
using ResultsComparer.AB;

namespace ResultsComparer.Counters;

/// <summary>
/// Counts one build's cases with its benchmark program's <c>--counters</c> mode: one ordinary run for allocations and
/// system calls, then on Linux two callgrind runs per case, at N and 2N operations, whose difference over N is the
/// instructions per operation (start-up and warm-up are the same in both, so they cancel). Every run has a time
/// limit after which its process tree is killed.
/// </summary>
/// <param name="program">The built benchmark program (FilePipes.Benchmarks.dll); its apphost lies beside it.</param>
/// <param name="environment">Variables every run gets (the fixture folder).</param>
/// <param name="limit">How long one run may take.</param>
/// <param name="progress">Where progress goes.</param>
internal sealed class CountersRun(string program, IReadOnlyDictionary<string, string?> environment, TimeSpan limit, ProgressLog progress)
{
    /// <summary>Why instructions are missing off Linux.</summary>
    public const string NotLinux = "not measured: callgrind (valgrind) runs only on Linux";

    // Counts must not depend on when the JIT recompiles: the host refuses to run without this.
    private const string TieredCompilation = "DOTNET_TieredCompilation";

    // Operations under callgrind cost about 50 times their native time; one uncounted run is enough to JIT and fill pools.
    private const int CallgrindWarmup = 1;

    /// <summary>Counts the selected cases.</summary>
    /// <param name="selection">The host's selection arguments (--profile, --filter, --case).</param>
    /// <param name="operations">Operations for allocations and system calls.</param>
    /// <param name="instructionOperations">N of the callgrind runs, or 0 to leave instructions out.</param>
    /// <param name="work">Where the runs' files and logs go.</param>
    /// <returns>The counters per operation.</returns>
    public CountersFile Count(IReadOnlyList<string> selection, int operations, int instructionOperations, string work)
    {
        Directory.CreateDirectory(work);
        var native = Path.Combine(work, "native.json");
        File.Delete(native);
        this.Host(
            "dotnet",
            [program, "--counters", .. selection, "--operations", Text(operations), "--out", native],
            Path.Combine(work, "native.log"));
        using var document = ReadHostFile(native);
        var root = document.RootElement;
        var systemCalls = root.GetProperty("systemCallsNotMeasured").GetString();

        var apphost = Path.ChangeExtension(program, OperatingSystem.IsWindows() ? ".exe" : null);
        var instructionsMissing = instructionOperations == 0 ? "not measured: --instruction-operations 0"
            : !OperatingSystem.IsLinux() ? NotLinux
            : !File.Exists(apphost) ? $"not measured: no apphost {apphost} beside the program"
            : !this.HasValgrind() ? "not measured: valgrind is not installed (apt-get install valgrind)"
            : null;

        var cases = new List<CaseCounters>();
        foreach (var counted in root.GetProperty("cases").EnumerateArray())
        {
            var name = counted.GetProperty("benchmark").GetString() ?? throw new InputException($"{native}: a case has no name");
            double? instructions = instructionsMissing is null
                ? this.Instructions(apphost, selection, name, instructionOperations, Path.Combine(work, "callgrind", Text(cases.Count)))
                : null;
            cases.Add(new CaseCounters(
                name,
                PerOperation(counted, "allocatedBytes", operations) ?? throw new InputException($"{native}: {name} has no allocatedBytes"),
                PerOperation(counted, "readCalls", operations),
                PerOperation(counted, "writeCalls", operations),
                instructions));
        }

        return new CountersFile(operations, instructionOperations, systemCalls, instructionsMissing, cases);
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

    private double Instructions(string apphost, IReadOnlyList<string> selection, string name, int n, string work)
    {
        Directory.CreateDirectory(work);
        var profile = ProfileOf(selection);

        // The two runs are independent processes: side by side they take the time of one.
        var runs = new[] { n, 2 * n }.Select(count => Task.Run(() =>
        {
            var output = Path.Combine(work, $"callgrind-{count}.out");
            File.Delete(output);
            this.Host(
                "valgrind",
                ["--tool=callgrind", $"--callgrind-out-file={output}", apphost, "--counters", .. profile, "--case", name,
                 "--operations", Text(count), "--warmup", Text(CallgrindWarmup), "--out", Path.Combine(work, $"host-{count}.json")],
                Path.Combine(work, $"callgrind-{count}.log"));
            return CallgrindTotals.Instructions(output);
        })).ToArray();
        try
        {
            Task.WaitAll(runs);
        }
        catch (AggregateException e) when (e.InnerException is InputException failure)
        {
            throw new InputException(failure.Message, failure);
        }

        var perOperation = (runs[1].Result - runs[0].Result) / (double)n;
        progress.Say($"instructions: {name}: {perOperation:F0} per operation");
        return perOperation;
    }

    private static string[] ProfileOf(IReadOnlyList<string> selection)
    {
        var at = selection.ToList().IndexOf("--profile");
        return at >= 0 && at + 1 < selection.Count ? ["--profile", selection[at + 1]] : [];
    }

    private bool HasValgrind()
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

    private void Host(string fileName, IReadOnlyList<string> arguments, string log)
    {
        var variables = new Dictionary<string, string?>(environment, StringComparer.Ordinal) { [TieredCompilation] = "0" };
        var outcome = ChildProcess.Run(fileName, arguments, Path.GetDirectoryName(Path.GetFullPath(program))!, limit, variables, log);
        if (!outcome.Succeeded)
        {
            throw new InputException(outcome.TimedOut
                ? $"the counters run ({fileName}) took longer than {limit.TotalMinutes} minutes and was killed (see {log})"
                : $"the counters run ({fileName}) failed: {outcome.FirstErrorLine} (see {log})");
        }
    }
}
