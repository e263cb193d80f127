using System.Collections;
using System.Reflection;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Mathematics;

namespace ResultsComparer.Merging;

/// <summary>
/// BenchmarkDotNet's <see cref="Statistics"/> over merged values, written in the shape of the export it replaces:
/// every key of the original <c>Statistics</c> object is filled from the property of the same name, so the merged
/// file carries exactly the numbers BenchmarkDotNet computes, under exactly the keys it writes.
/// </summary>
internal static class StatisticsJson
{
    /// <summary>The statistics of <paramref name="values"/>, shaped like <paramref name="template"/>.</summary>
    public static JsonObject Of(IReadOnlyList<double> values, JsonObject template) => Fill(new Statistics(values), template);

    private static JsonObject Fill(object source, JsonObject template)
    {
        var result = new JsonObject();
        foreach (var (key, shape) in template)
        {
            var property = source.GetType().GetProperty(key, BindingFlags.Public | BindingFlags.Instance);
            if (property is null)
            {
                throw new InputException($"merge: BenchmarkDotNet's Statistics has no '{key}' (an export from another BenchmarkDotNet version?)");
            }

            result[key] = ToJson(property.GetValue(source), shape);
        }

        return result;
    }

    private static JsonNode? ToJson(object? value, JsonNode? shape) => value switch
    {
        null => null,
        double d => double.IsFinite(d) ? JsonValue.Create(d) : null,
        int or long or bool or string => JsonValue.Create(value),
        Enum e => JsonValue.Create(Convert.ToInt32(e, System.Globalization.CultureInfo.InvariantCulture)),
        IEnumerable<double> list => new JsonArray(list.Select(v => (JsonNode?)JsonValue.Create(v)).ToArray()),
        IEnumerable => throw new InputException($"merge: cannot write a Statistics list of {value.GetType().Name}"),
        _ when shape is JsonObject nested => Fill(value, nested),
        _ => throw new InputException($"merge: cannot write a Statistics value of {value.GetType().Name}"),
    };
}
