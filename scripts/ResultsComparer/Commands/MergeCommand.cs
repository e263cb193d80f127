namespace ResultsComparer.Commands;

internal static class MergeCommand
{
    public static int Run(string[] args) => throw new InputException("not yet");
}
