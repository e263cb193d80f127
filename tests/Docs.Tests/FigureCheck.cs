using System.Text.RegularExpressions;

namespace Docs.Tests;

/// <summary>
/// What a stretch of Markdown states together: one table row, or one paragraph or list item. Its figures are the
/// ratios, times and byte counts in it; its dates are the dates written in it; its sections are the headings of
/// docs/results.md it links to (none when it links to no section there).
/// </summary>
internal sealed record FigureUnit(int Line, bool IsTableRow, IReadOnlyList<string> Figures, IReadOnlyList<string> Dates, IReadOnlyList<string> ResultsSections, string? Section);

/// <summary>
/// Whether the figures a page states are ones docs/results.md holds, with the same date. A figure is a number with a
/// decimal point (a ratio, 0.74), or a number with a unit of time or bytes (16.7 ms, 400 B); counts and sizes
/// (1,000 files, 4 KiB) are what was measured, not what the measurement found, and are not figures.
/// </summary>
/// <remarks>
/// <para>
/// In docs/results.md a figure is held at the dates of its own row or paragraph, or, when it has none, at the dates of
/// its section's run: the first paragraph under the heading that names a date. So "1.59 in the section
/// #other-readers-pipereadercreate-and-the-peer-adapters at 2026-11-25" is held, and an edit of that 1.59 there alone
/// makes the README's 1.59 one the page no longer holds.
/// </para>
/// <para>
/// On a page that quotes figures (the README, docs/reading-modes.md), each row or paragraph with a figure names the
/// date of the run, and every figure in it must be held at one of its dates, in one of the results.md sections it links
/// (anywhere on that page when it links none). Each date must hold one of its figures, so a date left behind by an
/// edit fails too. A ratio or time without a date fails; a byte count without one does not, as the page's settings
/// are written that way (the PR check's 512 B per operation).
/// </para>
/// </remarks>
internal static partial class FigureCheck
{
    /// <summary>The page every figure comes from.</summary>
    public const string ResultsPath = "docs/results.md";

