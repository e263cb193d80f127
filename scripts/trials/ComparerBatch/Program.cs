using System.Text.Json;

namespace ComparerBatch;

/// <summary>
/// Reads one comparer command per stdin line (a JSON array of its arguments), runs it in this process through the
/// comparer's own entry point, and answers with one JSON line: the exit code and the first line of its stderr.
/// </summary>
public static class Program
{
    /// <summary>Runs commands until stdin ends.</summary>
    /// <returns>Zero.</returns>
    public static int Main()
    {
        var stdout = Console.Out;
        string? line;
        while ((line = Console.In.ReadLine()) is not null)
        {
            var args = JsonSerializer.Deserialize<string[]>(line) ?? [];
            var error = new StringWriter();
            Console.SetOut(TextWriter.Null);
            Console.SetError(error);
            var code = ResultsComparer.Program.Main(args);
            Console.SetOut(stdout);
            var firstError = error.ToString().Split('\n', 2)[0];
            stdout.WriteLine(JsonSerializer.Serialize(new { code, error = firstError }));
            stdout.Flush();
        }

        return 0;
    }
}
