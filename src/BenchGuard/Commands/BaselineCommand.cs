namespace BenchGuard.Commands;

/// <summary><c>baseline update ...</c> and <c>baseline show ...</c>.</summary>
internal static class BaselineCommand
{
    /// <summary>Dispatches to the sub-command.</summary>
    public static int Run(string[] args) => args.FirstOrDefault() switch
    {
        "update" => BaselineUpdateCommand.Run(args[1..]),
        "show" => BaselineShowCommand.Run(args[1..]),
        var other => throw new InputException($"baseline: expected 'update' or 'show', not '{other ?? "nothing"}'"),
    };
}
