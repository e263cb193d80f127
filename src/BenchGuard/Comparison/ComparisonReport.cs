using BenchGuard.Results;

namespace BenchGuard.Comparison;

/// <summary>The whole comparison of two sides, what every output is written from.</summary>
/// <param name="Title">The caller's title, or null.</param>
/// <param name="Options">What was decided with.</param>
/// <param name="Base">The base side.</param>
/// <param name="Diff">The diff side.</param>
/// <param name="EnvironmentDifferences">How the two sides' machines differ (empty when they match).</param>
/// <param name="Benchmarks">Every benchmark, sorted by FullName.</param>
public sealed record ComparisonReport(
    string? Title,
    CompareOptions Options,
    ResultSet Base,
    ResultSet Diff,
    IReadOnlyList<string> EnvironmentDifferences,
    IReadOnlyList<BenchmarkComparison> Benchmarks)
{
    /// <summary>Benchmarks with this timing verdict.</summary>
    public int Count(Verdict verdict) => this.Benchmarks.Count(b => b.Verdict == verdict);

    /// <summary>Benchmarks that allocate more than the threshold allows.</summary>
    public int AllocationRegressions => this.Benchmarks.Count(b => b.Allocation == AllocationVerdict.Regression);

    /// <summary>Benchmarks whose verdict fails the check when <c>--fail-on-regression</c> is given.</summary>
    public int Failing => this.Benchmarks.Count(b => b.TimingFails || b.AllocationFails || (b.Verdict == Verdict.Failed && b.DiffCount == 0));

    /// <summary>True when timings are shown (role verdict or indicative).</summary>
    public bool ShowsTiming => this.Options.TimingRole != "off";

    /// <summary>"0.14.0 vs 0.15.8" (base vs diff) when the sides ran under different BenchmarkDotNet versions, else null.</summary>
    public string? HarnessDifference =>
        this.Base.Environment is { } b && this.Diff.Environment is { } d ? b.HarnessDifferenceFrom(d) : null;

    /// <summary>
    /// Why some allocation verdicts against a stored baseline cannot fail the check (one line), or null when all can.
    /// </summary>
    public string? AllocationGateNote
    {
        get
        {
            var ungated = this.Benchmarks.Where(b => !b.AllocationGated).ToList();
            if (ungated.Count == 0)
            {
                return null;
            }

            var places = this.Base.Benchmarks.Values
                .Where(r => ungated.Any(u => u.FullName == r.FullName))
                .Select(r => Baselines.MeasuredOn.Describe(r.StoredRun?.MeasuredOn))
                .Distinct()
                .Order(StringComparer.Ordinal);
            var compared = this.Benchmarks.Count(b => b.BaseCount > 0 && b.DiffCount > 0);
            return $"Allocations vs this baseline do not fail the check for {ungated.Count} of {compared} compared benchmarks: "
                + $"they were measured on {string.Join(" or ", places)}, not a GitHub runner, whose figures can differ. "
                + "A baseline bump on a runner turns the gate on; the A/B allocation comparison (base and head on one runner) still can.";
        }
    }

    /// <summary>Geometric mean of diff/base over the Slower benchmarks (1 when none).</summary>
    public double SlowerGeomean => Geomean(this.Benchmarks.Where(b => b.Verdict == Verdict.Slower).Select(b => b.Ratio ?? 1));

    /// <summary>Geometric mean of base/diff over the Faster benchmarks (1 when none).</summary>
    public double FasterGeomean => Geomean(this.Benchmarks.Where(b => b.Verdict == Verdict.Faster).Select(b => 1 / (b.Ratio ?? 1)));

    private static double Geomean(IEnumerable<double> ratios)
    {
        // Stryker disable once Equality : see mutation-testing.md#off-boundary
        var list = ratios.Where(r => r > 0 && double.IsFinite(r)).ToList();
        return list.Count == 0 ? 1 : Math.Exp(list.Average(Math.Log));
    }
}
