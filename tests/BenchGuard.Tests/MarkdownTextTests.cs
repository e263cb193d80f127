using BenchGuard.Output;

namespace BenchGuard.Tests;

/// <summary>
/// The one escape of text that reaches Markdown, at the edges of what it rewrites: every invisible or
/// direction-changing character is shown by its code point, the ones next to those ranges pass as they are, and the
/// link starters are escaped only where they would start a link.
/// </summary>
public sealed class MarkdownTextTests
{
    [Theory]
    [InlineData('\u0080')]
    [InlineData('\u009f')]
    [InlineData('\u200e')]
    [InlineData('\u200f')]
    [InlineData('\u2028')]
    [InlineData('\u2029')]
    [InlineData('\u202a')]
    [InlineData('\u202c')]
    [InlineData('\u202e')]
    [InlineData('\u2066')]
    [InlineData('\u2068')]
    [InlineData('\u2069')]
    public void InvisibleAndDirectionCharactersAreShownByTheirCodePoint(char c) =>
        Assert.Equal($"a⟨U+{(int)c:X4}⟩b", MarkdownText.Escape($"a{c}b"));

    [Theory]
    [InlineData('\u00a0')]
    [InlineData('\u00e9')]
    [InlineData('\u200d')]
    [InlineData('\u2027')]
    [InlineData('\u202f')]
    [InlineData('\u2065')]
    [InlineData('\u206a')]
    public void CharactersNextToThoseRangesPassAsTheyAre(char c) =>
        Assert.Equal($"a{c}b", MarkdownText.Escape($"a{c}b"));

    [Theory]
    [InlineData("http://x", "http\\://x")]
    [InlineData("a:/", "a\\:/")]
    [InlineData("a:", "a:")]
    [InlineData("a: b", "a: b")]
    [InlineData(":/", "\\:/")]
    [InlineData("www.x", "www\\.x")]
    [InlineData("WwW.x", "WwW\\.x")]
    [InlineData("ww.x", "ww.x")]
    [InlineData("awww.x", "awww\\.x")]
    [InlineData("Size: 4.5", "Size: 4.5")]
    public void LinkStartersAreEscapedOnlyWhereTheyWouldStartALink(string text, string expected) =>
        Assert.Equal(expected, MarkdownText.Escape(text));
}
