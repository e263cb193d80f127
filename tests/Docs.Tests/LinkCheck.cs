using System.Text.RegularExpressions;
using Pipeline.Tests;

namespace Docs.Tests;

/// <summary>
/// Whether one link of a tracked Markdown file holds inside the repository. Relative links must name a tracked file
/// or folder inside it, and a fragment into a Markdown file one of its headings. External links are only checked to
/// be <c>https</c> (or <c>mailto</c>), never fetched: CI runs offline, and whether another site is up says nothing
/// about this commit.
/// </summary>
internal static partial class LinkCheck
{
    /// <summary>Returns why the link is broken, or null when it holds.</summary>
    public static string? Problem(MarkdownFile file, MarkdownLink link, RepositoryFiles repository, Func<string, MarkdownFile> load)
    {
        var url = link.Url.Trim();
        if (url.Length == 0)
        {
            return "an empty link";
        }

        if (Scheme().Match(url) is { Success: true } scheme)
        {
            return scheme.Groups[1].Value.ToLowerInvariant() switch
            {
                "https" or "mailto" => null,
                "http" => "plain http: a link out of the repository must be https",
                var other => $"a '{other}:' link: only https and mailto may leave the repository",
            };
        }

        if (url.StartsWith('/') || url.StartsWith('\\'))
        {
            return "a root-relative link: outside GitHub it resolves against the host, not the repository; write it relative to the file";
        }

        var hash = url.IndexOf('#', StringComparison.Ordinal);
        var fragment = hash < 0 ? null : Uri.UnescapeDataString(url[(hash + 1)..]);
        var pathPart = hash < 0 ? url : url[..hash];
        var query = pathPart.IndexOf('?', StringComparison.Ordinal);
        if (query >= 0)
        {
            pathPart = pathPart[..query];
        }

        if (pathPart.Length == 0)
        {
            return fragment is null || file.Anchors.Contains(fragment) ? null : $"{file.Path} has no heading with the anchor #{fragment}";
        }

        var folder = Path.GetDirectoryName(Path.Combine(RepositoryRoot.Path, file.Path))!;
        var full = Path.GetFullPath(Path.Combine(folder, Uri.UnescapeDataString(pathPart)));
        var relative = Path.GetRelativePath(RepositoryRoot.Path, full);
        if (relative == ".." || relative.StartsWith(".." + Path.DirectorySeparatorChar, StringComparison.Ordinal) || Path.IsPathRooted(relative))
        {
            return $"points outside the repository ({relative})";
        }

        var target = relative == "." ? "" : relative.Replace(Path.DirectorySeparatorChar, '/');
        if (!repository.Holds(target))
        {
            return $"{target} is not a tracked file or folder";
        }

        // A fragment into another kind of file (a line of code, #L10) is GitHub's; only a heading can be checked.
        if (fragment is null || !target.EndsWith(".md", StringComparison.OrdinalIgnoreCase) || !repository.Contains(target))
        {
            return null;
        }

        return load(target).Anchors.Contains(fragment) ? null : $"{target} has no heading with the anchor #{fragment}";
    }

    [GeneratedRegex("^([A-Za-z][A-Za-z0-9+.-]*):")]
    private static partial Regex Scheme();
}
