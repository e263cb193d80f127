using BenchGuard.AB;
using BenchGuard.Commands;
using BenchGuard.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// The counters run of a program that answers (<see cref="FakeBuild"/>: so many bytes, read and write calls per
/// operation): what the comparer passes it, and how it turns the host's totals into counts per operation.
/// </summary>
[HideMutationRunVariables]
public sealed class FakeCountersTests : IDisposable
{
    private readonly TempFolder folder = new();

    [Theory]
    [InlineData("8")]
    [InlineData("3")]
    public void TheHostsTotalsBecomeCountsPerOperationWithTheirRanges(string operations)
    {
        var program = this.Plant("head", new FakeBuild { ExtraBytes = new() { ["Read"] = 8 } });
        var work = this.folder.Folder("work");
        var output = this.folder.File("counters.json");

        var run = ComparerRun.Of("counters", "--program", program, "--filter", "*Read", "--operations", operations, "--instruction-operations", "0", "--work", work, "--out", output);

        Assert.True(run.ExitCode == 0, run.Error);
        var counted = CountersCommand.ReadCounters(output);
        Assert.Equal(int.Parse(operations, System.Globalization.CultureInfo.InvariantCulture), counted.Operations);
        Assert.Null(counted.SystemCallsNotMeasured);
        Assert.Equal("not measured: --instruction-operations 0", counted.InstructionsNotMeasured);
        var only = Assert.Single(counted.Cases);
        Assert.Equal((FakeBuild.Read, 240.0, 4.0, 2.0, (double?)null), (only.Benchmark, only.AllocatedBytes, only.ReadCalls, only.WriteCalls, only.Instructions));
        Assert.Equal(new CounterRange(240, 240), only.AllocatedBytesRange);
        Assert.Equal(new CounterRange(4, 4), only.ReadCallsRange);
        Assert.Equal(new CounterRange(2, 2), only.WriteCallsRange);

        // The host ran from the program's folder, with counts that cannot depend on when the JIT recompiles.
        var log = File.ReadAllText(Path.Combine(work, "native.log"));
        Assert.Contains($"fake: arguments: --counters --profile quick --filter *Read --operations {operations} --out {Path.Combine(work, "native.json")}", log, StringComparison.Ordinal);
        Assert.Contains("fake: DOTNET_TieredCompilation=0", log, StringComparison.Ordinal);
        Assert.Contains($"fake: directory: {Path.GetDirectoryName(program)}", log, StringComparison.Ordinal);
    }

    [Fact]
    public void WithoutAnApphostBesideTheProgramInstructionsAreNotMeasuredAndSaidWhy()
    {
        var program = this.Plant("head", new FakeBuild());

        var counted = new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 1, this.folder.Folder("work"));

