namespace FakeBenchmarks;

/// <summary>
/// Answers what the comparer asks of FilePipes.Benchmarks (AB/BenchmarkLauncher.cs, Counters/CountersRun.cs):
/// <c>--counters ... --operations N --out FILE</c> writes the counters host's JSON; <c>... --list flat</c> prints the
/// selected methods; any other command line is a launch, which writes a BenchmarkDotNet full export under
/// <c>--artifacts DIR</c>/results. What it answers comes from <see cref="Behaviour"/>, a file the test plants beside
/// the program. Exit codes as the suite's: 0 ran, 1 a benchmark failed, 2 bad input or a filter that matches nothing.
/// </summary>
internal static class Program
{
    public static int Main(string[] args)
    {
        try
        {
            var behaviour = Behaviour.Read();
            var arguments = Arguments.Parse(args);
            var selected = behaviour.Export().Select(arguments.Filters);
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
}
