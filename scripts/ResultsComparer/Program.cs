namespace ResultsComparer;

/// <summary>Skeleton entry point; issue 5 fills it in.</summary>
public static class Program
{
    /// <summary>Runs a command.</summary>
    /// <param name="args">Command-line arguments.</param>
    /// <returns>The exit code.</returns>
    public static int Main(string[] args) => args.Length >= 0 ? 0 : 2;
}
