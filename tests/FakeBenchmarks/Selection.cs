using System.Text.Json.Nodes;

namespace FakeBenchmarks;

/// <summary>The selected benchmarks of an export.</summary>
/// <param name="Export">The export.</param>
/// <param name="Benchmarks">The selected ones, in the export's order.</param>
internal sealed record Selection(Export Export, IReadOnlyList<JsonObject> Benchmarks)
{
    /// <summary>The selected methods (Namespace.Type.Method), each once, as <c>--list flat</c> prints them.</summary>
    public IEnumerable<string> Methods() => this.Benchmarks.Select(Export.MethodName).Distinct(StringComparer.Ordinal);
}
