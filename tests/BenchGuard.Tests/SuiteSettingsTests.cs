using BenchGuard.AB;

namespace BenchGuard.Tests;

/// <summary>
/// BenchmarkDotNet's <c>--buildTimeout</c> has one definition, scripts/suite-settings.sh, which bench-main.sh and
/// run-suite.sh source (scripts/workflow-lint/test/entry-points.test.mjs checks what they pass) and the comparer embeds.
/// </summary>
public sealed class SuiteSettingsTests
{
    [Fact]
    public void TheComparerReadsTheBuildTimeoutTheScriptsSource()
    {
        var file = Path.Combine(RepositoryRootAbove(AppContext.BaseDirectory), "scripts", "suite-settings.sh");
        var seconds = SuiteSettings.BuildTimeoutSeconds(File.ReadAllText(file));

        Assert.Equal(TimeSpan.FromSeconds(seconds), AbOptions.DefaultLaunchTimeout);
        // BenchmarkDotNet's own default is 120 s, which is what this setting exists to raise.
        Assert.True(seconds > 120, $"{seconds} s");
        var launch = new BenchmarkLauncher(AbOptions.DefaultLaunchTimeout, new Dictionary<string, string?>()).CommonArguments("quick", []);
        Assert.Equal(seconds.ToString(System.Globalization.CultureInfo.InvariantCulture), launch[launch.ToList().IndexOf("--buildTimeout") + 1]);
    }

    [Theory]
    [InlineData("suite_build_timeout_seconds=900\n", 900)]
    [InlineData("#!/usr/bin/env bash\n# suite_build_timeout_seconds=5 in a comment is not the setting\nsuite_build_timeout_seconds=1800\n", 1800)]
    public void TheValueIsTheLineBashAssigns(string script, int seconds) =>
        Assert.Equal(seconds, SuiteSettings.BuildTimeoutSeconds(script));

    [Theory]
    [InlineData("")]
    [InlineData("suite_build_timeout_seconds=$((20 * 60))\n")] // bash would expand it; the comparer could not
    [InlineData("suite_build_timeout_seconds=600\nsuite_build_timeout_seconds=1200\n")]
    [InlineData("suite_build_timeout_seconds=0\n")]
    [InlineData("  suite_build_timeout_seconds=600\n")]
    public void AnyOtherFormIsRefusedRatherThanGuessed(string script) =>
        Assert.Throws<InvalidOperationException>(() => SuiteSettings.BuildTimeoutSeconds(script));

    private static string RepositoryRootAbove(string folder) =>
        File.Exists(Path.Combine(folder, "FilePipes.sln")) ? folder
        : RepositoryRootAbove(Path.GetDirectoryName(Path.TrimEndingDirectorySeparator(folder)) ?? throw new InvalidOperationException("no FilePipes.sln above the test binaries"));
}
