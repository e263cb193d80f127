using System.Text.RegularExpressions;

namespace Docs.Tests;

/// <summary>
/// The figures the README and docs/reading-modes.md state are figures docs/results.md holds, with the same value and
/// the same date (issue 32): neither page can be edited alone without this failing, and every table of results.md
/// says when, at which commit and with which command it was measured.
/// </summary>
public sealed partial class FigureTests
{
    [Theory]
    [InlineData("README.md")]
    [InlineData("docs/reading-modes.md")]
    public void Each_figure_a_page_states_is_one_docs_results_md_holds_with_the_same_date(string path)
    {
        var units = FigureCheck.Units(RepositoryFiles.Read(path), MarkdownFile.Load(path).Headings);

        Assert.Contains(units, u => u.Figures.Count > 0 && u.Dates.Count > 0);
        var problems = FigureCheck.Problems(path, units, Held());
        Assert.True(problems.Count == 0, string.Join('\n', problems));
    }

    [Fact]
    public void The_readmes_table_dates_every_row_by_its_runs_in_docs_results_md()
    {
        var rows = FigureCheck.Units(RepositoryFiles.Read("README.md"), MarkdownFile.Load("README.md").Headings)
            .Where(u => u.IsTableRow && u.Figures.Count > 0)
            .ToArray();

        Assert.True(rows.Length >= 5, $"the README's table of ratios has {rows.Length} rows with figures");
        Assert.All(rows, r => Assert.True(r.Dates.Count > 0 && r.ResultsSections.Count > 0, $"README.md:{r.Line} names no run in docs/results.md"));
    }

    [Fact]
    public void Every_table_of_docs_results_md_says_when_at_which_commit_and_how_it_was_measured()
    {
        var file = MarkdownFile.Load(FigureCheck.ResultsPath);
        var lines = RepositoryFiles.Read(FigureCheck.ResultsPath).Split('\n');
        var units = FigureCheck.Units(string.Join('\n', lines), file.Headings);
        var problems = new List<string>();
        foreach (var section in units.Where(u => u.IsTableRow && u.Figures.Count > 0).GroupBy(u => u.Section))
        {
            foreach (var row in section.Where(r => FigureCheck.DatesOf(r, units).Count == 0))
            {
                problems.Add($"{FigureCheck.ResultsPath}:{row.Line}: a row of figures with no date, in its row or its section's run");
            }

            var heading = file.Headings.Single(h => h.Anchor == section.Key);
            var end = file.Headings.Where(h => h.Line > heading.Line).Select(h => h.Line - 1).DefaultIfEmpty(lines.Length).Min();
            var text = string.Join('\n', lines[heading.Line..end]);
            if (!Commit().IsMatch(text))
            {
                problems.Add($"#{section.Key}: its tables name no commit (`abc1234`)");
            }

            if (!text.Contains("```bash\n", StringComparison.Ordinal))
            {
                problems.Add($"#{section.Key}: its tables give no command (a ```bash block)");
            }
        }

        Assert.True(problems.Count == 0, string.Join('\n', problems));
    }

    [Fact]
    public void The_pages_as_they_stand_hold_what_the_readme_states_and_an_edit_of_either_alone_fails()
    {
        Assert.Empty(Check(Readme, Results));

        var readmeEdited = Check(Readme.Replace("| 1.59 |", "| 1.58 |", StringComparison.Ordinal), Results);
        Assert.Contains("README.md:3: 1.58 is not a figure docs/results.md holds at 2026-11-25 or 2026-11-29 in #peers, #reading-a-file", readmeEdited);

        var resultsEdited = Check(Readme, Results.Replace("| 1.59 (0.07) |", "| 1.60 (0.07) |", StringComparison.Ordinal));
        Assert.Contains("README.md:3: 1.59 is not a figure docs/results.md holds at 2026-11-25 or 2026-11-29 in #peers, #reading-a-file", resultsEdited);
        Assert.Contains("README.md:3: 2026-11-25 is the date of none of the figures beside it in #peers, #reading-a-file", resultsEdited);
    }

    [Fact]
    public void A_figure_is_held_only_at_the_date_of_its_run()
    {
        // The same value, measured by another run, is another figure.
        var redated = Check(Readme.Replace("[2026-11-29]", "[2026-11-28]", StringComparison.Ordinal), Results);

        Assert.Contains("README.md:3: 0.74 is not a figure docs/results.md holds at 2026-11-25 or 2026-11-28 in #peers, #reading-a-file", redated);
        Assert.Contains("README.md:3: 2026-11-28 is the date of none of the figures beside it in #peers, #reading-a-file", redated);
    }

