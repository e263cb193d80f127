using System.Globalization;
using BenchGuard.AB;
using System.CommandLine;
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
    /// <summary>Every value, by the name the workflows read (<c>steps.policy.outputs.NAME</c>) and build-site takes.</summary>
    public static IReadOnlyList<(string Name, string Value)> Values { get; } =
    [
        ("trend-alert-threshold", VerdictDefaults.TrendAlertThreshold),
        // The page's allocation alerts need more growth than this as well as the ratio; the PR check's tolerance.
        ("allocation-tolerance-bytes", AllocationThreshold.Parse(VerdictDefaults.PipelineAllocationThreshold).Value.ToString(CultureInfo.InvariantCulture)),
        // BenchmarkDotNet's --buildTimeout for a suite run outside the A/B, the same as each A/B launch passes.
        ("build-timeout-seconds", ((int)AbOptions.DefaultLaunchTimeout.TotalSeconds).ToString(CultureInfo.InvariantCulture)),
    ];

    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("policy", "Prints the policy values the workflows, the alert finder and the trend page apply, one name=value line each.")
        {
            CommandOption.Single("--github-output", "FILE", "Appends the lines to FILE (a step's $GITHUB_OUTPUT) instead of printing them."),
        };
        command.SetAction(result => Run(new CommandArguments("policy", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
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
