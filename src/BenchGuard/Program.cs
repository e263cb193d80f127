using BenchGuard.Cli;

namespace BenchGuard;

/// <summary>The entry point: the command line (<see cref="ToolCommandLine"/>) and the one-line error contract.</summary>
public static class Program
{
    /// <summary>Gets the tool's version: the package's (release.yml packs the tag's), with the commit it was built from.</summary>
    public static string Version => Output.ToolVersion.Version;

    /// <summary>Runs a command and returns its exit code (0 ok, 1 regression when asked, 2 bad input).</summary>
    /// <param name="args">The command name, then its options; or <c>--help</c>, or <c>--version</c>.</param>
    /// <returns>The exit code.</returns>
    public static int Main(string[] args)
    {
        try
        {
            return ToolCommandLine.Run(args);
        }
        catch (InputException e)
        {
            Console.Error.WriteLine($"error: {InputException.OneLine(e.Message)}");
            return ExitCodes.BadInput;
        }
        catch (Exception e)
        {
            // The last line of defence: an unforeseen failure is still one line, never a stack trace.
            // Stryker disable once all : see mutation-testing.md#unreachable
            Console.Error.WriteLine($"error: unexpected {e.GetType().Name}: {InputException.OneLine(e.Message)}");
            return ExitCodes.BadInput;
        }
    }
}
