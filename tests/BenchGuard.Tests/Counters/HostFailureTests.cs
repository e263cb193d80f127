using BenchGuard.AB;
using BenchGuard.Counters;

namespace BenchGuard.Tests.Counters;

/// <summary>The one line a failed counters run is reported by: the case and what went wrong, never valgrind's banner.</summary>
public sealed class HostFailureTests
{
    private const string Banner = "==6408== Callgrind, a call-graph generating cache profiler\n==6408== Copyright (C) 2002-2017, and GNU GPL'd, by Josef Weidendorfer et al.\n==6408== Command: FilePipes.Benchmarks --counters\n==6408==\n";
    private const string Case = "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 65536)";

    [Fact]
    public void ARuntimeCrashUnderValgrindNamesTheCaseItWasCountingAndTheRuntimesWords()
    {
        // As the runtime's exception dispatch failed under callgrind (SIGABRT), with valgrind's lines around it.
        var error = Banner
            + "counters: counting FilePipes.Benchmarks.LineSearchBenchmarks.FilePipeReaderSequenceReader(BufferSize: 65536)\n"
            + $"{HostFailure.CountingPrefix}{Case}\n"
            + "Process terminated.\nUnhandledException\n   at System.Environment.FailFast(System.String)\n   at System.Runtime.EH.DispatchEx(System.Runtime.StackFrameIterator ByRef, ExInfo ByRef)\n"
            + "==6408== \n==6408== Process terminating with default action of signal 6 (SIGABRT)\n";

        var line = HostFailure.Describe(new ChildOutcome(134, false, "", error, TimeSpan.Zero));

        Assert.Equal($"Process terminated. UnhandledException, while counting {Case}", line);
    }

    [Fact]
    public void TheHostsOwnFailureLineIsTakenAsItIs()
    {
        var error = Banner + $"{HostFailure.CountingPrefix}{Case}\ncounters: {Case} failed: ArgumentException: The value cannot be an empty string. (Parameter 'path')\nSystem.ArgumentException: ...\n";

        var line = HostFailure.Describe(new ChildOutcome(1, false, "", error, TimeSpan.Zero));

        Assert.Equal($"counters: {Case} failed: ArgumentException: The value cannot be an empty string. (Parameter 'path')", line);
    }

    [Theory]
    [InlineData(false, 134, "exit code 134")]
    [InlineData(true, -1, "timed out")]
    public void ARunThatSaidNothingButValgrindsLinesGivesItsExitCodeOrTimeLimit(bool timedOut, int code, string expected)
    {
        Assert.Equal(expected, HostFailure.Describe(new ChildOutcome(code, timedOut, "", Banner + "--6408-- WARNING: unhandled syscall\n", TimeSpan.Zero)));
        Assert.Equal($"{expected}, while counting {Case}", HostFailure.Describe(new ChildOutcome(code, timedOut, "", $"{Banner}{HostFailure.CountingPrefix}{Case}\n", TimeSpan.Zero)));
    }
}
