using System.Text.RegularExpressions;

namespace Docs.Tests;

/// <summary>
/// The Stryker marks in the code: comments that keep Stryker.NET from making some mutants. A mark is one line that
/// names its scope and mutators and sends the reader to the row of docs/mutation-testing.md's exclusions table that
/// gives the reason, so each reason is written once, in the table.
/// </summary>
internal static partial class StrykerMarks
{
    public const int MaxLength = 120;

    /// <summary>The page whose table holds the reasons, as the marks name it and as the repository holds it.</summary>
    public const string Page = "docs/mutation-testing.md";

    /// <summary>The folders whose C# files carry marks (the code Stryker mutates, and the code beside it).</summary>
    public static readonly string[] Folders = ["src/", "scripts/", "benchmarks/"];

    /// <summary>Whether a line is a mark, as Stryker.NET reads one: <c>//</c> (or <c>/*</c>), then <c>Stryker</c> and
    /// <c>disable</c> or <c>restore</c>, in any case.</summary>
    public static bool IsMark(string line) => Mark().IsMatch(line);

    /// <summary>Returns why the mark on line <paramref name="index"/> of <paramref name="lines"/> is not as the page
    /// expects, or null when it holds.</summary>
    public static string? Problem(IReadOnlyList<string> lines, int index, IReadOnlySet<string> anchors)
    {
        var line = lines[index];
        if (line.Length > MaxLength)
        {
            return $"{line.Length} characters, more than {MaxLength}";
        }

        if (Key().Match(line) is not { Success: true } key)
        {
            return "does not end with ' : see mutation-testing.md#<key>'";
        }

        if (!anchors.Contains(key.Groups[1].Value))
        {
            return $"{Page} has no row with the anchor #{key.Groups[1].Value}";
        }

        // A comment right after a mark (other than the next mark) is a reason wrapped onto a second line.
        if (index + 1 < lines.Count && lines[index + 1].TrimStart().StartsWith("//", StringComparison.Ordinal) && !IsMark(lines[index + 1]))
        {
            return $"continues on the next line: the reason belongs in {Page}'s table";
        }

        return null;
    }

    [GeneratedRegex(@"^\s*(//|/\*)\s*Stryker\s*(disable|restore)\b", RegexOptions.IgnoreCase)]
    private static partial Regex Mark();

    [GeneratedRegex(@" : see mutation-testing\.md#([A-Za-z0-9_-]+)$")]
    private static partial Regex Key();
}
