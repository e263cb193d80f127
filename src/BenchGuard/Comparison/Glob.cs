using System.Text.RegularExpressions;

namespace BenchGuard.Comparison;

/// <summary>BenchmarkDotNet-style <c>--filter</c> globs (<c>*</c>, <c>?</c>), matched against the whole FullName or
/// against it without its parameter list, the name BenchmarkDotNet's own <c>--filter</c> matches (pr-report hands one
/// filter to both).</summary>
internal sealed class Glob
{
    private readonly Regex[] patterns;

    /// <summary>Builds a matcher; no patterns means everything matches.</summary>
    public Glob(IEnumerable<string> globs) =>
        this.patterns = globs
            .Select(g => new Regex("^" + Regex.Escape(g).Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal) + "$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant))
            .ToArray();

    /// <summary>True when any pattern matches the FullName or its name without parameters (or there are none).</summary>
    public bool Matches(string fullName)
    {
        var parameters = fullName.IndexOf('(', StringComparison.Ordinal);
        // Stryker disable once Equality : see mutation-testing.md#off-boundary
        var name = parameters < 0 ? fullName : fullName[..parameters];
        return this.patterns.Length == 0 || this.patterns.Any(p => p.IsMatch(fullName) || p.IsMatch(name));
    }
}
