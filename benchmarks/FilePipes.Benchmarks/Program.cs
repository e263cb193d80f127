namespace FilePipes.Benchmarks;

/// <summary>Skeleton entry point; issue 4 fills it in.</summary>
public static class Program
{
    /// <summary>Runs the suite.</summary>
    /// <param name="args">Command-line arguments.</param>
    /// <returns>The exit code.</returns>
    public static int Main(string[] args) => args.Length >= 0 ? 0 : 1;
}
