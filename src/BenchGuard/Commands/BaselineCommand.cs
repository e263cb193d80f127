using System.CommandLine;

namespace BenchGuard.Commands;

/// <summary><c>baseline update ...</c> and <c>baseline show ...</c>.</summary>
internal static class BaselineCommand
{
    /// <summary>The command and its sub-commands, as <c>--help</c> lists them.</summary>
    public static Command Define() =>
        new("baseline", "Maintains and lists the store in baselines/<os>/ (see baselines/README.md).")
        {
            BaselineUpdateCommand.Define(),
            BaselineShowCommand.Define(),
        };
}
