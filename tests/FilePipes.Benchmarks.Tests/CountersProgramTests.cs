using System.Diagnostics;
using System.Text.Json;
using FilePipes.Benchmarks.Counters;
using FilePipes.Benchmarks.Fixtures;

namespace FilePipes.Benchmarks.Tests;

/// <summary>The counters mode as the tool runs it: the benchmark program in a process of its own, JSON out.</summary>
public sealed class CountersProgramTests : IDisposable
{
    private const string WriterCase = "FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter(BufferSize: 65536, File: 4MiB)";
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(3);
    private readonly TemporaryFixtures fixtures = new();

    [Fact]
    public void A_real_case_writes_its_counts_as_json()
    {
        string output = Path.Combine(this.fixtures.Folder, "counters.json");

        var (code, error) = this.RunProgram(CounterArguments.Switch, "--case", WriterCase, "--operations", "3", "--warmup", "1", "--out", output);

        Assert.True(code == 0, error);
        using var document = JsonDocument.Parse(File.ReadAllText(output));
        JsonElement root = document.RootElement;
        Assert.Equal(3, root.GetProperty("operations").GetInt32());
        JsonElement counted = Assert.Single(root.GetProperty("cases").EnumerateArray().ToList());
        Assert.Equal(WriterCase, counted.GetProperty("benchmark").GetString());
        Assert.True(counted.GetProperty("allocatedBytes").GetInt64() > 0, "a pipe writer allocates its segments' bookkeeping");
        JsonElement bytes = counted.GetProperty("allocatedBytesPerOperation");
        Assert.InRange(bytes.GetProperty("min").GetInt64(), 1, bytes.GetProperty("max").GetInt64());
        if (OperatingSystem.IsLinux())
        {
            // 4 MiB in writes of 64 KiB: 64 write calls per file, nothing read.
            Assert.Equal(3 * 64, counted.GetProperty("writeCalls").GetInt64());
            Assert.Equal(0, counted.GetProperty("readCalls").GetInt64());
            Assert.Equal(JsonValueKind.Null, root.GetProperty("systemCallsNotMeasured").ValueKind);
        }
        else
        {
            Assert.Equal(JsonValueKind.Null, counted.GetProperty("writeCalls").ValueKind);
            Assert.Equal(ProcessCounters.NotLinux, root.GetProperty("systemCallsNotMeasured").GetString());
        }
    }

    [Fact]
    public void A_marked_run_lists_its_cases_in_the_order_of_their_marks()
    {
        if (!OperatingSystem.IsLinux())
        {
            Assert.Skip("marks are for callgrind, which runs only on Linux");
        }

        string output = Path.Combine(this.fixtures.Folder, "marked.json");

        var (code, error) = this.RunProgramWithVariables("0", "0", CounterArguments.Switch, "--case", WriterCase, CounterArguments.MarksSwitch, "--operations", "1", "--warmup", "0", "--out", output);

        Assert.True(code == 0, error);
        Assert.Equal(CountersHost.CountingPrefix + WriterCase, error);
        using var document = JsonDocument.Parse(File.ReadAllText(output));
        JsonElement marks = document.RootElement.GetProperty("marks");
        Assert.Equal(CallgrindMarks.Function, marks.GetProperty("function").GetString());
        Assert.Equal(CallgrindMarks.PerCase, marks.GetProperty("perCase").GetInt32());
        Assert.Equal(WriterCase, Assert.Single(document.RootElement.GetProperty("cases").EnumerateArray().ToList()).GetProperty("benchmark").GetString());
    }

    [Fact]
    public void A_filter_that_matches_nothing_is_bad_input()
    {
        var (code, error) = this.RunProgram(CounterArguments.Switch, "--filter", "*.NoSuchBenchmark");

        Assert.Equal(2, code);
        Assert.StartsWith("counters: no case", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Tiered_compilation_left_on_is_bad_input()
    {
        var (code, error) = this.RunProgramWith("1", CounterArguments.Switch, "--case", WriterCase);

        Assert.Equal(2, code);
        Assert.StartsWith($"counters: set {CountersHost.TieredCompilationVariable}=0", error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_marked_run_with_write_xor_execute_left_on_is_bad_input()
    {
        var (code, error) = this.RunProgram(CounterArguments.Switch, "--case", WriterCase, CounterArguments.MarksSwitch);

        Assert.Equal(2, code);
        Assert.StartsWith($"counters: {CounterArguments.MarksSwitch} needs {CountersHost.WriteXorExecuteVariable}=0", error, StringComparison.Ordinal);
    }

    public void Dispose() => this.fixtures.Dispose();

    private (int Code, string Error) RunProgram(params string[] arguments) => this.RunProgramWithVariables("0", null, arguments);

    private (int Code, string Error) RunProgramWith(string tieredCompilation, params string[] arguments) => this.RunProgramWithVariables(tieredCompilation, null, arguments);

    private (int Code, string Error) RunProgramWithVariables(string tieredCompilation, string? writeXorExecute, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "FilePipes.Benchmarks.dll"));
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment[RepositoryLayout.FixturesVariable] = this.fixtures.Folder;
        start.Environment[CountersHost.TieredCompilationVariable] = tieredCompilation;
        start.Environment[CountersHost.WriteXorExecuteVariable] = writeXorExecute;
        using var process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
        Task<string> error = process.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
        if (!process.WaitForExit(Limit))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"the counters program ran past {Limit.TotalMinutes} minutes and was killed");
        }

        Task.WaitAll([output, error], Limit);
        return (process.ExitCode, error.Result.Trim());
    }
}
