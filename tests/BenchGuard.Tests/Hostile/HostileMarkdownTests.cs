using System.Net;
using System.Text.RegularExpressions;
using Markdig;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Hostile;

/// <summary>
/// Issue 17, item 3: a benchmark name (a string <c>[Params]</c> value is enough), a title, a CPU name or an error
/// text is shown as exactly its text. The reports are rendered by a CommonMark parser with GitHub's extensions
/// (pipe tables, autolinks, strikethrough, math): hostile texts must give the same HTML structure as plain ones,
/// and each name's cell must read back as the name.
/// </summary>
public sealed partial class HostileMarkdownTests
{
    public static readonly string[] HostileParameters =
    [
        "Name: a\n## ✅ no regressions\n",
        "Name: x | y | z",
        "Name: </details><details open><summary>fake",
        "Name: <img src=x onerror=alert(1)>",
        "Name: <!-- the rest is hidden",
        "Name: `code` and ``more``",
        "Name: [click](http://evil.example/)",
        "Name: ![img](http://evil.example/x.png)",
        "Name: http://evil.example/path and www.evil.example",
        "Name: <https://autolink.example>",
        "Name: @octocat",
        "Name: **bold** _em_ ~~gone~~",
        "Name: &lt;b&gt; &amp; &#124;",
        "Name: $x^2$",
        "Name: back\\slash\\",
        "Name: \r\n| fake | row |\r\n",
        "Name: \u202Eevil\u0000\u007f",
    ];

    private static readonly MarkdownPipeline GitHubLike = new MarkdownPipelineBuilder().UseAdvancedExtensions().Build();

    [Fact]
    public void CompareMarkdownShowsHostileNamesAndTitleAsText()
    {
        using var temp = new TempFolder();
        var hostile = Compare(temp, "hostile", HostileParameters, "Title <img src=x> \n# fake heading");
        var plain = Compare(temp, "plain", HostileParameters.Select((_, i) => $"Name: {i}").ToArray(), "Title");
        Assert.Equal(Structure(plain.Markdown), Structure(hostile.Markdown));
        AssertCellsRead(hostile.Markdown, hostile.Names);
        Assert.Contains("Title <img src=x> ␊# fake heading", Text(hostile.Markdown), StringComparison.Ordinal);
    }

    [Fact]
    public void ReportMarkdownShowsHostileNamesAndErrorsAsText()
    {
        using var temp = new TempFolder();
        var hostile = Compare(temp, "hostile", HostileParameters, null);
        var plain = Compare(temp, "plain", HostileParameters.Select((_, i) => $"Name: {i}").ToArray(), null);
        string Report(string json, string? error)
        {
            var args = new List<string> { "report", "--os", "ubuntu-latest", "--baseline", json, "--md", temp.File("os.md"), "--json", temp.File("os.json") };
            args.AddRange(error is null ? ["--ab", json] : ["--ab-error", error]);
            var run = ComparerRun.Of([.. args]);
            Assert.True(run.ExitCode == 0, run.Error);
            return File.ReadAllText(temp.File("os.md"));
        }

        var hostileReport = Report(hostile.Json, null);
        Assert.Equal(Structure(Report(plain.Json, null)), Structure(hostileReport));
        AssertCellsRead(hostileReport, hostile.Names);

        var hostileError = Report(hostile.Json, "build failed:\n</details>\n<!-- [x](http://evil.example)");
        Assert.Equal(Structure(Report(plain.Json, "build failed")), Structure(hostileError));
        Assert.Contains("build failed:␊</details>␊<!-- [x](http://evil.example)", Text(hostileError), StringComparison.Ordinal);
    }

    /// <summary>The names back from the rendered cells: visible symbols of control characters read as the characters.</summary>
    internal static string ReadBack(string shown) =>
        VisibleCodePoint().Replace(
            string.Concat(shown.Replace("\u2060", string.Empty, StringComparison.Ordinal).Select(c => c is >= '\u2400' and <= '\u241f' ? (char)(c - '\u2400') : c == '\u2421' ? '\u007f' : c)),
            m => ((char)Convert.ToInt32(m.Groups[1].Value, 16)).ToString());

    /// <summary>The sequence of HTML tags the Markdown renders to: the structure, without any text.</summary>
    internal static List<string> Structure(string markdown) =>
        Tag().Matches(Markdown.ToHtml(markdown, GitHubLike)).Select(m => m.Value).ToList();

    private static string Text(string markdown) => WebUtility.HtmlDecode(Markdown.ToHtml(markdown, GitHubLike));

    private static void AssertCellsRead(string markdown, IEnumerable<string> names)
    {
        var cells = Cell().Matches(Markdown.ToHtml(markdown, GitHubLike)).Select(m => ReadBack(WebUtility.HtmlDecode(m.Groups[1].Value))).ToHashSet(StringComparer.Ordinal);
        Assert.All(names, name => Assert.Contains(name, cells));
    }

    private static (string Markdown, string Json, IReadOnlyList<string> Names) Compare(TempFolder temp, string name, string[] parameters, string? title)
    {
        var benchmarks = parameters.Select((p, i) => FakeBenchmark.Of("Read", 1000, 0.02, 15, seed: i, allocated: 100, parameters: p)).ToList();
        BdnJson.Write(temp.Folder(name, "base"), benchmarks);
        BdnJson.Write(temp.Folder(name, "diff"), benchmarks.Select((b, i) => FakeBenchmark.Of("Read", 1500, 0.02, 15, seed: 100 + i, allocated: 200, parameters: b.Parameters)));
        var args = new List<string> { "compare", "--base", temp.File(name, "base"), "--diff", temp.File(name, "diff"), "--threshold", "5%", "--md", temp.File(name, "r.md"), "--json", temp.File(name, "r.json") };
        if (title is not null)
        {
            args.AddRange(["--title", title]);
        }

        var run = ComparerRun.Of([.. args]);
        Assert.True(run.ExitCode == 0, run.Error);
        return (File.ReadAllText(temp.File(name, "r.md")), temp.File(name, "r.json"), benchmarks.Select(b => b.FullName["Demo.".Length..]).ToList());
    }

    [GeneratedRegex(@"</?[a-zA-Z][a-zA-Z0-9]*")]
    private static partial Regex Tag();

    [GeneratedRegex(@"<td>(.*?)</td>", RegexOptions.Singleline)]
    private static partial Regex Cell();

    [GeneratedRegex(@"⟨U\+([0-9A-F]{4})⟩")]
    private static partial Regex VisibleCodePoint();
}
