using System.Globalization;

namespace BenchGuard.Counters;

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

    /// <summary>
    /// The instructions of each part of a run that dumped more than once (<c>--dump-before</c>): every file in
    /// <paramref name="folder"/> whose name starts with <paramref name="prefix"/>, ordered by the number on its
    /// <c>part:</c> line, which must run 1, 2, 3 ... without a gap.
    /// </summary>
    /// <param name="folder">Where callgrind wrote.</param>
    /// <param name="prefix">The output file's name given to callgrind.</param>
    /// <returns>The instructions of part 1, 2, ...</returns>
    public static IReadOnlyList<long> Parts(string folder, string prefix)
    {
        var parts = new SortedDictionary<int, long>();
        foreach (var path in Directory.EnumerateFiles(folder, prefix + "*"))
        {
            var number = PartNumber(path);
            if (!parts.TryAdd(number, Instructions(path)))
            {
                throw new InputException($"{path}: part {number} was dumped twice");
            }
        }

        var expected = 1;
        foreach (var number in parts.Keys)
        {
            if (number != expected++)
            {
                throw new InputException($"{folder}: callgrind's parts skip from {expected - 2} to {number}");
            }
        }

        return [.. parts.Values];
    }

    private static int PartNumber(string path)
    {
        foreach (var line in File.ReadLines(path))
        {
            if (line.StartsWith("part:", StringComparison.Ordinal))
            {
                return int.TryParse(line["part:".Length..].Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var number) && number > 0
                    ? number
                    : throw new InputException($"{path}: '{line}' is not a part number");
            }
        }

        throw new InputException($"{path}: no part: line (was callgrind told to dump?)");
    }
}
