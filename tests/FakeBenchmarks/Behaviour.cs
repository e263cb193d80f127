using System.Text.Json;
using System.Text.Json.Nodes;

namespace FakeBenchmarks;

/// <summary>
/// What one planted build answers, read from fake-benchmarks.json beside the program (a test writes it per side):
/// <list type="bullet">
/// <item><c>export</c>: the BenchmarkDotNet full export it serves (a committed real one);</item>
/// <item><c>slower</c>: a factor on the times of the benchmarks whose FullName contains each key;</item>
/// <item><c>failing</c>: fragments of the FullNames of benchmarks that throw;</item>
/// <item><c>extraBytes</c>: bytes per operation added, in the launches' exports and in the counters run;</item>
/// <item><c>extraReadCalls</c>: read calls per operation added in the counters run;</item>
/// <item><c>exitCode</c>: every launch crashes at start; <c>outOfProcessExitCode</c>: those without --inProcess do;</item>
/// <item><c>damagedExport</c>: exports cut in half; <c>duplicateExport</c>: each export written twice, under two names;</item>
/// <item><c>extraInstructions</c>: instructions per operation added in the callgrind run; <c>markFunction</c>: the
/// function its marks name (getpgrp); <c>missingParts</c>: dumps it leaves out at the end;</item>
/// <item><c>countersError</c>: the counters run fails with that message; <c>countersWithoutFile</c>: it writes nothing.</item>
/// </list>
/// </summary>
internal sealed class Behaviour
{
    /// <summary>The file's name, beside the program.</summary>
    public const string FileName = "fake-benchmarks.json";

    private readonly JsonObject root;

    private Behaviour(JsonObject root) => this.root = root;

    public int? ExitCode => this.root["exitCode"]?.GetValue<int>();

    public int? OutOfProcessExitCode => this.root["outOfProcessExitCode"]?.GetValue<int>();

    public string? CountersError => this.root["countersError"]?.GetValue<string>();

    public string? MarkFunction => this.root["markFunction"]?.GetValue<string>();

    public int MissingParts => this.root["missingParts"]?.GetValue<int>() ?? 0;

    public bool CallgrindCrash => this.root["callgrindCrash"]?.GetValue<bool>() ?? false;

    public long ExtraInstructions(string fullName) => (long)this.PerBenchmark("extraInstructions", fullName).Sum();

    public bool DamagedExport => this.root["damagedExport"]?.GetValue<bool>() ?? false;

    public bool DuplicateExport => this.root["duplicateExport"]?.GetValue<bool>() ?? false;

    public bool CountersWithoutFile => this.root["countersWithoutFile"]?.GetValue<bool>() ?? false;

    /// <summary>Gets a value indicating whether the program is a plain BenchmarkSwitcher one, which refuses --counters.</summary>
    public bool NoCountersMode => this.root["noCountersMode"]?.GetValue<bool>() ?? false;

    public static Behaviour Read()
    {
        var path = Path.Combine(AppContext.BaseDirectory, FileName);
        if (!File.Exists(path))
        {
            throw new FakeInputException($"no {FileName} beside the program ({AppContext.BaseDirectory})");
        }

        return new Behaviour(JsonNode.Parse(File.ReadAllText(path)) as JsonObject ?? throw new FakeInputException($"{path} is not a JSON object"));
    }

    public Export Export()
    {
        var path = this.root["export"]?.GetValue<string>() ?? throw new FakeInputException($"{FileName} names no export");
        try
        {
            return new Export(JsonNode.Parse(File.ReadAllText(path))!.AsObject());
        }
        catch (Exception e) when (e is IOException or JsonException)
        {
            throw new FakeInputException($"cannot read the export {path}: {e.Message}");
        }
    }

    /// <summary>The factor on a benchmark's times: the product of every <c>slower</c> entry its name contains.</summary>
    public double Slower(string fullName) => this.PerBenchmark("slower", fullName).Aggregate(1.0, (product, factor) => product * factor);

    public bool Fails(string fullName) =>
        this.root["failing"] is JsonArray failing && failing.Any(f => fullName.Contains(f!.GetValue<string>(), StringComparison.Ordinal));

    public long ExtraBytes(string fullName) => (long)this.PerBenchmark("extraBytes", fullName).Sum();

    public long ExtraReadCalls(string fullName) => (long)this.PerBenchmark("extraReadCalls", fullName).Sum();

    private IEnumerable<double> PerBenchmark(string name, string fullName) =>
        this.root[name] is JsonObject entries
            ? entries.Where(e => fullName.Contains(e.Key, StringComparison.Ordinal)).Select(e => e.Value!.GetValue<double>())
            : [];
}
