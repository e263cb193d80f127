using System.Text.Json;

namespace BenchGuard.Setup;

/// <summary>GitHub's answer to one GET: its HTTP status and JSON body.</summary>
/// <param name="Status">The HTTP status.</param>
/// <param name="Body">The JSON body, or an undefined element when there was none or it was not JSON.</param>
/// <param name="Message">For an error, GitHub's message (or gh's error line); empty otherwise.</param>
internal sealed record GitHubAnswer(int Status, JsonElement Body, string Message)
{
    /// <summary>True for a 2xx answer.</summary>
    public bool Ok => this.Status is >= 200 and < 300;

    /// <summary>The status and message, for a row that cannot tell: "HTTP 403: Must have admin rights to Repository.".</summary>
    public string Describe() => this.Message.Length == 0 ? $"HTTP {this.Status}" : $"HTTP {this.Status}: {this.Message}";

    /// <summary>A string property of the body, or null when absent or not a string.</summary>
    public string? Text(params string[] path) => this.At(path) is { ValueKind: JsonValueKind.String } e ? e.GetString() : null;

    /// <summary>A boolean property of the body, or null when absent or not a boolean.</summary>
    public bool? Flag(params string[] path) => this.At(path) is { ValueKind: JsonValueKind.True or JsonValueKind.False } e ? e.GetBoolean() : null;

    /// <summary>The elements of an array property of the body (empty when absent or not an array).</summary>
    public IEnumerable<JsonElement> Items(string name) =>
        this.At([name]) is { ValueKind: JsonValueKind.Array } e ? e.EnumerateArray() : [];

    private JsonElement? At(string[] path)
    {
        var e = this.Body;
        foreach (var name in path)
        {
            if (e.ValueKind != JsonValueKind.Object || !e.TryGetProperty(name, out e))
            {
                return null;
            }
        }

        return e;
    }
}
