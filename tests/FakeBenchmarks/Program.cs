namespace FakeBenchmarks;

/// <summary>
/// Answers what the comparer asks of FilePipes.Benchmarks (AB/BenchmarkLauncher.cs, Counters/CountersRun.cs):
/// <c>--counters ... --operations N --out FILE</c> writes the counters host's JSON; <c>... --list flat</c> prints the
/// selected methods; <c>--as-valgrind ...</c> stands in for callgrind running the host (<see cref="CallgrindAnswer"/>); any other command line is a launch, which writes a BenchmarkDotNet full export under
/// <c>--artifacts DIR</c>/results. What it answers comes from <see cref="Behaviour"/>, a file the test plants beside
/// the program. Exit codes as the suite's: 0 ran, 1 a benchmark failed, 2 bad input or a filter that matches nothing.
/// </summary>
internal static class Program
{
    public static int Main(string[] args)
    {
        // What the comparer passed, for its logs and the tests that read them (--list output skips these lines: they are
        // not method names).
        Console.Out.WriteLine($"fake: arguments: {string.Join(' ', args)}");
        Console.Out.WriteLine($"fake: directory: {Environment.CurrentDirectory}");
        foreach (var name in new[] { "FILEPIPES_FIXTURES", "FILEPIPES_SLOWDOWN", "DOTNET_TieredCompilation", "DOTNET_JitEnableOptionalRelocs", "DOTNET_EnableWriteXorExecute" })
        {
            Console.Out.WriteLine($"fake: {name}={Environment.GetEnvironmentVariable(name) ?? "(unset)"}");
        }

        try
        {
            var behaviour = Behaviour.Read();
            if (args is ["--as-valgrind", .. var valgrind])
            {
                return CallgrindAnswer.Run(behaviour, valgrind);
            }

            var arguments = Arguments.Parse(args);
            var selected = behaviour.Export().Select(arguments.Filters);
            if (arguments.Has("--refused") || (arguments.Has("--counters") && behaviour.NoCountersMode))
            {
                return Refuse(arguments.Has("--refused") ? "refused" : "counters");
            }

            if (arguments.Has("--counters"))
            {
                return CountersAnswer.Write(behaviour, arguments, selected);
            }

            if (arguments.Value("--list") is not null)
            {
                foreach (var method in selected.Methods())
                {
                    Console.Out.WriteLine(method);
                }

                return 0;
            }

            return LaunchAnswer.Write(behaviour, arguments, selected);
        }
        catch (FakeInputException e)
        {
            Console.Error.WriteLine(e.Message);
            return 2;
        }
    }

    // BenchmarkDotNet's answer to an option it does not know: the error, then its help, and exit code 0.
    private static int Refuse(string option)
    {
        Console.Out.WriteLine("ERROR(S):");
        Console.Out.WriteLine($"  Option '{option}' is unknown.");
        Console.Out.WriteLine("USAGE:");
        Console.Out.WriteLine("Use Job.ShortRun for running the benchmarks:");
        Console.Out.WriteLine("iteration.");
        return 0;
    }
}
