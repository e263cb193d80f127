using System.Globalization;
using System.Text.RegularExpressions;

namespace BenchGuard.AB;

/// <summary>
/// The settings the workflows' suite scripts share, read from scripts/suite-settings.sh, which the build embeds: one
/// definition for bash and C#.
/// </summary>
internal static partial class SuiteSettings
{
    /// <summary>The embedded file's resource name (BenchGuard.csproj).</summary>
    public const string ResourceName = "suite-settings.sh";

    /// <summary>Gets BenchmarkDotNet's <c>--buildTimeout</c> for the suite's child builds.</summary>
    public static TimeSpan BuildTimeout { get; } = TimeSpan.FromSeconds(BuildTimeoutSeconds(Embedded()));

    /// <summary>The build timeout a suite-settings.sh text defines, as bash reads it.</summary>
    /// <param name="script">The file's text.</param>
    /// <returns>Seconds.</returns>
    public static int BuildTimeoutSeconds(string script)
    {
        var matches = BuildTimeoutLine().Matches(script);
        return matches.Count == 1 && int.TryParse(matches[0].Groups[1].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var seconds) && seconds > 0
            ? seconds
            : throw new InvalidOperationException($"{ResourceName} must define suite_build_timeout_seconds once, as whole seconds");
    }

    private static string Embedded()
    {
        using var stream = typeof(SuiteSettings).Assembly.GetManifestResourceStream(ResourceName)
            ?? throw new InvalidOperationException($"{ResourceName} is not embedded in the comparer");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }

    // A line of its own, digits only: the value bash assigns, with nothing for bash to expand.
    [GeneratedRegex(@"^suite_build_timeout_seconds=([0-9]+)$", RegexOptions.Multiline)]
    private static partial Regex BuildTimeoutLine();
}
