using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace FakeBenchmarks;

/// <summary>
/// Stands in for <c>valgrind --tool=callgrind</c> running the counters host with <c>--marks</c> (a test puts a
/// script named valgrind on PATH that runs this program with <c>--as-valgrind</c> first): writes the host's marked.json
/// and one callgrind part per dump as the real pair does (one part before the cases, three per case, the exit's last),
/// each case's N and 2N parts apart by N times its instructions per operation (100,000 plus <c>extraInstructions</c>).
/// </summary>
internal static class CallgrindAnswer
{
    private const int PerCase = 3;
    private const long StartUp = 50_000_000;
    private const long InstructionsPerOperation = 100_000;

    public static int Run(Behaviour behaviour, string[] args)
    {
        if (args is ["--version"])
        {
            Console.Out.WriteLine("valgrind-3.fake");
            return 0;
        }

        var outFile = args.FirstOrDefault(a => a.StartsWith("--callgrind-out-file=", StringComparison.Ordinal))?["--callgrind-out-file=".Length..]
            ?? throw new FakeInputException("valgrind: no --callgrind-out-file=");
        var host = Array.IndexOf(args, "--counters");
        var arguments = Arguments.Parse(args[(host + 1)..]);
        var operations = int.Parse(arguments.Value("--operations")!, CultureInfo.InvariantCulture);
        var marked = arguments.Value("--out") ?? throw new FakeInputException("valgrind: the host has no --out");
        var cases = behaviour.Export().Select(arguments.Filters).Benchmarks.Select(b => b["FullName"]!.GetValue<string>()).ToList();
        if (behaviour.CallgrindCrash)
        {
            // What valgrind and the runtime wrote when exception dispatch failed in a case: banner, case, crash, SIGABRT.
            Console.Error.WriteLine("==6408== Callgrind, a call-graph generating cache profiler");
            Console.Error.WriteLine($"counters: counting {cases[0]}");
            Console.Error.WriteLine("Process terminated.\nUnhandledException\n   at System.Runtime.EH.DispatchEx(System.Runtime.StackFrameIterator ByRef, ExInfo ByRef)");
            Console.Error.WriteLine("==6408== Process terminating with default action of signal 6 (SIGABRT)");
            return 134;
        }

        var marks = new JsonObject
        {
            ["marks"] = new JsonObject { ["function"] = behaviour.MarkFunction ?? "getpgrp", ["before"] = 1, ["perCase"] = PerCase },
            ["cases"] = new JsonArray([.. cases.Select(c => (JsonNode)new JsonObject { ["benchmark"] = c })]),
        };
        File.WriteAllText(marked, marks.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));

        // Part 1: start-up; per case: set-up and warm-up, then N operations, then 2N; the last part: the exit.
        List<long> parts = [StartUp];
        foreach (var name in cases)
        {
            var perOperation = InstructionsPerOperation + behaviour.ExtraInstructions(name);
            parts.AddRange([1_000_000, 20_000 + (operations * perOperation), 20_000 + (2 * operations * perOperation)]);
        }

        parts.Add(3_000_000);
        for (var i = 0; i < parts.Count - behaviour.MissingParts; i++)
        {
            var path = i == parts.Count - 1 ? outFile : $"{outFile}.{i + 1}";
            File.WriteAllText(path, $"version: 1\ncreator: callgrind-3.fake\npart: {i + 1}\nevents: Ir\ntotals: {parts[i]}\n");
        }

        return 0;
    }
}
