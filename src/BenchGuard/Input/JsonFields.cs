using System.Globalization;
using System.Text.Json;

namespace BenchGuard.Input;

/// <summary>
/// Strict reads of one JSON object's fields: absent or null is "not given"; any other value of the wrong kind, a
/// number that is not finite or out of range, is bad input naming the file and the field, never a silent default.
/// </summary>
/// <param name="File">The file, for messages.</param>
/// <param name="Where">Where the object is in the file (e.g. a benchmark's FullName), for messages.</param>
/// <param name="Element">The object.</param>
internal readonly record struct JsonFields(string File, string Where, JsonElement Element)
{
    /// <summary>A string field, or null when absent or null.</summary>
    public string? String(string name) => this.Get(name) is { } value
        ? value.ValueKind == JsonValueKind.String ? value.GetString() : throw this.Wrong(name, "a string", value)
        : null;

    /// <summary>A finite number of at least <paramref name="min"/>, or null when absent or null.</summary>
    public double? Number(string name, double min = double.MinValue) => this.Get(name) is { } value
        ? value.ValueKind == JsonValueKind.Number && value.GetDouble() is var d && double.IsFinite(d) && d >= min
            ? d
            : throw this.Wrong(name, $"a finite number{Min(min)}", value)
        : null;

    /// <summary>
    /// A finite number, or null when absent, null, or one of the texts BenchmarkDotNet writes for a statistic that is
    /// not finite (<c>""</c>, <c>"NaN"</c>, <c>"Infinity"</c>, <c>"-Infinity"</c>: its JSON has no other form for them);
    /// any other text is refused.
    /// </summary>
    public double? NumberOrNotFinite(string name) => this.Get(name) is { ValueKind: JsonValueKind.String } text
        ? text.GetString() is "" or "NaN" or "Infinity" or "-Infinity" ? null : throw this.Wrong(name, "a finite number", text)
        : this.Number(name);

    /// <summary>A whole number of at least <paramref name="min"/>, or null when absent or null.</summary>
    public long? Integer(string name, long min = long.MinValue) => this.Get(name) is { } value
        ? value.ValueKind == JsonValueKind.Number && value.TryGetInt64(out var n) && n >= min
            ? n
            : throw this.Wrong(name, min == long.MinValue ? "a whole number" : $"a whole number >= {min.ToString(CultureInfo.InvariantCulture)}", value)
        : null;

    /// <summary>An object field, or null when absent or null.</summary>
    public JsonFields? Object(string name) => this.Get(name) is { } value
        ? value.ValueKind == JsonValueKind.Object ? new JsonFields(this.File, $"{this.Where}.{name}", value) : throw this.Wrong(name, "an object", value)
        : null;

    /// <summary>An array field, or null when absent or null.</summary>
    public JsonElement? Array(string name) => this.Get(name) is { } value
        ? value.ValueKind == JsonValueKind.Array ? value : throw this.Wrong(name, "an array", value)
        : null;

    /// <summary>The items of an array that must all be objects.</summary>
    public IEnumerable<JsonFields> Objects(string name)
    {
        if (this.Array(name) is not { } array)
        {
            yield break;
        }

        var i = 0;
        foreach (var item in array.EnumerateArray())
        {
            yield return item.ValueKind == JsonValueKind.Object
                ? new JsonFields(this.File, $"{this.Where}.{name}[{i}]", item)
                : throw this.Wrong($"{name}[{i}]", "an object", item);
            i++;
        }
    }

    /// <summary>The items of an array that must all be numbers from <paramref name="min"/> to <paramref name="max"/>.</summary>
    public List<double> Numbers(string name, double min = double.MinValue, double max = double.MaxValue)
    {
        var list = new List<double>();
        if (this.Array(name) is not { } array)
        {
            return list;
        }

        foreach (var item in array.EnumerateArray())
        {
            list.Add(item.ValueKind == JsonValueKind.Number && item.GetDouble() is var d && double.IsFinite(d) && d >= min && d <= max
                ? d
                : throw this.Wrong($"{name}[{list.Count}]", $"a finite number{Min(min)}{(max == double.MaxValue ? string.Empty : $" and <= {max.ToString(CultureInfo.InvariantCulture)}")}", item));
        }

        return list;
    }

    /// <summary>Bad input at this object, naming the file and where.</summary>
    public InputException Error(string problem) => new($"{this.File}: {this.Where}: {problem}");

    private static string Min(double min) => min == double.MinValue ? string.Empty : $" >= {min.ToString(CultureInfo.InvariantCulture)}";

    private JsonElement? Get(string name) =>
        this.Element.TryGetProperty(name, out var value) && value.ValueKind != JsonValueKind.Null ? value : null;

    private InputException Wrong(string name, string expected, JsonElement value)
    {
        var raw = value.GetRawText();
        return this.Error($"{name} must be {expected}, not {(raw.Length > 40 ? raw[..40] + "…" : raw)}");
    }
}
