namespace ResultsComparer.Commands;

internal static class ReportCommand
{
    public static int Run(string[] args) => throw new InputException("not yet");
}
