namespace FilePipes.Benchmarks.Configuration;

/// <summary>Which cases a run holds, chosen with <c>--profile</c>.</summary>
public enum SuiteProfile
{
    /// <summary>The subset the PR pipeline runs: every method at least once (see <see cref="QuickProfile"/>).</summary>
    Quick,

    /// <summary>The whole matrix.</summary>
    Full,
}
