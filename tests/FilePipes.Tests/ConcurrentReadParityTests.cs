using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using Microsoft.Win32.SafeHandles;

namespace FilePipes.Tests;

/// <summary>
/// Calls made while a read is pending, side by side on the file reader in every mode and on a <see cref="Pipe"/>: the
/// same calls on both must give the same exception types and messages, the same results, and continuations that see the
/// same execution context. Inline, a read is never pending (it reads on the caller's thread); there the pipe has its
/// data before the first read, so both answer at once.
/// </summary>
public sealed class ConcurrentReadParityTests : IDisposable
{
    private static readonly AsyncLocal<string> Flow = new();

    private readonly ScratchFiles files = new();
    private readonly List<Action> cleanup = [];

    public static TheoryData<string> Modes() => [.. ModeNames()];

    /// <summary>The modes in which a read can wait: not inline.</summary>
    public static TheoryData<string> PendingModes() => [.. ModeNames().Where(mode => mode != "inline")];

    private static IEnumerable<string> ModeNames()
    {
        yield return "inline";
        yield return "read-ahead";
        yield return "parallel reads";
        if (OperatingSystem.IsLinux())
        {
            // A read stays pending on a FIFO with no data yet; mkfifo is Linux-only here.
            yield return "fifo";
        }
    }

