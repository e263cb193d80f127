using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace FakeBenchmarks;

/// <summary>A BenchmarkDotNet full export, and the benchmarks of it that a command line selects.</summary>
/// <param name="root">The export.</param>
internal sealed class Export(JsonObject root)
{
    public JsonObject Root => root;

    /// <summary>
    /// The benchmarks that any glob matches, as BenchmarkDotNet's --filter does: against Namespace.Type.Method or the
    /// full name with parameters, case-insensitive; no glob selects all.
    /// </summary>
    public Selection Select(IReadOnlyList<string> globs)
    {
        var patterns = globs
            .Select(g => new Regex("^" + Regex.Escape(g).Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal) + "$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant))
            .ToList();
        var selected = new List<JsonObject>();
        foreach (var benchmark in root["Benchmarks"]!.AsArray())
        {
            var b = benchmark!.AsObject();
            var method = MethodName(b);
            var fullName = b["FullName"]!.GetValue<string>();
            if (patterns.Count == 0 || patterns.Any(p => p.IsMatch(method) || p.IsMatch(fullName)))
            {
                selected.Add(b);
            }
        }

        return new Selection(this, selected);
    }

    public static string MethodName(JsonObject benchmark) =>
        $"{benchmark["Namespace"]!.GetValue<string>()}.{benchmark["Type"]!.GetValue<string>()}.{benchmark["Method"]!.GetValue<string>()}";
}
