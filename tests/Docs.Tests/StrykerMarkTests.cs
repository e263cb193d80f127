namespace Docs.Tests;

/// <summary>
/// Every Stryker mark in the code is one line of at most 120 characters whose reason is a row of
/// docs/mutation-testing.md's exclusions table (issue 32): the reason once, in the table, and the mark a key into it.
/// </summary>
public sealed class StrykerMarkTests
{
    private static readonly IReadOnlySet<string> Anchors = new HashSet<string> { "known-row" };

    [Fact]
    public void Every_stryker_mark_in_the_code_is_one_short_line_naming_a_row_of_the_exclusions_table()
    {
        var anchors = MarkdownFile.Load(StrykerMarks.Page).Anchors;
        var problems = new List<string>();
        var marks = 0;
        foreach (var path in StrykerMarks.Folders.SelectMany(f => RepositoryFiles.Tracked.Under(f, ".cs")))
        {
            var lines = File.ReadAllLines(Path.Combine(Pipeline.Tests.RepositoryRoot.Path, path));
            for (var i = 0; i < lines.Length; i++)
            {
                if (!StrykerMarks.IsMark(lines[i]))
                {
                    continue;
                }

                marks++;
                if (StrykerMarks.Problem(lines, i, anchors) is { } problem)
                {
                    problems.Add($"{path}:{i + 1}: {problem}");
                }
            }
        }

        Assert.True(problems.Count == 0, string.Join('\n', problems));
        Assert.True(marks > 0, "no Stryker mark was found in src/, scripts/ or benchmarks/: the search read nothing");
    }

    [Theory]
    [InlineData("        // Stryker disable once Equality : see mutation-testing.md#known-row")]
    [InlineData("// Stryker disable all : see mutation-testing.md#known-row")]
    [InlineData("    // Stryker restore all : see mutation-testing.md#known-row")]
    [InlineData("// Stryker disable once Conditional,Equality : see mutation-testing.md#known-row")]
    public void A_mark_with_a_known_key_on_one_line_holds(string mark)
    {
        Assert.True(StrykerMarks.IsMark(mark));
        Assert.Null(StrykerMarks.Problem([mark, "        return x > 0;"], 0, Anchors));
    }

    [Fact]
    public void A_mark_followed_by_the_next_mark_holds()
    {
        string[] lines =
        [
            "        // Stryker restore all : see mutation-testing.md#known-row",
            "        // Stryker disable all : see mutation-testing.md#known-row",
            "        finally",
        ];

        Assert.Null(StrykerMarks.Problem(lines, 0, Anchors));
    }

    [Theory]
    [InlineData("// Stryker disable once Equality : a reason written out in the code", "does not end with ' : see")]
    [InlineData("// Stryker restore all", "does not end with")]
    [InlineData("// Stryker disable once Equality : see mutation-testing.md#no-such-row", "anchor #no-such-row")]
    [InlineData("// Stryker disable once Equality : see parallel-reads.md#known-row", "does not end with")]
    [InlineData("// stryker DISABLE once Equality", "does not end with")]
    [InlineData("/* Stryker disable once Equality */", "does not end with")]
    public void A_mark_without_a_known_key_is_named_with_its_problem(string mark, string expected)
    {
        Assert.True(StrykerMarks.IsMark(mark));
        var problem = StrykerMarks.Problem([mark], 0, Anchors);
        Assert.NotNull(problem);
        Assert.Contains(expected, problem, StringComparison.Ordinal);
    }

    [Fact]
    public void A_mark_longer_than_120_characters_is_named_with_its_length()
    {
        var mark = new string(' ', 60)
            + "// Stryker disable once Conditional,Equality : see mutation-testing.md#known-row";

        Assert.Equal(140, mark.Length);
        Assert.Equal("140 characters, more than 120", StrykerMarks.Problem([mark], 0, Anchors));
    }

    [Fact]
    public void A_mark_whose_reason_goes_on_in_the_next_comment_line_is_refused()
    {
        string[] lines =
        [
            "        // Stryker disable once Logical : see mutation-testing.md#known-row",
            "        // and the rest of a reason that belongs in the table.",
            "        while (x) { }",
        ];

        Assert.Contains("continues on the next line", StrykerMarks.Problem(lines, 0, Anchors), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("// Stryker's reports, for people to read")]
    [InlineData("// Stryker itself is too slow for .ci/run.")]
    [InlineData("var disable = \"Stryker disable\";")]
    public void A_comment_about_stryker_is_no_mark(string line)
    {
        Assert.False(StrykerMarks.IsMark(line));
    }
}
