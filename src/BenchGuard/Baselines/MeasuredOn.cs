namespace BenchGuard.Baselines;

/// <summary>
/// Where a stored run was measured. A development machine's allocations can differ from a GitHub runner's (another
/// OS build, runtime or allocator), so only entries measured on a runner may fail a PR's allocation check.
/// </summary>
public static class MeasuredOn
{
    /// <summary>A GitHub Actions runner, the machine the PR check runs on.</summary>
    public const string Runner = "runner";

    /// <summary>Anywhere else: a developer's machine, a lab box.</summary>
    public const string DevelopmentMachine = "development-machine";

    /// <summary>The choices of <c>baseline update --measured-on</c>.</summary>
    public static readonly string[] Choices = [Runner, DevelopmentMachine];

    /// <summary>From the environment: GitHub sets <c>GITHUB_ACTIONS=true</c> in every step of a workflow run.</summary>
    public static string FromEnvironment() =>
        Environment.GetEnvironmentVariable("GITHUB_ACTIONS") == "true" ? Runner : DevelopmentMachine;

    /// <summary>True when <paramref name="run"/> was recorded as measured on a runner; an unrecorded place is not.</summary>
    public static bool IsRunner(BaselineRun run) => run.MeasuredOn == Runner;

    /// <summary>The recorded place in words.</summary>
    public static string Describe(string? measuredOn) => measuredOn switch
    {
        Runner => "a GitHub runner",
        DevelopmentMachine => "a development machine",
        null => "a machine it did not record",
        var other => other,
    };
}
