using System.Text;

namespace BenchGuard.Output;

/// <summary>A markdown-style table padded for reading in a terminal (dotnet/performance ResultsComparer's console shape).</summary>
internal static class TextTable
{
    /// <summary>Appends a table followed by a blank line.</summary>
    public static void Append(StringBuilder text, string[] headers, bool[] rightAligned, IEnumerable<string[]> rows)
    {
        var all = rows.ToList();
        var widths = headers.Select((h, i) => Math.Max(h.Length, all.Count == 0 ? 0 : all.Max(r => r[i].Length))).ToArray();
        string Line(string[] cells) =>
            "| " + string.Join(" | ", cells.Select((c, i) => rightAligned[i] ? c.PadLeft(widths[i]) : c.PadRight(widths[i]))) + " |";

        text.AppendLine(Line(headers));
        text.AppendLine("| " + string.Join(" | ", widths.Select((w, i) => rightAligned[i] ? new string('-', Math.Max(1, w - 1)) + ":" : new string('-', w))) + " |");
        foreach (var row in all)
        {
            text.AppendLine(Line(row));
        }

        text.AppendLine();
    }
}
