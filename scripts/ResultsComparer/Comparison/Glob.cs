using System.Text.RegularExpressions;

namespace ResultsComparer.Comparison;

/// <summary>BenchmarkDotNet-style <c>--filter</c> globs (<c>*</c>, <c>?</c>), matched against the whole FullName.</summary>
internal sealed class Glob
{
    private readonly Regex[] patterns;

    /// <summary>Builds a matcher; no patterns means everything matches.</summary>
    public Glob(IEnumerable<string> globs) =>
        this.patterns = globs
            .Select(g => new Regex("^" + Regex.Escape(g).Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal) + "$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant))
            .ToArray();

    /// <summary>True when any pattern matches (or there are none).</summary>
    public bool Matches(string fullName) => this.patterns.Length == 0 || this.patterns.Any(p => p.IsMatch(fullName));
}
