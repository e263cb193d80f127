using System.Text.Json.Serialization;

namespace BenchGuard.Output;

/// <summary>One github-action-benchmark <c>customSmallerIsBetter</c> entry.</summary>
/// <param name="Name">The benchmark FullName (unique: one job per run).</param>
/// <param name="Value">The value plotted.</param>
/// <param name="Unit">ns or B, never mixed within a file.</param>
/// <param name="Range">BenchmarkDotNet's confidence-interval half-width, as "± x".</param>
/// <param name="Extra">Free text shown in the tooltip.</param>
internal sealed record TrendEntry(
    string Name,
    double Value,
    string Unit,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Range,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Extra);
