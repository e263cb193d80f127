using System.Text.RegularExpressions;
using Markdig;
using Markdig.Extensions.AutoIdentifiers;
using Markdig.Renderers.Html;
using Markdig.Syntax;
using Markdig.Syntax.Inlines;

namespace Docs.Tests;

/// <summary>One link in a Markdown file: its target as written and the 1-based line it is on.</summary>
internal sealed record MarkdownLink(string Url, int Line);

/// <summary>One heading of a Markdown file: the anchor a link's fragment names it by, and its 1-based line.</summary>
internal sealed record MarkdownHeading(string Anchor, int Line);

/// <summary>
/// A tracked Markdown file as GitHub renders it: CommonMark with pipe tables and bare URLs made links, headings
/// with GitHub's anchors (lower case, punctuation dropped, spaces as '-', repeats numbered), and the anchors of
/// <c>&lt;a id="..."&gt;</c> (or <c>name</c>) tags, which GitHub keeps and scrolls to: a table row's anchor.
/// </summary>
internal sealed partial class MarkdownFile
{
    private static readonly MarkdownPipeline GitHubFlavour = new MarkdownPipelineBuilder()
        .UsePreciseSourceLocation()
        .UsePipeTables()
        .UseAutoLinks()
        .UseAutoIdentifiers(AutoIdentifierOptions.GitHub)
        .Build();

    private MarkdownFile(string path, MarkdownDocument document)
    {
        this.Path = path;
        var links = new List<MarkdownLink>();
        foreach (var node in document.Descendants())
        {
            switch (node)
            {
                case LinkInline { Url: { } url } link:
                    links.Add(new MarkdownLink(url, link.Line + 1));
                    break;
                case AutolinkInline autolink:
                    links.Add(new MarkdownLink(autolink.Url, autolink.Line + 1));
                    break;
                case LinkReferenceDefinition { Url: { } url } definition:
                    links.Add(new MarkdownLink(url, definition.Line + 1));
                    break;
            }
        }

        this.Links = links;
        var html = document.Descendants<HtmlInline>().Select(h => h.Tag)
            .Concat(document.Descendants<HtmlBlock>().Select(b => b.Lines.ToString()));
        this.Headings = document.Descendants<HeadingBlock>()
            .Where(h => h.GetAttributes().Id is not null)
            .Select(h => new MarkdownHeading(h.GetAttributes().Id!, h.Line + 1))
            .ToArray();
        this.Anchors = this.Headings.Select(h => h.Anchor)
            .Concat(html.SelectMany(h => HtmlAnchor().Matches(h).Select(m => m.Groups[1].Value)))
            .ToHashSet(StringComparer.Ordinal);
    }

    /// <summary>Gets the path relative to the repository's root, with '/' separators.</summary>
    public string Path { get; }

    public IReadOnlyList<MarkdownLink> Links { get; }

    /// <summary>Gets the anchors of the file's headings and HTML anchors, as a link's fragment names them.</summary>
    public IReadOnlySet<string> Anchors { get; }

    /// <summary>Gets the file's headings in order: each one's anchor and the 1-based line it is on.</summary>
    public IReadOnlyList<MarkdownHeading> Headings { get; }

    public static MarkdownFile Load(string path) => Parse(path, RepositoryFiles.Read(path));

    /// <summary>Parses <paramref name="text"/> as if it were the file at <paramref name="path"/>.</summary>
    public static MarkdownFile Parse(string path, string text) => new(path, Markdown.Parse(text, GitHubFlavour));

    [GeneratedRegex(@"<a\s[^>]*?\b(?:id|name)\s*=\s*""([^""]+)""", RegexOptions.IgnoreCase)]
    private static partial Regex HtmlAnchor();
}
