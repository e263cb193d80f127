using System.Text.RegularExpressions;

namespace Docs.Tests;

/// <summary>What the front page promises (issue 16): short, its test command the one CI runs, its figures measured.</summary>
public sealed partial class FrontPageTests
{
    private const string TestCommand = "dotnet test FilePipes.sln";

    [Fact]
    public void The_readme_is_a_front_page_of_at_most_150_lines()
    {
        var lines = RepositoryFiles.Read("README.md").TrimEnd('\n').Split('\n').Length;
        Assert.True(lines <= 150, $"README.md has {lines} lines; the rest belongs in docs/");
    }

    [Fact]
    public void The_readmes_test_command_is_the_one_ci_run_calls()
    {
        var readme = RepositoryFiles.Read("README.md");
        var ciRun = RepositoryFiles.Read(".ci/run").Split('\n').Select(l => l.Trim()).Where(l => !l.StartsWith('#'));

        Assert.Contains(readme.Split('\n'), l => l.Trim().StartsWith(TestCommand, StringComparison.Ordinal));
        Assert.Contains(ciRun, l => l.Contains(TestCommand, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("docs/results.md")]
    [InlineData("docs/pipeline.md")]
    [InlineData("docs/architecture.md")]
    public void The_readme_links_the_page_that_holds_the_rest(string page)
    {
        Assert.Contains(MarkdownFile.Load("README.md").Links, l => l.Url == page || l.Url.StartsWith(page + "#", StringComparison.Ordinal));
    }

    [Fact]
    public void Every_figure_in_the_readmes_tables_is_one_docs_results_md_holds()
    {
        // The front page summarizes; docs/results.md says how each figure was measured, so a figure it lacks was not.
        var results = RepositoryFiles.Read("docs/results.md");
        var figures = RepositoryFiles.Read("README.md").Split('\n')
            .Where(l => l.StartsWith('|'))
            .SelectMany(l => Figure().Matches(l).Select(m => m.Value))
            .Distinct()
            .ToArray();

        Assert.NotEmpty(figures);
        Assert.All(figures, f => Assert.True(results.Contains(f, StringComparison.Ordinal), $"README.md quotes {f}, which docs/results.md does not hold"));
    }

    // A ratio or a time as the tables write them (1.07, 0.46, 16.7 ms), not a size or a count (128 MiB, 4 KiB).
    [GeneratedRegex(@"(?<![\w.])\d+\.\d+(?![\w.])")]
    private static partial Regex Figure();
}
