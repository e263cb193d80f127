namespace BenchGuard;

/// <summary>The exit codes every command of the tool, and every script around it, shares.</summary>
public static class ExitCodes
{
    /// <summary>Nothing to report, or the caller did not ask to fail.</summary>
    public const int Ok = 0;

    /// <summary>A regression was found and the caller asked to fail on one.</summary>
    public const int Regression = 1;

    /// <summary>Bad input or usage; one line on stderr says which file and what.</summary>
    public const int BadInput = 2;
}
