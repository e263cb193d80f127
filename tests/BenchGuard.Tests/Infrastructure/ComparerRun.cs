namespace BenchGuard.Tests.Infrastructure;

/// <summary>The outcome of one in-process run of the real program.</summary>
/// <param name="ExitCode">What Main returned.</param>
/// <param name="Out">Everything written to stdout.</param>
/// <param name="Error">Everything written to stderr.</param>
internal sealed record ComparerRun(int ExitCode, string Out, string Error)
{
    /// <summary>Runs <c>Program.Main</c> with <paramref name="args"/>, capturing both streams.</summary>
    public static ComparerRun Of(params string[] args) => Capture(() => Program.Main(args));

    /// <summary>Runs a command's entry point, capturing both streams.</summary>
    public static ComparerRun Capture(Func<int> main)
    {
        var stdout = new StringWriter();
        var stderr = new StringWriter();
        var oldOut = Console.Out;
        var oldError = Console.Error;
        Console.SetOut(stdout);
        Console.SetError(stderr);
        try
        {
            var code = main();
            return new ComparerRun(code, stdout.ToString(), stderr.ToString());
        }
        finally
        {
            Console.SetOut(oldOut);
            Console.SetError(oldError);
        }
    }

    /// <summary>Asserts the bad-input contract: exit 2, exactly one line on stderr containing <paramref name="expected"/>, no stack trace.</summary>
    public void AssertBadInput(string expected)
    {
        Assert.True(this.ExitCode == 2, $"exit {this.ExitCode}, stderr: {this.Error}");
        var lines = this.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Single(lines);
        Assert.Contains(expected, lines[0], StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", this.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", this.Error, StringComparison.Ordinal);
    }
}
