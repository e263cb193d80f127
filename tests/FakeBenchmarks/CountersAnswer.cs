using System.Text.Json;
using System.Text.Json.Nodes;

namespace FakeBenchmarks;

/// <summary>
/// A counters run (<c>--counters ... --operations N --out FILE</c>), in the counters host's format: each selected
/// case's bytes are the export's bytes per operation (plus <c>extraBytes</c>), its read calls four per operation
/// (plus <c>extraReadCalls</c>) and its write calls two, each times N. The callgrind run (<c>--marks</c>) is not
/// answered: the planted build has no apphost, so the comparer never starts one.
/// </summary>
internal static class CountersAnswer
{
    private const int ReadCallsPerOperation = 4;
    private const int WriteCallsPerOperation = 2;

    public static int Write(Behaviour behaviour, Arguments arguments, Selection selection)
    {
        if (behaviour.CountersError is { } error)
        {
            Console.Error.WriteLine(error);
            return 1;
        }

        if (behaviour.CountersWithoutFile)
        {
            return 0;
        }

        if (arguments.Has("--marks"))
        {
            throw new FakeInputException("the planted build does not answer a callgrind run (--marks)");
        }

        var operations = int.Parse(arguments.Value("--operations") ?? throw new FakeInputException("--operations is required"), System.Globalization.CultureInfo.InvariantCulture);
        var output = arguments.Value("--out") ?? throw new FakeInputException("--out is required");
        if (selection.Benchmarks.Count == 0)
        {
            throw new FakeInputException("the filters select no case");
        }

        var cases = new JsonArray();
        foreach (var benchmark in selection.Benchmarks)
        {
            var fullName = benchmark["FullName"]!.GetValue<string>();
            var bytes = (benchmark["Memory"]?["BytesAllocatedPerOperation"]?.GetValue<long>() ?? 0) + behaviour.ExtraBytes(fullName);
            var reads = ReadCallsPerOperation + behaviour.ExtraReadCalls(fullName);
            cases.Add(new JsonObject
            {
                ["benchmark"] = fullName,
                ["allocatedBytes"] = bytes * operations,
                ["readCalls"] = reads * operations,
                ["writeCalls"] = WriteCallsPerOperation * operations,
                ["allocatedBytesPerOperation"] = new JsonObject { ["min"] = bytes, ["max"] = bytes },
                ["readCallsPerOperation"] = new JsonObject { ["min"] = reads, ["max"] = reads },
                ["writeCallsPerOperation"] = new JsonObject { ["min"] = WriteCallsPerOperation, ["max"] = WriteCallsPerOperation },
            });
        }

        var root = new JsonObject
        {
            ["format"] = 1,
            ["operations"] = operations,
            ["systemCallsNotMeasured"] = null,
            ["cases"] = cases,
        };
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
        File.WriteAllText(output, root.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
        return 0;
    }
}
