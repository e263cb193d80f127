namespace ResultsComparer.Commands;

internal static class BaselineCommand
{
    public static int Run(string[] args) => throw new InputException("not yet");
}