    [Fact]
    public void A_figure_is_held_only_in_the_sections_its_row_links()
    {
        // 0.74 is held at 2026-11-29 in #reading-a-file only; a row that links #finding-a-line does not find it there.
        var elsewhere = Check(Readme.Replace("results.md#reading-a-file", "results.md#finding-a-line", StringComparison.Ordinal), Results);

        Assert.Contains("README.md:3: 0.74 is not a figure docs/results.md holds at 2026-11-25 or 2026-11-29 in #peers, #finding-a-line", elsewhere);
    }

    [Fact]
    public void A_ratio_or_time_without_a_date_fails_and_a_byte_count_without_one_is_a_setting()
    {
        var problems = Check("# Page\n\nInline took 1.11 and 16.7 ms.\n\nThe check fails above 512 B per operation.\n", Results);

        Assert.Equal(
            [
                "README.md:3: 1.11 has no date: name the run in docs/results.md it comes from, by its date",
                "README.md:3: 16.7 ms has no date: name the run in docs/results.md it comes from, by its date",
            ],
            problems);
    }

    [Fact]
    public void A_row_of_docs_results_md_without_a_date_of_its_own_takes_its_sections_run()
    {
        var units = FigureCheck.Units(Results, MarkdownFile.Parse(FigureCheck.ResultsPath, Results).Headings);
        var held = FigureCheck.Held(units);

        Assert.Contains(("0.74", "2026-11-29", "reading-a-file"), held);
        Assert.Contains(("1.59", "2026-11-25", "peers"), held);
        Assert.DoesNotContain(held, h => h.Figure == "1.59" && h.Date == "2026-11-29");
    }

    [Theory]
    [InlineData("took 0.74 of it", "0.74")]
    [InlineData("16.7 ms and 5.62 µs", "16.7 ms|5.62 µs")]
    [InlineData("400 B per file, 400,072 B in all", "400 B|400,072 B")]
    [InlineData("1.21–1.43 times", "1.21|1.43")]
    [InlineData("1,331 s in all; it ended at 0.74.", "1,331 s|0.74")]
    [InlineData("1,000 files of 4 KiB, 128 MiB, 2 cores, 10 rounds", "")]
    [InlineData("BenchmarkDotNet 0.15.8, .NET 10.0.12, net10.0", "")]
    [InlineData("--levels 0,0.10,0,0.20 at 7d2ff69 on 2026-11-25", "")]
    public void A_figure_is_a_ratio_a_time_or_a_byte_count(string text, string expected)
    {
        var unit = Assert.Single(FigureCheck.Units(text, []));

        Assert.Equal(expected, string.Join('|', unit.Figures));
    }

    private const string Readme = """
        | case | `PipeReader.Create` | FilePipes | measured |
        |---|--:|--:|---|
        | read | 1.59 | 0.74–0.81 | [2026-11-25](docs/results.md#peers), [2026-11-29](docs/results.md#reading-a-file) |
        """;

    private const string Results = """
        # Results

        ## Reading a file

        **Run.** 2026-11-29, at `abc1234`.

        ```bash
        dotnet run -- --filter '*' 0.99
        ```

        | case | first | second |
        |---|--:|--:|
        | parallel | 0.74 | 0.81 |

        ## Finding a line

        **Run.** 2026-11-29, at `abc1234`.

        | case | ratio |
        |---|--:|
        | search | 0.71 |

        ## Peers

        | subject | ratio | measured |
        |---|--:|---|
        | `PipeReaderCreate` | 1.59 (0.07) | 2026-11-25, `def5678` |
        """;

    private static IReadOnlySet<(string Figure, string Date, string? Section)> Held() =>
        FigureCheck.Held(FigureCheck.Units(RepositoryFiles.Read(FigureCheck.ResultsPath), MarkdownFile.Load(FigureCheck.ResultsPath).Headings));

    private static IReadOnlyList<string> Check(string page, string results)
    {
        var held = FigureCheck.Held(FigureCheck.Units(results, MarkdownFile.Parse(FigureCheck.ResultsPath, results).Headings));
        return FigureCheck.Problems("README.md", FigureCheck.Units(page, MarkdownFile.Parse("README.md", page).Headings), held);
    }

    [GeneratedRegex("`[0-9a-f]{7,40}`")]
    private static partial Regex Commit();
}
