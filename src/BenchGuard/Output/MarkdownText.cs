using System.Globalization;
using System.Text;

namespace BenchGuard.Output;

/// <summary>
/// The one encoding of text that reaches Markdown (benchmark names, titles, CPU names, error texts, headlines): the
/// reader sees exactly the text, and nothing in it can add a line, a cell, a tag, a comment or a link. Benchmark
/// names come from the PR's own code and the comment is posted with a write token, so every writer uses this.
/// </summary>
internal static class MarkdownText
{
    /// <summary>
    /// CommonMark's backslash escape for every character that can start markup inside a line: <c>\ ` * _ [ ] &lt; &gt;
    /// &amp; | ~ $</c> (code, emphasis, links and images, HTML and comments, entities, table cells, strikethrough,
    /// math), and for the <c>:</c> of <c>://</c> and the <c>.</c> of <c>www.</c>, which GitHub turns into links.
    /// Control characters (a newline would end the table row), line and paragraph separators and bidirectional
    /// overrides are shown as visible symbols. <c>@</c> is escaped and followed by a word joiner, an invisible
    /// character that keeps GitHub from turning a name into a mention that notifies someone. The text never starts
    /// a line in the reports, so line-start markup (<c>#</c>, <c>-</c>, <c>1.</c>) needs no escape.
    /// </summary>
    public static string Escape(string text)
    {
        var result = new StringBuilder(text.Length + 8);
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            switch (c)
            {
                case '@':
                    result.Append("\\@\u2060");
                    break;
                case < '\u0020':
                    result.Append((char)('\u2400' + c)); // ␀ ... ␟: C0 controls, including ␊ for a newline
                    break;
                case '\u007f':
                    result.Append('\u2421'); // ␡
                    break;
                case >= '\u0080' and <= '\u009f' or '\u2028' or '\u2029' or '\u200e' or '\u200f' or (>= '\u202a' and <= '\u202e') or (>= '\u2066' and <= '\u2069'):
                    result.Append("⟨U+").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture)).Append('⟩');
                    break;
                case '\\' or '`' or '*' or '_' or '[' or ']' or '<' or '>' or '&' or '|' or '~' or '$':
                    result.Append('\\').Append(c);
                    break;
                case ':' when i + 1 < text.Length && text[i + 1] == '/':
                    result.Append("\\:");
                    break;
                case '.' when i >= 3 && text.AsSpan(i - 3, 3).Equals("www", StringComparison.OrdinalIgnoreCase):
                    result.Append("\\.");
                    break;
                default:
                    result.Append(c);
                    break;
            }
        }

        return result.ToString();
    }
}