    /// <summary>Reads a Markdown file into the units that state figures; fenced code and headings state none.</summary>
    /// <param name="text">The file's text.</param>
    /// <param name="headings">The file's headings, so each unit knows the section it is in.</param>
    /// <returns>The units in file order.</returns>
    public static IReadOnlyList<FigureUnit> Units(string text, IReadOnlyList<MarkdownHeading> headings)
    {
        var units = new List<FigureUnit>();
        var lines = text.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var anchorAt = headings.ToDictionary(h => h.Line, h => h.Anchor);
        string? section = null;
        var paragraph = new List<string>();
        var paragraphLine = 0;
        var fence = false;

        void Flush()
        {
            if (paragraph.Count > 0)
            {
                units.Add(Unit(paragraphLine, isTableRow: false, string.Join(' ', paragraph), section));
                paragraph.Clear();
            }
        }

        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i];
            var trimmed = line.TrimStart();
            if (trimmed.StartsWith("```", StringComparison.Ordinal) || trimmed.StartsWith("~~~", StringComparison.Ordinal))
            {
                Flush();
                fence = !fence;
            }
            else if (fence)
            {
                continue;
            }
            else if (trimmed.StartsWith('#'))
            {
                Flush();
                section = anchorAt.TryGetValue(i + 1, out var anchor) ? anchor : section;
            }
            else if (trimmed.StartsWith('|'))
            {
                Flush();
                if (!TableDelimiter().IsMatch(trimmed))
                {
                    units.Add(Unit(i + 1, isTableRow: true, trimmed, section));
                }
            }
            else if (trimmed.Length == 0)
            {
                Flush();
            }
            else
            {
                if (BlockStart().IsMatch(line))
                {
                    Flush();
                }

                if (paragraph.Count == 0)
                {
                    paragraphLine = i + 1;
                }

                paragraph.Add(trimmed);
            }
        }

        Flush();
        return units;
    }

    /// <summary>The figures docs/results.md holds: each with a date it was measured at and the section it is in.</summary>
    /// <param name="units">The units of docs/results.md.</param>
    /// <returns>Figure, date and section, for every date a figure is held at.</returns>
    public static IReadOnlySet<(string Figure, string Date, string? Section)> Held(IReadOnlyList<FigureUnit> units)
    {
        var held = new HashSet<(string, string, string?)>();
        foreach (var unit in units)
        {
            foreach (var date in DatesOf(unit, units))
            {
                foreach (var figure in unit.Figures)
                {
                    held.Add((figure, date, unit.Section));
                }
            }
        }

        return held;
    }

    /// <summary>The dates a unit of docs/results.md was measured at: its own, or its section's run's.</summary>
    /// <param name="unit">A unit of docs/results.md.</param>
    /// <param name="units">Every unit of docs/results.md.</param>
    /// <returns>The dates; none when neither the unit nor its section names one.</returns>
    public static IReadOnlyList<string> DatesOf(FigureUnit unit, IReadOnlyList<FigureUnit> units) =>
        unit.Dates.Count > 0
            ? unit.Dates
            : units.FirstOrDefault(u => u.Section == unit.Section && !u.IsTableRow && u.Dates.Count > 0)?.Dates ?? [];

    /// <summary>Checks every figure a page states against what docs/results.md holds.</summary>
    /// <param name="path">The page's path, for the messages.</param>
    /// <param name="units">The page's units.</param>
    /// <param name="held">What docs/results.md holds (<see cref="Held"/>).</param>
    /// <returns>One line per problem, naming the page, the line and the figure or date.</returns>
    public static IReadOnlyList<string> Problems(string path, IReadOnlyList<FigureUnit> units, IReadOnlySet<(string Figure, string Date, string? Section)> held)
    {
        var problems = new List<string>();
        foreach (var unit in units.Where(u => u.Figures.Count > 0))
        {
            if (unit.Dates.Count == 0)
            {
                foreach (var figure in unit.Figures.Where(f => !f.EndsWith(" B", StringComparison.Ordinal)))
                {
                    problems.Add($"{path}:{unit.Line}: {figure} has no date: name the run in {ResultsPath} it comes from, by its date");
                }

                continue;
            }

            var where = unit.ResultsSections.Count == 0 ? "" : " in " + string.Join(", ", unit.ResultsSections.Select(s => "#" + s));
            bool IsHeld(string figure, string date) => held.Any(h =>
                h.Figure == figure && h.Date == date
                && (unit.ResultsSections.Count == 0 || (h.Section is { } section && unit.ResultsSections.Contains(section))));

            foreach (var figure in unit.Figures.Where(f => !unit.Dates.Any(d => IsHeld(f, d))))
            {
                problems.Add($"{path}:{unit.Line}: {figure} is not a figure {ResultsPath} holds at {string.Join(" or ", unit.Dates)}{where}");
            }

            foreach (var date in unit.Dates.Where(d => !unit.Figures.Any(f => IsHeld(f, d))))
            {
                problems.Add($"{path}:{unit.Line}: {date} is the date of none of the figures beside it{where}");
            }
        }

        return problems;
    }

    private static FigureUnit Unit(int line, bool isTableRow, string text, string? section)
    {
        var sections = new List<string>();
        foreach (Match link in Link().Matches(text))
        {
            var url = link.Groups["url"].Value;
            var hash = url.IndexOf('#', StringComparison.Ordinal);
            var page = hash < 0 ? url : url[..hash];
            if (page.EndsWith("results.md", StringComparison.Ordinal) && hash >= 0)
            {
                sections.Add(url[(hash + 1)..]);
            }
        }

        // A link's target is where the figure is, not a figure: only the link's text is read.
        var prose = Link().Replace(text, m => "[" + m.Groups["text"].Value + "]");
        var figures = Figure().Matches(prose)
            .Where(m => m.Groups["fraction"].Success || m.Groups["unit"].Success)
            .Select(m => m.Groups["unit"].Success ? $"{m.Groups["number"].Value} {m.Groups["unit"].Value.Replace('μ', 'µ')}" : m.Groups["number"].Value)
            .Distinct(StringComparer.Ordinal)
            .ToArray();
        var dates = Date().Matches(prose).Select(m => m.Value).Distinct(StringComparer.Ordinal).ToArray();
        return new FigureUnit(line, isTableRow, figures, dates, sections.Distinct(StringComparer.Ordinal).ToArray(), section);
    }

    // 0.74, 1,331 s, 16.7 ms, 400 B: a number not inside a word, a version (0.15.8) or a list (0,0.10); then maybe a unit.
    [GeneratedRegex(@"(?<![\w.,])(?<number>(?:\d{1,3}(?:,\d{3})+|\d+)(?<fraction>\.\d+)?)(?:\s?(?<unit>ms|µs|μs|ns|min|h|s|B|KB)\b)?(?!\.?\d|\w)")]
    private static partial Regex Figure();

    [GeneratedRegex(@"(?<!\d)20\d\d-[01]\d-[0-3]\d(?!\d)")]
    private static partial Regex Date();

    [GeneratedRegex(@"\[(?<text>[^\]]*)\]\((?<url>[^)\s]*)\)")]
    private static partial Regex Link();

    [GeneratedRegex(@"^\|?\s*:?-{3,}")]
    private static partial Regex TableDelimiter();

    [GeneratedRegex(@"^\s*(?:[-*+]|\d+\.|>)\s")]
    private static partial Regex BlockStart();
}
