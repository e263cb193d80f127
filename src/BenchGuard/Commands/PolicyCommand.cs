using System.Globalization;
using BenchGuard.AB;
using BenchGuard.Cli;
using BenchGuard.Comparison;

namespace BenchGuard.Commands;

/// <summary>
/// <c>policy [--github-output FILE]</c>: the policy values that the workflows, the trend page and the alert finder
/// apply, and the launch limit the scripts that run a whole suite pass, one <c>name=value</c> line each. They are defined once, in C#; everything outside the tool gets them from
/// here. With <c>--github-output</c> the lines are appended to that file (a step's <c>$GITHUB_OUTPUT</c>) instead.
/// Exit codes: 0 written; 2 bad usage or the file cannot be written.
/// </summary>
internal static class PolicyCommand
{
    /// <summary>The usage line.</summary>
    public const string Usage = "usage: policy [--github-output FILE]";

    /// <summary>Every value, by the name the workflows read (<c>steps.policy.outputs.NAME</c>) and build-site takes.</summary>
    public static IReadOnlyList<(string Name, string Value)> Values { get; } =
    [
        ("trend-alert-threshold", VerdictDefaults.TrendAlertThreshold),
        // The page's allocation alerts need more growth than this as well as the ratio; the PR check's tolerance.
        ("allocation-tolerance-bytes", AllocationThreshold.Parse(VerdictDefaults.PipelineAllocationThreshold).Value.ToString(CultureInfo.InvariantCulture)),
        // BenchmarkDotNet's --buildTimeout for a suite run outside the A/B, the same as each A/B launch passes.
        ("build-timeout-seconds", ((int)AbOptions.DefaultLaunchTimeout.TotalSeconds).ToString(CultureInfo.InvariantCulture)),
    ];

    /// <summary>Runs the command.</summary>
    public static int Run(string[] args)
    {
        if (args.Contains("--help") || args.Contains("-h"))
        {
            Console.Out.WriteLine(Usage);
            return ExitCodes.Ok;
        }

        var a = CommandArguments.Parse("policy", args, ["--github-output"], []);
        var text = string.Concat(Values.Select(v => $"{v.Name}={v.Value}\n"));
        if (a.Value("--github-output") is not { } file)
        {
            Console.Out.Write(text);
            return ExitCodes.Ok;
        }

        try
        {
            File.AppendAllText(file, text);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InputException($"policy: cannot write {file}: {e.Message}");
        }

        return ExitCodes.Ok;
    }
}