    public void Dispose()
    {
        foreach (Action action in this.cleanup)
        {
            action();
        }

        this.files.Dispose();
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task TryReadWhileAReadIsPendingAsOnAPipe(string mode)
    {
        Assert.Equal(await TryReadWhilePendingAsync(OnPipe(mode)), await TryReadWhilePendingAsync(await this.OnFileAsync(mode)));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task ASecondCallsTokenCancelsThePendingReadAsOnAPipe(string mode)
    {
        foreach (bool cancelSecond in new[] { true, false })
        {
            Assert.Equal(
                await SecondCallWithItsOwnTokenAsync(OnPipe(mode), cancelSecond),
                await SecondCallWithItsOwnTokenAsync(await this.OnFileAsync(mode), cancelSecond));
        }
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task ASecondCallWithACanceledTokenLeavesThePendingReadAsOnAPipe(string mode)
    {
        Assert.Equal(await SecondCallCanceledAlreadyAsync(OnPipe(mode)), await SecondCallCanceledAlreadyAsync(await this.OnFileAsync(mode)));
    }

    /// <summary>A second call with a token canceled before it, while the first waits; then the data comes.</summary>
    private static async Task<(string Second, string Read)> SecondCallCanceledAlreadyAsync(Pending pending)
    {
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
        string second = await OutcomeOfCallAsync(() => pending.Reader.ReadAsync(new CancellationToken(canceled: true)));
        pending.Release();
        return (second, await OutcomeAsync(read));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task AReadAwaitedAgainAfterItCompletedAsOnAPipe(string mode)
    {
        Assert.Equal(await AwaitedAgainAsync(OnPipe(mode)), await AwaitedAgainAsync(await this.OnFileAsync(mode)));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task TwoCallsTwoWaitersAsOnAPipe(string mode)
    {
        Assert.Equal(await TwoCallsTwoWaitersAsync(OnPipe(mode)), await TwoCallsTwoWaitersAsync(await this.OnFileAsync(mode)));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task AContinuationSeesTheContextOfItsRegistrationAsOnAPipe(string mode)
    {
        foreach (bool safe in new[] { true, false })
        {
            Assert.Equal(await ContextSeenAsync(OnPipe(mode), safe), await ContextSeenAsync(await this.OnFileAsync(mode), safe));
        }
    }

    [Theory]
    [MemberData(nameof(PendingModes))]
    public async Task AfterAPendingReadCanceledByItsTokenAsOnAPipe(string mode)
    {
        foreach (bool tryReadFirst in new[] { true, false })
        {
            Assert.Equal(await CanceledByTokenThenAsync(OnPipe(mode), tryReadFirst), await CanceledByTokenThenAsync(await this.OnFileAsync(mode), tryReadFirst));
        }
    }

    /// <summary>A read canceled by its token while it waits (after a TryRead that found nothing, or not), then AdvanceTo
    /// twice and a read.</summary>
    private static async Task<(string Read, string Advance, string AdvanceAgain, string ReadAfter)> CanceledByTokenThenAsync(Pending pending, bool tryReadFirst)
    {
        if (tryReadFirst && !pending.Reader.TryRead(out _))
        {
            // Nothing yet: Pipe's tentative read.
        }

        using var token = CancellationTokenSource.CreateLinkedTokenSource(TestTimeout.Token());
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(token.Token);
        token.Cancel();
        string outcome = await OutcomeAsync(read);
        string advance = Describe(() =>
        {
            pending.Reader.AdvanceTo(default);
            return "advanced";
        });
        string advanceAgain = Describe(() =>
        {
            pending.Reader.AdvanceTo(default);
            return "advanced";
        });
        pending.Release();
        return (outcome, advance, advanceAgain, await OutcomeOfCallAsync(() => pending.Reader.ReadAsync(TestTimeout.Token())));
    }

    [Theory]
    [MemberData(nameof(PendingModes))]
    public async Task ASecondCallAfterTheDataCameTakesItAsOnAPipe(string mode)
    {
        foreach (bool tryRead in new[] { false, true })
        {
            Assert.Equal(await SecondCallAfterTheDataAsync(OnPipe(mode), tryRead), await SecondCallAfterTheDataAsync(await this.OnFileAsync(mode), tryRead));
        }
    }

    [Theory]
    [MemberData(nameof(PendingModes))]
    public async Task AdvanceToBeforeTheAwaitableGaveItsResultAsOnAPipe(string mode)
    {
        Assert.Equal(await AdvanceBeforeTheResultAsync(OnPipe(mode)), await AdvanceBeforeTheResultAsync(await this.OnFileAsync(mode)));
    }

    [Theory]
    [MemberData(nameof(PendingModes))]
    public async Task CancelPendingReadBeforeTheAwaitableGaveItsResultAsOnAPipe(string mode)
    {
        Assert.Equal(await CancelBeforeTheResultAsync(OnPipe(mode)), await CancelBeforeTheResultAsync(await this.OnFileAsync(mode)));
    }

    private static async Task<(string Read, string Next)> CancelBeforeTheResultAsync(Pending pending)
    {
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
        pending.Release();
        Assert.True(SpinWait.SpinUntil(() => read.IsCompleted, TestTimeout.Limit));
        pending.Reader.CancelPendingRead();
        ReadResult result = await read;
        pending.Reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        return (Describe(result), Describe(() => pending.Reader.TryRead(out ReadResult next) ? Describe(next) : "false"));
    }

    /// <summary>A documented difference (docs/reading-modes.md, "Calls while a read waits"): after a TryRead that found
    /// nothing, Pipe's tentative read lasts through a ReadAsync that waits, and an AdvanceTo ends it; the file reader's
    /// ReadAsync ended it, and the AdvanceTo is refused. Both then give the data to the waiting read.</summary>
    [Theory]
    [MemberData(nameof(PendingModes))]
    public async Task AdvanceToWhileAReadWaitsAfterTryReadFoundNothing(string mode)
    {
        Assert.Equal(("advanced", "10 bytes"), await AdvanceWhileWaitingAfterTryReadAsync(OnPipe(mode)));
        Assert.Equal(("InvalidOperationException: No reading operation to complete.", "10 bytes"), await AdvanceWhileWaitingAfterTryReadAsync(await this.OnFileAsync(mode)));
    }

    private static async Task<(string Advance, string Read)> AdvanceWhileWaitingAfterTryReadAsync(Pending pending)
    {
        Assert.False(pending.Reader.TryRead(out _));
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
        string advance = Describe(() =>
        {
            pending.Reader.AdvanceTo(default);
            return "advanced";
        });
        pending.Release();
        return (advance, await OutcomeAsync(read));
    }

    /// <summary>A read waits; the data comes, and before the awaitable is asked for it, AdvanceTo(default); then the
    /// awaitable.</summary>
    private static async Task<(string Advance, string Read)> AdvanceBeforeTheResultAsync(Pending pending)
    {
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
        pending.Release();
        Assert.True(SpinWait.SpinUntil(() => read.IsCompleted, TestTimeout.Limit));
        string advance = Describe(() =>
        {
            pending.Reader.AdvanceTo(default);
            return "advanced";
        });
        return (advance, await OutcomeAsync(read));
    }

    /// <summary>A read waits; the data comes, and before the first awaitable is asked for it, a second call (ReadAsync
    /// or TryRead), then the first awaitable.</summary>
    private static async Task<(string Second, string First)> SecondCallAfterTheDataAsync(Pending pending, bool tryRead)
    {
        ValueTask<ReadResult> first = pending.Reader.ReadAsync(TestTimeout.Token());
        pending.Release();
        Assert.True(SpinWait.SpinUntil(() => first.IsCompleted, TestTimeout.Limit));
        string second = tryRead
            ? Describe(() => pending.Reader.TryRead(out ReadResult result) ? Describe(result) : "false")
            : await OutcomeOfCallAsync(() => pending.Reader.ReadAsync(TestTimeout.Token()));
        return (second, await OutcomeAsync(first));
    }

    /// <summary>TryRead while a read waits, then the data comes.</summary>
    private static async Task<(string TryRead, string Read)> TryReadWhilePendingAsync(Pending pending)
    {
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
        string tryRead = Describe(() => pending.Reader.TryRead(out ReadResult result) ? Describe(result) : "false");
        pending.Release();
        return (tryRead, await OutcomeAsync(read));
    }

    /// <summary>A read with one token, a second call with another while it waits, one of the tokens canceled, then the
    /// data comes; the first read is awaited, once.</summary>
    private static async Task<(string Second, string Read)> SecondCallWithItsOwnTokenAsync(Pending pending, bool cancelSecond)
    {
        using var first = CancellationTokenSource.CreateLinkedTokenSource(TestTimeout.Token());
        using var second = CancellationTokenSource.CreateLinkedTokenSource(TestTimeout.Token());
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(first.Token);
        string secondCall = Describe(() => pending.Reader.ReadAsync(second.Token).IsCompleted ? "completed" : "pending");
        (cancelSecond ? second : first).Cancel();
        pending.Release();
        return (secondCall, await OutcomeAsync(read));
    }

    /// <summary>A read awaited, then its awaitable asked for its result again: before AdvanceTo, after one that examined
    /// nothing (a read would answer again), and after one that examined everything (a read would wait).</summary>
    private static async Task<(string First, string Again, string AfterNothingExamined, string AfterAllExamined)> AwaitedAgainAsync(Pending pending)
    {
        ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
        pending.Release();
        ReadResult result = await read.AsTask().WaitAsync(TestTimeout.Limit);
        string again = Describe(() => Describe(read.GetAwaiter().GetResult()));
        pending.Reader.AdvanceTo(result.Buffer.Start);
        ReadResult? answered = null;
        string afterNothingExamined = Describe(() => Describe((answered = read.GetAwaiter().GetResult()).Value));

        // Inline, the awaitable holds its result and answers with it again, as a completed one of Pipe's does: then
        // there is no read to end.
        string advance = Describe(() =>
        {
            pending.Reader.AdvanceTo((answered ?? result).Buffer.End);
            return "advanced";
        });
        string afterAllExamined = Describe(() => Describe(read.GetAwaiter().GetResult()));
        return (Describe(result), again, afterNothingExamined + "; " + advance, afterAllExamined);
    }

    /// <summary>Two calls while the first waits, a waiter on each, then the data comes; then a read and a TryRead.</summary>
    private static async Task<(string Second, string First, string SecondWait, string After, string TryAfter)> TwoCallsTwoWaitersAsync(Pending pending)
    {
        ValueTask<ReadResult> first = pending.Reader.ReadAsync(TestTimeout.Token());
        ValueTask<ReadResult> second = default;
        string secondCall = Describe(() =>
        {
            second = pending.Reader.ReadAsync(TestTimeout.Token());
            return "returned";
        });
        Task<string> firstWait = OutcomeAsync(first);
        Task<string> secondWait = secondCall == "returned" ? OutcomeAsync(second) : Task.FromResult("not called");
        pending.Release();
        return (
            secondCall,
            await firstWait,
            await secondWait,
            await OutcomeOfCallAsync(() => pending.Reader.ReadAsync(TestTimeout.Token())),
            Describe(() => pending.Reader.TryRead(out ReadResult result) ? Describe(result) : "false"));
    }

    /// <summary>One waiter registered under an AsyncLocal value that changes before the data comes: the value it sees.</summary>
    private static async Task<string> ContextSeenAsync(Pending pending, bool flowsContext)
    {
        var seen = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        await Task.Run(() =>
        {
            Flow.Value = "before";
            ValueTaskAwaiter<ReadResult> awaiter = pending.Reader.ReadAsync(TestTimeout.Token()).GetAwaiter();
            Action continuation = () => seen.TrySetResult(Flow.Value ?? "none");
            if (flowsContext)
            {
                awaiter.OnCompleted(continuation);
            }
            else
            {
                awaiter.UnsafeOnCompleted(continuation);
            }

            Flow.Value = "after";
            pending.Release();
        });

        return await seen.Task.WaitAsync(TestTimeout.Limit);
    }

    private static async Task<string> OutcomeAsync(ValueTask<ReadResult> read)
    {
        try
        {
            return Describe(await read.AsTask().WaitAsync(TestTimeout.Limit));
        }
        catch (Exception ex)
        {
            return Describe(ex);
        }
    }

    private static async Task<string> OutcomeOfCallAsync(Func<ValueTask<ReadResult>> call)
    {
        ValueTask<ReadResult> read;
        try
        {
            read = call();
        }
        catch (Exception ex)
        {
            return "from the call: " + Describe(ex);
        }

        return await OutcomeAsync(read);
    }

    private static string Describe(Func<string> call)
    {
        try
        {
            return call();
        }
        catch (Exception ex)
        {
            return Describe(ex);
        }
    }

    private static string Describe(Exception ex) => $"{ex.GetType().Name}: {ex.Message}";

    private static string Describe(ReadResult result) =>
        $"{result.Buffer.Length} bytes{(result.IsCanceled ? ", canceled" : string.Empty)}{(result.IsCompleted ? ", completed" : string.Empty)}";

    /// <summary>A pipe whose data comes at the release; inline, before the first read, as the file's does.</summary>
    private static Pending OnPipe(string mode)
    {
        var pipe = new Pipe();
        Action feed = () =>
        {
            pipe.Writer.Write(new byte[10]);
            _ = pipe.Writer.FlushAsync();
        };
        if (mode == "inline")
        {
            feed();
            return new Pending(pipe.Reader, () => { });
        }

        // A pipe whose writer the misuse completed refuses the write: the release has nothing left to do.
        return new Pending(pipe.Reader, () => Record.Exception(feed));
    }

    private async Task<Pending> OnFileAsync(string mode)
    {
        if (mode == "fifo")
        {
            string fifo = Fifo.Make(this.files, $"{Guid.NewGuid():N}.fifo");
            var fifoProbe = new FilePipeReader.Probe();
            (FilePipeReader onFifo, SafeFileHandle writer) = await Fifo.OpenBothAsync(fifo, () => FilePipe.OpenReader(fifo, new FilePipeOptions { Probe = fifoProbe }));
            var stream = new FileStream(writer, FileAccess.Write, bufferSize: 0);
            this.cleanup.Add(() =>
            {
                // The write end first: a background read still waiting on the FIFO then ends at once, and with it the
                // reader's hold on its handle, so no handle of this test closes while a later test counts them.
                stream.Dispose();
                onFifo.Complete();
                AwaitNoRuns(fifoProbe);
            });
            return new Pending(onFifo, () => stream.Write(new byte[10]));
        }

        // Ten bytes of a longer file, so a read of them is not the end of the data, as on the pipe.
        string path = this.files.WriteRandom($"{Guid.NewGuid():N}.bin", 100);
        var options = mode switch
        {
            "inline" => new FilePipeOptions { BufferSize = 10, ReadAhead = 0 },
            "read-ahead" => new FilePipeOptions { BufferSize = 10, ReadAhead = 1 },
            _ => new FilePipeOptions { BufferSize = 10, ReadAhead = 2, ParallelReads = 2 },
        };
        FilePipeReader reader = Probes.OpenReader(path, options, out FilePipeReader.Probe probe);
        if (mode == "inline")
        {
            this.cleanup.Add(() => reader.Complete());
            return new Pending(reader, () => { });
        }

        // The background reads start only at the release, so the first read is pending until then; one run of one
        // segment, so the data that comes is ten bytes, as on the pipe, and no more comes after it.
        var queued = new ConcurrentQueue<IThreadPoolWorkItem>();
        probe.QueueRun = queued.Enqueue;
        probe.ConsumerReads = false;
        this.cleanup.Add(() =>
        {
            // The runs held back still count on the reader's handle: run them after Complete, so the handle closes now,
            // not later, while a test that counts handles runs.
            probe.QueueRun = null;
            reader.Complete();
            while (queued.TryDequeue(out IThreadPoolWorkItem? run))
            {
                run.Execute();
            }

            AwaitNoRuns(probe);
        });
        return new Pending(reader, () =>
        {
            if (queued.TryDequeue(out IThreadPoolWorkItem? run))
            {
                ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
            }
        });
    }

    private static void AwaitNoRuns(FilePipeReader.Probe probe) =>
        Assert.True(SpinWait.SpinUntil(() => probe.RunCounts.RunsInFlight == 0, TestTimeout.Limit), "a background read did not end");

    /// <summary>A reader whose next read waits until <see cref="Release"/> gives it ten bytes.</summary>
    private sealed record Pending(PipeReader Reader, Action Release);
}
