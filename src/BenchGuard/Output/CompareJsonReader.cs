using BenchGuard.Comparison;
using BenchGuard.Input;

namespace BenchGuard.Output;

/// <summary>
/// Reads a <c>compare --json</c> file back for <c>report</c>, refusing one whose counts do not follow from its own
/// benchmarks: the PR comment's headline and the exit code come from those counts, so a damaged or forged summary
/// (a negative failure count, say) must not reach them.
/// </summary>
internal static class CompareJsonReader
{
    private static readonly string[] Verdicts = Enum.GetNames<Verdict>();
    private static readonly string[] AllocationVerdicts = Enum.GetNames<AllocationVerdict>();

    /// <summary>The checked document; bad input names the file and the first problem.</summary>
    public static CompareJson Read(string path)
    {
        var parsed = InputFile.Deserialize<CompareJson>(path, "a compare --json report");
        if (!SchemaName.Accepts(CompareJson.CurrentSchema, parsed.Schema))
        {
            throw new InputException($"{path}: not a compare --json report (schema must be \"{CompareJson.CurrentSchema}\")");
        }

        // The report's footer states this threshold as the policy (Reporting/FailPolicy.cs): it must be one compare accepts.
        try
        {
            AllocationThreshold.Parse(parsed.Options.AllocThreshold);
        }
        catch (InputException e)
        {
            throw new InputException($"{path}: options.allocThreshold: {e.Message}", e);
        }

        foreach (var b in parsed.Benchmarks)
        {
            var problem = string.IsNullOrWhiteSpace(b.FullName) ? "an empty fullName"
                : !Verdicts.Contains(b.Verdict, StringComparer.Ordinal) ? $"verdict '{b.Verdict}'"
                : !AllocationVerdicts.Contains(b.Allocation.Verdict, StringComparer.Ordinal) ? $"allocation verdict '{b.Allocation.Verdict}'"
                : b.BaseCount < 0 || b.DiffCount < 0 ? "a negative count"
                : null;
            if (problem is not null)
            {
                throw new InputException($"{path}: benchmark '{b.FullName}' has {problem}");
            }
        }

        var expected = Expected(parsed.Benchmarks);
        var s = parsed.Summary;
        var actual = new[] { s.Total, s.Slower, s.Faster, s.Same, s.Unknown, s.New, s.Missing, s.Failed, s.AllocationRegressions, s.AllocationImprovements, s.Failing };
        var names = new[] { "total", "slower", "faster", "same", "unknown", "new", "missing", "failed", "allocationRegressions", "allocationImprovements", "failing" };
        for (var i = 0; i < names.Length; i++)
        {
            if (actual[i] != expected[i])
            {
                throw new InputException($"{path}: summary.{names[i]} is {actual[i]}, but its benchmarks make it {expected[i]}");
            }
        }

        return parsed;
    }

    // The counts CompareJsonWriter.Summary writes, recomputed from the benchmark list.
    private static int[] Expected(IReadOnlyList<CompareJsonBenchmark> benchmarks)
    {
        int Count(Func<CompareJsonBenchmark, bool> predicate) => benchmarks.Count(predicate);
        int Verdict(Verdict v) => Count(b => b.Verdict == v.ToString());
        return
        [
            benchmarks.Count,
            Verdict(Comparison.Verdict.Slower),
            Verdict(Comparison.Verdict.Faster),
            Verdict(Comparison.Verdict.Same),
            Verdict(Comparison.Verdict.Unknown),
            Verdict(Comparison.Verdict.New),
            Verdict(Comparison.Verdict.Missing),
            Verdict(Comparison.Verdict.Failed),
            Count(b => b.Allocation.Verdict == nameof(AllocationVerdict.Regression)),
            Count(b => b.Allocation.Verdict == nameof(AllocationVerdict.Improvement)),
            Count(b => b.TimingFails || b.AllocationFails || (b.Verdict == nameof(Comparison.Verdict.Failed) && b.DiffCount == 0)),
        ];
    }
}
