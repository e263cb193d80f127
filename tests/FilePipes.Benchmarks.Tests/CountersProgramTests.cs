using System.Diagnostics;
using System.Text.Json;
using BenchGuard.Counters;
using BenchmarkDotNet.Filters;
using FilePipes.Benchmarks.Configuration;
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

        var (code, error) = this.RunProgram(CountersProtocol.Switch, "--case", WriterCase, "--operations", "3", "--warmup", "1", "--out", output);

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
            Assert.Equal(CountersProtocol.SystemCallsNotLinux, root.GetProperty("systemCallsNotMeasured").GetString());
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

        var (code, error) = this.RunProgramWithVariables("0", "0", CountersProtocol.Switch, "--case", WriterCase, CountersProtocol.MarksSwitch, "--operations", "1", "--warmup", "0", "--out", output);

        Assert.True(code == 0, error);
        Assert.Equal(CountersProtocol.CountingPrefix + WriterCase, error);
        using var document = JsonDocument.Parse(File.ReadAllText(output));
        JsonElement marks = document.RootElement.GetProperty("marks");
        Assert.Equal(CountersProtocol.MarkFunction, marks.GetProperty("function").GetString());
        Assert.Equal(CountersProtocol.MarksPerCase, marks.GetProperty("perCase").GetInt32());
        Assert.Equal(WriterCase, Assert.Single(document.RootElement.GetProperty("cases").EnumerateArray().ToList()).GetProperty("benchmark").GetString());
    }

    [Fact]
    public void A_filter_that_matches_nothing_is_bad_input()
    {
        var (code, error) = this.RunProgram(CountersProtocol.Switch, "--filter", "*.NoSuchBenchmark");

        Assert.Equal(2, code);
        Assert.StartsWith("counters: no case", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Tiered_compilation_left_on_is_bad_input()
    {
        var (code, error) = this.RunProgramWith("1", CountersProtocol.Switch, "--case", WriterCase);

        Assert.Equal(2, code);
        Assert.StartsWith($"counters: set {CountersProtocol.TieredCompilationVariable}=0", error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_marked_run_with_write_xor_execute_left_on_is_bad_input()
    {
        var (code, error) = this.RunProgram(CountersProtocol.Switch, "--case", WriterCase, CountersProtocol.MarksSwitch);

        Assert.Equal(2, code);
        Assert.StartsWith($"counters: {CountersProtocol.MarksSwitch} needs {CountersProtocol.WriteXorExecuteVariable}=0", error, StringComparison.Ordinal);
    }

    [Fact]
    public void The_default_pull_request_slice_is_twelve_cases_of_the_quick_profile()
    {
        IFilter quick = Program.Counters.Profiles![Program.Counters.DefaultProfile!];
        var slice = new GlobFilter(["*.FilePipeReader*", "*.FilePipeWriter*"]);

        var names = SuiteCases.AllClasses
            .SelectMany(type => SuiteCases.Of(type, SuiteProfile.Full))
            .Where(c => quick.Predicate(c) && slice.Predicate(c))
            .Select(SuiteCases.FullName)
            .ToList();

        // 8, plus issue 15's parallel reader at 4 and 64 KiB, the parallel line search and the 4 KiB small files.
        Assert.Equal(12, names.Count);
        Assert.Contains("FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 65536, FileOptions: SequentialScan, File: 128MiB)", names);
        Assert.All(names, name => Assert.Contains(".FilePipe", name, StringComparison.Ordinal));
    }

    [Fact]
    public void A_profile_the_suite_does_not_have_is_bad_input()
    {
        var (code, error) = this.RunProgram(CountersProtocol.Switch, "--profile", "slow", "--case", WriterCase);

        Assert.Equal(2, code);
        Assert.Equal("counters: --profile 'slow' is not a profile: use quick or full.", error);
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
        start.Environment[CountersProtocol.TieredCompilationVariable] = tieredCompilation;
        start.Environment[CountersProtocol.WriteXorExecuteVariable] = writeXorExecute;
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
