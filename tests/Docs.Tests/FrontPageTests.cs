namespace Docs.Tests;

/// <summary>What the front page promises (issue 16): short, its test command the one CI runs, its links into docs/.
/// Its figures: <see cref="FigureTests"/>.</summary>
public sealed class FrontPageTests
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
    [InlineData("docs/reading-modes.md")]
    public void The_readme_links_the_page_that_holds_the_rest(string page)
    {
        Assert.Contains(MarkdownFile.Load("README.md").Links, l => l.Url == page || l.Url.StartsWith(page + "#", StringComparison.Ordinal));
    }
}
