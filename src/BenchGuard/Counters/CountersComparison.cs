using System.Text.Json;
using BenchGuard.Output;

namespace BenchGuard.Counters;

/// <summary>One counter of one case, base against head.</summary>
/// <param name="Counter">The counter.</param>
/// <param name="Base">The base's value per operation, or null.</param>
/// <param name="Head">The head's value per operation, or null.</param>
/// <param name="Verdict">Same, More, Fewer, Varies (reported, not gated), NotMeasured, New (no base) or Missing (no head).</param>
/// <param name="Fails">Whether this verdict fails the check.</param>
internal sealed record CounterVerdict(CounterKind Counter, double? Base, double? Head, string Verdict, bool Fails);

/// <summary>One case's counters, base against head.</summary>
/// <param name="Benchmark">The case's full name.</param>
/// <param name="TimingDependent">Whether its single operations differed within a run, on either side.</param>
/// <param name="Counters">The four counters, in <see cref="CounterKind"/> order.</param>
internal sealed record CaseComparison(string Benchmark, bool TimingDependent, IReadOnlyList<CounterVerdict> Counters);

/// <summary>
/// The deterministic counters of the base and the head on one runner, compared under <see cref="CounterPolicy"/>:
/// what <c>pr-report</c> writes as counters.json and <c>report --counters</c> reads.
/// </summary>
/// <param name="Schema">Always <see cref="CurrentSchema"/>.</param>
/// <param name="BaseError">Why the base has no counters, or null.</param>
/// <param name="SystemCallsNotMeasured">Why system calls are missing, or null.</param>
/// <param name="InstructionsNotMeasured">Why instructions are missing, or null.</param>
/// <param name="Cases">Every case either side counted.</param>
/// <param name="Moved">Counters that moved beyond their tolerance.</param>
/// <param name="Failing">Moves that fail the check.</param>
internal sealed record CountersComparison(
    string Schema, string? BaseError, string? SystemCallsNotMeasured, string? InstructionsNotMeasured, IReadOnlyList<CaseComparison> Cases, int Moved, int Failing)
{
    /// <summary>The schema marker.</summary>
    public const string CurrentSchema = SchemaName.Prefix + "counters-ab/1";

    private static readonly CounterKind[] Kinds = Enum.GetValues<CounterKind>();

    /// <summary>Compares the head's counters with the base's.</summary>
    /// <param name="baseFile">The base's counters, or null when they could not be made.</param>
    /// <param name="baseError">Why not, when <paramref name="baseFile"/> is null.</param>
    /// <param name="head">The head's counters.</param>
    /// <returns>The comparison.</returns>
    public static CountersComparison Compare(CountersFile? baseFile, string? baseError, CountersFile head)
    {
        var systemCalls = head.SystemCallsNotMeasured ?? baseFile?.SystemCallsNotMeasured;
        var instructions = head.InstructionsNotMeasured ?? baseFile?.InstructionsNotMeasured;
        var bases = (baseFile?.Cases ?? []).ToDictionary(c => c.Benchmark, StringComparer.Ordinal);
        var heads = head.Cases.ToDictionary(c => c.Benchmark, StringComparer.Ordinal);
        var names = head.Cases.Select(c => c.Benchmark).Concat(bases.Keys.Where(name => !heads.ContainsKey(name)));
        var cases = new List<CaseComparison>();
        foreach (var name in names)
        {
            var b = bases.GetValueOrDefault(name);
            var h = heads.GetValueOrDefault(name);
            var timingDependent = new[] { b, h }.Any(c => c is not null && new[] { c.AllocatedBytesRange, c.ReadCallsRange, c.WriteCallsRange }.Any(r => r is { Varies: true }));
            var counters = Kinds.Select(kind =>
            {
                var missing = kind switch
                {
                    CounterKind.ReadCalls or CounterKind.WriteCalls => systemCalls,
                    CounterKind.Instructions => instructions,
                    _ => null,
                };
                return Judge(kind, missing is null ? Value(b, kind) : null, missing is null ? Value(h, kind) : null, missing is not null, b is null, h is null, timingDependent);
            }).ToList();
            cases.Add(new CaseComparison(name, timingDependent, counters));
        }

        var moved = cases.Sum(c => c.Counters.Count(v => v.Verdict is "More" or "Fewer"));
        var failing = cases.Sum(c => c.Counters.Count(v => v.Fails));
        return new CountersComparison(CurrentSchema, baseFile is null ? baseError ?? "the base was not counted" : null, systemCalls, instructions, cases, moved, failing);
    }

    /// <summary>Reads a comparison that <see cref="JsonFormat.Write{T}"/> wrote.</summary>
    /// <param name="path">The file.</param>
    /// <returns>The comparison.</returns>
    public static CountersComparison Read(string path)
    {
        CountersComparison? read;
        try
        {
            // Through the one reader of input files: its size, file-type and byte-order-mark rules apply here too.
            read = Input.InputFile.Read(path, root => root.Deserialize<CountersComparison>(JsonFormat.Options));
        }
        catch (Exception e) when (e is JsonException or NotSupportedException)
        {
            throw new InputException($"{path}: not a counters comparison ({InputException.OneLine(e.Message)})", e);
        }

        return read is { Cases: not null } && SchemaName.Accepts(CurrentSchema, read.Schema) && read.Cases.All(c => c?.Benchmark is not null && c.Counters is not null && c.Counters.All(v => v?.Verdict is not null))
            ? read
            : throw new InputException($"{path}: not a counters comparison (schema {CurrentSchema} with cases)");
    }

    private static double? Value(CaseCounters? counters, CounterKind kind) => counters is null ? null : kind switch
    {
        CounterKind.AllocatedBytes => counters.AllocatedBytes,
        CounterKind.ReadCalls => counters.ReadCalls,
        CounterKind.WriteCalls => counters.WriteCalls,
        _ => counters.Instructions,
    };

    private static CounterVerdict Judge(CounterKind kind, double? baseValue, double? headValue, bool notMeasured, bool noBase, bool noHead, bool timingDependent)
    {
        if (notMeasured)
        {
            return new CounterVerdict(kind, null, null, "NotMeasured", false);
        }

        if (noHead || noBase)
        {
            return new CounterVerdict(kind, baseValue, headValue, noHead ? "Missing" : "New", false);
        }

        if (baseValue is not { } b || headValue is not { } h)
        {
            return new CounterVerdict(kind, baseValue, headValue, "NotMeasured", false);
        }

        var change = h - b;
        var within = Math.Abs(change) <= CounterPolicy.Tolerance(kind, b);
        // Stryker disable once Equality : see mutation-testing.md#off-boundary
        var verdict = within ? "Same" : timingDependent ? "Varies" : change > 0 ? "More" : "Fewer";
        return new CounterVerdict(kind, b, h, verdict, verdict == "More" && CounterPolicy.IncreaseFails(kind));
    }
}
