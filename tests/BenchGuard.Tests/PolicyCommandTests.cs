using System.Globalization;
using System.Text.RegularExpressions;
using BenchGuard.AB;
using BenchGuard.Commands;
using BenchGuard.Comparison;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// <c>policy</c>: the values the workflows and the trend page apply, defined once in C# and written
/// for them; and no file outside the tool restates one.
/// </summary>
public sealed class PolicyCommandTests : IDisposable
{
    private readonly string folder = Directory.CreateTempSubdirectory("policy-").FullName;

    public void Dispose() => Directory.Delete(this.folder, recursive: true);

    [Fact]
    public void ItPrintsEachValueAsTheToolDefinesIt()
    {
        var run = ComparerRun.Of("policy");

        Assert.Equal(0, run.ExitCode);
        Assert.Equal("", run.Error);
        Assert.Equal($"trend-alert-threshold={VerdictDefaults.TrendAlertThreshold}\nallocation-tolerance-bytes=512\nbuild-timeout-seconds=1200\n", run.Out);
        Assert.Equal("512B", VerdictDefaults.PipelineAllocationThreshold);
    }

    [Fact]
    public void TheSuiteScriptsBuildTimeoutIsTheOneEveryLaunchPasses()
    {
        var seconds = PolicyCommand.Values.Single(v => v.Name == "build-timeout-seconds").Value;

        Assert.Equal(TimeSpan.FromSeconds(int.Parse(seconds, CultureInfo.InvariantCulture)), AbOptions.DefaultLaunchTimeout);
        // BenchmarkDotNet's own default is 120 s, which is what this setting exists to raise.
        Assert.True(AbOptions.DefaultLaunchTimeout > TimeSpan.FromSeconds(120), seconds);
        var launch = new BenchmarkLauncher(AbOptions.DefaultLaunchTimeout, new Dictionary<string, string?>()).CommonArguments("quick", []);
        Assert.Equal(seconds, launch[launch.ToList().IndexOf("--buildTimeout") + 1]);
    }

    [Fact]
    public void WithGitHubOutputItAppendsToTheStepsOutputs()
    {
        var output = Path.Combine(this.folder, "output");
        File.WriteAllText(output, "earlier=1\n");

        var run = ComparerRun.Of("policy", "--github-output", output);

        Assert.Equal(0, run.ExitCode);
        Assert.Equal("", run.Out);
        Assert.Equal("earlier=1\n" + string.Concat(PolicyCommand.Values.Select(v => $"{v.Name}={v.Value}\n")), File.ReadAllText(output));
    }

    [Fact]
    public void BadUsageAndAnUnwritableFileAreOneLineAndExitTwo()
    {
        ComparerRun.Of("policy", "--bogus").AssertBadInput("error: Unrecognized command or argument '--bogus'. (see benchguard policy --help)");
        ComparerRun.Of("policy", "--github-output", Path.Combine(this.folder, "no-such-folder", "output")).AssertBadInput("policy: cannot write");
    }

    [Fact]
    public void NoFileOutsideTheToolRestatesAPolicyValue()
    {
        // The workflows, the shell glue, the page and the Node scripts get these from `scripts/policy`; a literal copy
        // would drift the day the C# value changes. Tests and docs may quote them.
        var root = RepositoryRoot.Path;
        var files = Directory.EnumerateFiles(Path.Combine(root, ".github"), "*", SearchOption.AllDirectories)
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "scripts"), "*", SearchOption.AllDirectories))
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "src", "BenchGuard.GitHub"), "*", SearchOption.AllDirectories))
            .Where(f => !Regex.IsMatch(f.Replace('\\', '/'), @"/(node_modules|test|bin|obj|BenchGuard)/|\.(md|json|png)$"))
            .ToList();
        Assert.Contains(files, f => f.EndsWith("alerts.js", StringComparison.Ordinal));
        Assert.Contains(files, f => f.EndsWith("benchmarks.yml", StringComparison.Ordinal));

        var found = (from file in files
                     let text = File.ReadAllText(file)
                     from value in PolicyCommand.Values
                     let literal = value.Name == "allocation-tolerance-bytes" ? value.Value : Regex.Escape(value.Value)
                     where Regex.IsMatch(text, $@"(?<![\w.]){literal}(?![\w.])")
                     select $"{Path.GetRelativePath(root, file)}: {value.Name} ({value.Value})").ToList();

        Assert.Empty(found);
    }
}
