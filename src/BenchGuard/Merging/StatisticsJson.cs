using System.Collections;
using System.Reflection;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Mathematics;

namespace BenchGuard.Merging;

/// <summary>
/// BenchmarkDotNet's <see cref="Statistics"/> over merged values, written in the shape of the export it replaces:
/// every key of the original <c>Statistics</c> object is filled from the property of the same name, so the merged
/// file carries exactly the numbers BenchmarkDotNet computes, under exactly the keys it writes.
/// </summary>
internal static class StatisticsJson
{
    /// <summary>The statistics of <paramref name="values"/>, shaped like <paramref name="template"/> (read from <paramref name="file"/>).</summary>
    public static JsonObject Of(IReadOnlyList<double> values, JsonObject template, string file) => Fill(new Statistics(values), template, file);

    private static JsonObject Fill(object source, JsonObject template, string file)
    {
        var result = new JsonObject();
        foreach (var (key, shape) in template)
        {
            var property = source.GetType().GetProperty(key, BindingFlags.Public | BindingFlags.Instance);
            if (property is null)
            {
                throw new InputException($"{file}: Statistics.{key} is not one of BenchmarkDotNet's statistics (an export from another BenchmarkDotNet version?)");
            }

            result[key] = ToJson(property.GetValue(source), shape, file);
        }

        return result;
    }

    private static JsonNode? ToJson(object? value, JsonNode? shape, string file) => value switch
    {
        null => null,
        double d => double.IsFinite(d) ? JsonValue.Create(d) : null,
        int or long or bool or string => JsonValue.Create(value),
        Enum e => JsonValue.Create(Convert.ToInt32(e, System.Globalization.CultureInfo.InvariantCulture)),
        IEnumerable<double> list => new JsonArray(list.Select(v => (JsonNode?)JsonValue.Create(v)).ToArray()),
        IEnumerable => throw new InputException($"{file}: merge cannot write a Statistics list of {value.GetType().Name}"),
        _ when shape is JsonObject nested => Fill(value, nested, file),
        _ => throw new InputException($"{file}: merge cannot write a Statistics value of {value.GetType().Name} (the export has a plain value where BenchmarkDotNet writes an object)"),
    };
}
