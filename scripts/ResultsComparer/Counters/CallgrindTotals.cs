using System.Globalization;

namespace ResultsComparer.Counters;

/// <summary>Reads the instruction total of a callgrind output file.</summary>
internal static class CallgrindTotals
{
    /// <summary>
    /// The first event of the file's <c>totals:</c> line (or <c>summary:</c>, which older versions write instead).
    /// The first event is Ir, instructions executed, unless the file's <c>events:</c> line says otherwise.
    /// </summary>
    /// <param name="path">The callgrind output file.</param>
    /// <returns>The instructions executed by the whole run, every thread.</returns>
    public static long Instructions(string path)
    {
        if (!File.Exists(path))
        {
            throw new InputException($"callgrind wrote no output file {path}");
        }

        string? events = null;
        string? total = null;
        foreach (var line in File.ReadLines(path))
        {
            if (line.StartsWith("events:", StringComparison.Ordinal))
            {
                events = line["events:".Length..].Trim();
            }
            else if (line.StartsWith("totals:", StringComparison.Ordinal) || (total is null && line.StartsWith("summary:", StringComparison.Ordinal)))
            {
                total = line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
            }
        }

        if (events is null || !events.Split(' ', StringSplitOptions.RemoveEmptyEntries)[0].Equals("Ir", StringComparison.Ordinal))
        {
            throw new InputException($"{path}: the first callgrind event is not Ir (events: {events ?? "none"})");
        }

        var first = total?.Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault();
        return long.TryParse(first, NumberStyles.None, CultureInfo.InvariantCulture, out var instructions)
            ? instructions
            : throw new InputException($"{path}: no totals: or summary: line with an instruction count");
    }
}
