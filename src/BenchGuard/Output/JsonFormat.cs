using System.Text.Json;
using System.Text.Json.Serialization;

namespace BenchGuard.Output;

/// <summary>One JSON style for every file the tool writes: camelCase, indented, LF, enums as words.</summary>
internal static class JsonFormat
{
    /// <summary>The options.</summary>
    public static readonly JsonSerializerOptions Options = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        WriteIndented = true,
        // Reports carry emoji and non-ASCII CPU names; they are read by people as well as tools.
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        IndentSize = 2,
        NewLine = "\n",
        Converters = { new JsonStringEnumConverter() },
    };

    /// <summary>Writes <paramref name="value"/> to <paramref name="path"/> (creating its folder), ending with a newline.</summary>
    public static void Write<T>(string path, T value) => WriteText(path, JsonSerializer.Serialize(value, Options) + "\n");

    /// <summary>Writes text to <paramref name="path"/> (creating its folder).</summary>
    public static void WriteText(string path, string text)
    {
        try
        {
            var directory = Path.GetDirectoryName(Path.GetFullPath(path));
            if (directory is not null)
            {
                Directory.CreateDirectory(directory);
            }

            File.WriteAllText(path, text);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InputException($"{path}: cannot write ({e.Message})", e);
        }
    }

    /// <summary>NaN and infinities have no JSON form; they become null.</summary>
    public static double? Finite(double? value) => value is { } v && double.IsFinite(v) ? v : null;
}