        var expected = !OperatingSystem.IsLinux() ? CountersRun.NotLinux : $"not measured: no apphost {Path.ChangeExtension(program, null)} beside the program";
        Assert.Equal(expected, counted.InstructionsNotMeasured);
        Assert.Equal([FakeBuild.Read, FakeBuild.Write], counted.Cases.Select(c => c.Benchmark));
        Assert.All(counted.Cases, c => Assert.Null(c.Instructions));
        Assert.Equal([232.0, 236.0], counted.Cases.Select(c => c.AllocatedBytes));
    }

    [Fact]
    public void WithAnApphostButNoValgrindInstructionsAreNotMeasuredAndTheRestIsCounted()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // Elsewhere the run says NotLinux before it looks for valgrind.
        }

        var program = this.PlantWithCallgrind(new FakeBuild());
        // A PATH with dotnet and nothing else: valgrind is not found, the host still runs.
        var onlyDotnet = this.folder.Folder("only-dotnet");
        var dotnet = Environment.GetEnvironmentVariable("PATH")!.Split(Path.PathSeparator)
            .Select(folder => Path.Combine(folder, "dotnet")).First(File.Exists);
        File.CreateSymbolicLink(Path.Combine(onlyDotnet, "dotnet"), dotnet);
        var path = Environment.GetEnvironmentVariable("PATH");
        Environment.SetEnvironmentVariable("PATH", onlyDotnet);
        try
        {
            var counted = new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
                .Count(["--filter", "*"], 2, 1, this.folder.Folder("work"));

            Assert.Equal(CountersRun.NoValgrind, counted.InstructionsNotMeasured);
            Assert.All(counted.Cases, c => Assert.Null(c.Instructions));
            Assert.Equal([232.0, 236.0], counted.Cases.Select(c => c.AllocatedBytes));
        }
        finally
        {
            Environment.SetEnvironmentVariable("PATH", path);
        }
    }

    [Fact]
    public void InstructionsAreTheDifferenceOfTheNAndTwoNPartsOverN()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // Elsewhere the run says NotLinux before it looks for valgrind (above).
        }

        var program = this.PlantWithCallgrind(new FakeBuild { ExtraInstructions = new() { ["Write"] = 2_500 } });
        var work = this.folder.Folder("work");

        var counted = this.WithFakeValgrind(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 4, work));

        Assert.Null(counted.InstructionsNotMeasured);
        Assert.Equal(4, counted.InstructionOperations);
        Assert.Equal([100_000.0, 102_500.0], counted.Cases.Select(c => c.Instructions));
        // The host ran under callgrind with the marks, N, the warm-up and its own file, from the program's folder.
        var log = File.ReadAllText(Path.Combine(work, "callgrind", "callgrind.log"));
        Assert.Contains($"--counters --filter * --marks --operations 4 --warmup 3 --out {Path.Combine(work, "callgrind", "marked.json")}", log, StringComparison.Ordinal);
        Assert.Contains("fake: DOTNET_TieredCompilation=0", log, StringComparison.Ordinal);

        // Optimized code under valgrind too; the in-process run, natively, is left as the runtime chooses.
        Assert.Contains("fake: DOTNET_JitEnableOptionalRelocs=0", log, StringComparison.Ordinal);
        Assert.Contains("fake: DOTNET_JitEnableOptionalRelocs=(unset)", File.ReadAllText(Path.Combine(work, "native.log")), StringComparison.Ordinal);

        // W^X off under valgrind, where its second mapping let reused code memory run stale; natively as the runtime chooses.
        Assert.Contains("fake: DOTNET_EnableWriteXorExecute=0", log, StringComparison.Ordinal);
        Assert.Contains("fake: DOTNET_EnableWriteXorExecute=(unset)", File.ReadAllText(Path.Combine(work, "native.log")), StringComparison.Ordinal);

        // Callgrind's dumps, once read, are not kept (MBs per side in the folder pr-report's workflow uploads); its log
        // and the host's marks are.
        Assert.Equal(["callgrind.log", "marked.json"], Directory.EnumerateFiles(Path.Combine(work, "callgrind")).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData(1, "callgrind wrote 7 parts for 2 cases, not 8")]
    [InlineData(0, "the host marks with open, not getpgrp")]
    public void CallgrindPartsThatDoNotMatchTheMarksAreBadInput(int missingParts, string expected)
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        var program = this.PlantWithCallgrind(new FakeBuild { MissingParts = missingParts, MarkFunction = missingParts == 0 ? "open" : null });

        var failure = Assert.Throws<InputException>(() => this.WithFakeValgrind(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 1, this.folder.Folder("work"))));

        Assert.Contains(expected, failure.Message, StringComparison.Ordinal);
        // A run that fails keeps its dumps: the error points at them.
        Assert.NotEmpty(Directory.EnumerateFiles(this.folder.Folder("work", "callgrind"), "callgrind.out*"));
    }

    [Fact]
    public void ACallgrindRunThatCrashesNamesTheCaseAndTheCrashNotValgrindsBanner()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        var program = this.PlantWithCallgrind(new FakeBuild { CallgrindCrash = true });

        var failure = Assert.Throws<InputException>(() => this.WithFakeValgrind(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 1, this.folder.Folder("work"))));

        Assert.StartsWith($"the counters run (valgrind) failed: Process terminated. UnhandledException, while counting {FakeBuild.Read} (see ", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AStaleCallgrindFolderIsEmptiedFirst()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        var program = this.PlantWithCallgrind(new FakeBuild());
        var work = this.folder.Folder("work");
        // A part left by an earlier run would be counted as one more dump.
        File.WriteAllText(this.folder.File("work", "callgrind", "callgrind.out.99"), "part: 9\nevents: Ir\ntotals: 1\n");

        var counted = this.WithFakeValgrind(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*Read"], 2, 1, work));

        Assert.Equal(100_000.0, Assert.Single(counted.Cases).Instructions);
    }

    [Fact]
    public void ValgrindIsFoundOnThePathOrNot()
    {
        var empty = this.folder.Folder("empty-bin");
        var path = Environment.GetEnvironmentVariable("PATH");
        try
        {
            Environment.SetEnvironmentVariable("PATH", empty);
            Assert.False(CountersRun.HasValgrind());
        }
        finally
        {
            Environment.SetEnvironmentVariable("PATH", path);
        }

        if (OperatingSystem.IsLinux())
        {
            this.PlantWithCallgrind(new FakeBuild());
            Assert.True(this.WithFakeValgrind(CountersRun.HasValgrind));
        }
    }

    [Fact]
    public void AHostThatFailsIsBadInputWithItsFirstErrorLine()
    {
        var program = this.Plant("head", new FakeBuild { CountersError = "cannot open the fixture" });

        var failure = Assert.Throws<InputException>(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 0, this.folder.Folder("work")));

        Assert.StartsWith("the counters run (dotnet) failed: cannot open the fixture (see ", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AHostThatRunsPastItsLimitIsKilledAndSaidSo()
    {
        var program = this.Plant("head", new FakeBuild());

        var failure = Assert.Throws<InputException>(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMilliseconds(1), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 0, this.folder.Folder("work")));

        Assert.StartsWith("the counters run (dotnet) took longer than ", failure.Message, StringComparison.Ordinal);
        Assert.Contains("minutes and was killed", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AHostThatExitsZeroWithoutItsFileIsBadInputNamingIt()
    {
        var program = this.Plant("head", new FakeBuild { CountersWithoutFile = true });
        var work = this.folder.Folder("work");

        var failure = Assert.Throws<InputException>(() => new CountersRun(program, new Dictionary<string, string?>(), TimeSpan.FromMinutes(2), new ProgressLog("test"))
            .Count(["--filter", "*"], 2, 0, work));

        Assert.StartsWith($"the counters host's output {Path.Combine(work, "native.json")} cannot be read: ", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BothBuildsAreCountedSideBySideAndCompared()
    {
        var head = this.Plant("head", new FakeBuild { ExtraReadCalls = new() { ["Read"] = 2 } });
        var baseProgram = this.Plant("base", new FakeBuild());
        var output = this.folder.File("comparison.json");

        var run = ComparerRun.Of("counters", "--program", head, "--base-program", baseProgram, "--instruction-operations", "0", "--filter", "*FileStream*", "--work", this.folder.Folder("work"), "--out", output);

        Assert.True(run.ExitCode == 0, run.Error);
        var comparison = CountersComparison.Read(output);
        var moved = Assert.Single(comparison.Cases.SelectMany(c => c.Counters.Select(v => (c.Benchmark, v))), p => p.v.Verdict != "Same" && p.v.Verdict != "NotMeasured");
        Assert.Equal((FakeBuild.Read, CounterKind.ReadCalls, 4.0, 6.0), (moved.Benchmark, moved.v.Counter, moved.v.Base!.Value, moved.v.Head!.Value));
        Assert.Equal(1, comparison.Failing);
    }

    public void Dispose() => this.folder.Dispose();

    // The fake with an apphost beside it and a valgrind script in bin/ that runs it as callgrind.
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    private string PlantWithCallgrind(FakeBuild build)
    {
        var program = new SideBuild("head", this.folder.Folder("head-src"), TestConfiguration.Project).Program;
        build.WithCallgrindAt(program, this.folder.Folder("bin"));
        return program;
    }

    // The process's PATH starts with bin/ while the action runs: the comparer finds valgrind by name.
    private T WithFakeValgrind<T>(Func<T> action)
    {
        var path = Environment.GetEnvironmentVariable("PATH");
        Environment.SetEnvironmentVariable("PATH", Path.Combine(this.folder.Path, "bin") + Path.PathSeparator + path);
        try
        {
            return action();
        }
        finally
        {
            Environment.SetEnvironmentVariable("PATH", path);
        }
    }

    private string Plant(string side, FakeBuild build)
    {
        var program = new SideBuild(side, this.folder.Folder(side + "-src"), TestConfiguration.Project).Program;
        build.At(program);
        return program;
    }
}
