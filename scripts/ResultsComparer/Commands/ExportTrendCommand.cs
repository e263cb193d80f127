namespace ResultsComparer.Commands;

internal static class ExportTrendCommand
{
    public static int Run(string[] args) => throw new InputException("not yet");
}
