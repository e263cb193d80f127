namespace Docs.Tests;

/// <summary>No link in the repository points outside it: every relative link of every tracked *.md resolves.</summary>
public sealed class LinkTests
{
    private static readonly RepositoryFiles Repository = RepositoryFiles.Tracked;

    [Fact]
    public void Every_link_in_every_tracked_markdown_file_resolves_inside_the_repository()
    {
        var loaded = new Dictionary<string, MarkdownFile>(StringComparer.Ordinal);
        MarkdownFile Load(string path) => loaded.TryGetValue(path, out var file) ? file : loaded[path] = MarkdownFile.Load(path);

        var files = Repository.Markdown.ToArray();
        Assert.Contains("README.md", files);
        var problems = new List<string>();
        var checkedLinks = 0;
        foreach (var path in files)
        {
            var file = Load(path);
            foreach (var link in file.Links)
            {
                checkedLinks++;
                if (LinkCheck.Problem(file, link, Repository, Load) is { } problem)
                {
                    problems.Add($"{path}:{link.Line}: ({link.Url}) {problem}");
                }
            }
        }

        Assert.True(problems.Count == 0, string.Join('\n', problems));
        Assert.True(checkedLinks > 0, "no link was found in any Markdown file: the parser read nothing");
    }

    [Fact]
    public void The_package_readme_has_no_relative_link_because_nuget_org_shows_it_outside_the_repository()
    {
        var readme = MarkdownFile.Load("src/FilePipes/README.md");
        var relative = readme.Links.Where(l => !l.Url.StartsWith("https://", StringComparison.OrdinalIgnoreCase)).ToArray();
        Assert.True(relative.Length == 0, string.Join('\n', relative.Select(l => $"line {l.Line}: {l.Url}")));
    }

    [Theory]
    [InlineData("../../shared/ARCHITECTURE.md", "points outside the repository")]
    [InlineData("../../../outside.md", "points outside the repository")]
    [InlineData("../shared/ARCHITECTURE.md", "shared/ARCHITECTURE.md is not a tracked file or folder")]
    [InlineData("nope.md", "docs/nope.md is not a tracked file or folder")]
    [InlineData("architecture.md#no-such-heading", "docs/architecture.md has no heading with the anchor #no-such-heading")]
    [InlineData("#not-here", "docs/page.md has no heading with the anchor #not-here")]
    [InlineData("http://example.com/", "plain http")]
    [InlineData("ftp://example.com/", "only https and mailto")]
    [InlineData("/README.md", "a root-relative link")]
    public void A_broken_link_is_named_with_its_problem(string url, string expected)
    {
        var page = MarkdownFile.Parse("docs/page.md", $"# Page\n\nSee [this]({url}).\n");

        var link = Assert.Single(page.Links);
        Assert.Equal(3, link.Line);
        var problem = LinkCheck.Problem(page, link, Repository, Load);
        Assert.NotNull(problem);
        Assert.Contains(expected, problem, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("architecture.md")]
    [InlineData("architecture.md#how-data-flows")]
    [InlineData("../README.md")]
    [InlineData("../src/BenchGuard")]
    [InlineData("../tests/Docs.Tests/LinkTests.cs#L1")]
    [InlineData("#checking-scriptspr-report-locally")]
    [InlineData("#the-page")]
    [InlineData("https://github.com/dotnet/BenchmarkDotNet")]
    public void A_sound_link_passes(string url)
    {
        var page = MarkdownFile.Parse("docs/page.md", $"# The page\n\n## Checking `scripts/pr-report` locally\n\n[this]({url})\n");

        Assert.Null(LinkCheck.Problem(page, Assert.Single(page.Links), Repository, Load));
    }

    [Theory]
    [InlineData("#same-position")]
    [InlineData("#by-name")]
    [InlineData("#a-block")]
    public void An_html_anchor_such_as_a_table_rows_is_a_link_target(string url)
    {
        var page = MarkdownFile.Parse("docs/page.md", $"""
            # Page

            | key | reason |
            |---|---|
            | <a id="same-position"></a>`same-position` | the same value |
            | <a name="by-name"></a>`by-name` | the same value |

            <a id="a-block"></a>

            [this]({url})
            """);

        Assert.Null(LinkCheck.Problem(page, Assert.Single(page.Links), Repository, Load));
    }

    [Fact]
    public void Links_in_tables_images_references_and_bare_urls_are_all_found()
    {
        var page = MarkdownFile.Parse("docs/page.md", """
            | a | b |
            |---|---|
            | [x](one.md) | ![y](two.png) |

            [z][ref] and https://example.com/three

            [ref]: four.md
            """);

        var urls = page.Links.Select(l => l.Url).ToHashSet();
        Assert.Superset(new HashSet<string> { "one.md", "two.png", "four.md", "https://example.com/three" }, urls);
    }

    private static MarkdownFile Load(string path) => MarkdownFile.Load(path);
}
