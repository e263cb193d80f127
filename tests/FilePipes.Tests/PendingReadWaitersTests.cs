using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;

namespace FilePipes.Tests;

/// <summary>
/// Waiters on a read that is pending, on the file reader with background reads and on a <see cref="Pipe"/>: a second
/// waiter on the same awaitable is Pipe's "concurrent reads" misuse, and each waiter's continuation runs in the
/// execution context it was registered in (or in none, registered unsafely).
/// </summary>
public sealed class PendingReadWaitersTests : IDisposable
{
    private const string Concurrent = "InvalidOperationException: Concurrent reads or writes are not supported.";

    private static readonly AsyncLocal<string> Flow = new();

    private readonly ScratchFiles files = new();

    public static TheoryData<string> BackgroundModes() => new() { "read-ahead", "parallel reads" };

    public void Dispose() => this.files.Dispose();

    [Theory]
    [MemberData(nameof(BackgroundModes))]
    public async Task ASecondWaiterFailsBothWaitsAndEveryLaterReadAsOnAPipe(string mode)
    {
        Pending onPipe = OnPipe();
        Pending onFile = this.OnFile(mode);

        Assert.Equal(await TwoWaitersAsync(onPipe), await TwoWaitersAsync(onFile));
        Assert.Equal(
            ("no error", Concurrent, Concurrent, "from the call: " + Concurrent, Concurrent),
            await TwoWaitersAsync(OnPipe()));
    }

    [LinuxFact("A read stays pending on a FIFO with no data yet; mkfifo is Linux-only here.")]
    public async Task ASecondWaiterOnAnIdleFifoFailsBothWaitsAsOnAPipe()
    {
        string path = Fifo.Make(this.files, "two-waiters.fifo");
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(path, () => FilePipe.OpenReader(path));
        try
        {
            // No release: on an idle FIFO nothing but the misuse can end the first wait.
            Assert.Equal(await TwoWaitersAsync(OnPipe() with { Release = () => { } }), await TwoWaitersAsync(new Pending(reader, () => { })));
        }
        finally
        {
            reader.Complete();
            writer.Dispose();
        }
    }

    [Theory]
    [MemberData(nameof(BackgroundModes))]
    public async Task EachWaiterRunsInTheContextItWasRegisteredInAsOnAPipe(string mode)
    {
        (string, string) onPipe = await ContextsSeenAsync(OnPipe());
        (string, string) onFile = await ContextsSeenAsync(this.OnFile(mode));

        // Pipe runs the second waiter in the first one's context, not its own.
        Assert.Equal(("first", "first"), onPipe);
        Assert.Equal(onPipe, onFile);
    }

    [Theory]
    [MemberData(nameof(BackgroundModes))]
    public async Task AWaiterSeesTheContextOfItsRegistrationNotOfTheSignalAsOnAPipe(string mode)
    {
        foreach (bool safe in new[] { true, false })
        {
            string onPipe = await OneWaiterSeesAsync(OnPipe(), safe);
            string onFile = await OneWaiterSeesAsync(this.OnFile(mode), safe);

            Assert.Equal(safe ? "registered" : "none", onPipe);
            Assert.Equal(onPipe, onFile);
        }
    }

    [LinuxFact("A read stays pending on a FIFO with no data yet; mkfifo is Linux-only here.")]
    public async Task EachWaiterOnAFifoRunsInTheContextItWasRegisteredIn()
    {
        string path = Fifo.Make(this.files, "contexts.fifo");
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(path, () => FilePipe.OpenReader(path));
        try
        {
            Assert.Equal(await ContextsSeenAsync(OnPipe() with { Release = () => { } }), await ContextsSeenAsync(new Pending(reader, () => { })));
        }
        finally
        {
            reader.Complete();
            writer.Dispose();
        }
    }

    /// <summary>Two reads while the first is pending, a waiter on each, then the data comes: what each wait and the reads
    /// after them give.</summary>
    private static async Task<(string SecondCall, string First, string Second, string ReadAfter, string TryReadAfter)> TwoWaitersAsync(Pending pending)
    {
        ValueTask<ReadResult> first = pending.Reader.ReadAsync(TestTimeout.Token());
        ValueTask<ReadResult> second = default;
        string secondCall = Describe(Record.Exception(() => second = pending.Reader.ReadAsync(TestTimeout.Token())));
        Task<ReadResult> firstWait = first.AsTask();
        Task<ReadResult> secondWait = second.AsTask();
        pending.ReleaseIgnoringErrors();

        return (
            secondCall,
            await OutcomeAsync(() => new(firstWait.WaitAsync(TestTimeout.Limit))),
            await OutcomeAsync(() => new(secondWait.WaitAsync(TestTimeout.Limit))),
            await OutcomeAsync(() => pending.Reader.ReadAsync(TestTimeout.Token())),
            Describe(Record.Exception(() => pending.Reader.TryRead(out _))));
    }

    /// <summary>A waiter registered with one AsyncLocal value, a second waiter with another, then the data comes: the
    /// value each continuation sees.</summary>
    private static async Task<(string First, string Second)> ContextsSeenAsync(Pending pending)
    {
        var first = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        var second = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        await Task.Run(() =>
        {
            Flow.Value = "first";
            ValueTask<ReadResult> read = pending.Reader.ReadAsync(TestTimeout.Token());
            read.GetAwaiter().OnCompleted(() => first.TrySetResult(Flow.Value ?? "none"));
            Flow.Value = "second";
            read.GetAwaiter().OnCompleted(() => second.TrySetResult(Flow.Value ?? "none"));
            Flow.Value = "after";
            pending.ReleaseIgnoringErrors();
        });

        return (await first.Task.WaitAsync(TestTimeout.Limit), await second.Task.WaitAsync(TestTimeout.Limit));
    }

    /// <summary>One waiter, registered with or without the execution context; the AsyncLocal changes before the signal,
    /// which comes from this thread (CancelPendingRead).</summary>
    private static async Task<string> OneWaiterSeesAsync(Pending pending, bool flowsContext)
    {
        var seen = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        await Task.Run(() =>
        {
            Flow.Value = "registered";
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

            Flow.Value = "signalled";
            pending.Reader.CancelPendingRead();
        });

        return await seen.Task.WaitAsync(TestTimeout.Limit);
    }

    /// <summary>What a read gives, and whether an error came from the call or from the awaitable.</summary>
    private static async Task<string> OutcomeAsync(Func<ValueTask<ReadResult>> call)
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

        try
        {
            ReadResult result = await read;
            return $"{result.Buffer.Length} bytes";
        }
        catch (Exception ex)
        {
            return Describe(ex);
        }
    }

    private static string Describe(Exception? error) => error is null ? "no error" : $"{error.GetType().Name}: {error.Message}";

    private static Pending OnPipe()
    {
        var pipe = new Pipe();
        return new Pending(pipe.Reader, () =>
        {
            pipe.Writer.Write(new byte[10]);
            _ = pipe.Writer.FlushAsync();
        });
    }

    /// <summary>A file reader whose background reads start only at the release, so its first read is pending until then.</summary>
    private Pending OnFile(string mode)
    {
        string path = this.files.WriteRandom($"{Guid.NewGuid():N}.bin", 10);
        FilePipeReader reader = Probes.OpenReader(path, mode == "parallel reads"
            ? new FilePipeOptions { BufferSize = 4096, ReadAhead = 4, ParallelReads = 2 }
            : new FilePipeOptions { BufferSize = 4096, ReadAhead = 1 }, out FilePipeReader.Probe probe);
        var queued = new ConcurrentQueue<IThreadPoolWorkItem>();
        probe.QueueRun = queued.Enqueue;
        probe.ConsumerReads = false;
        return new Pending(reader, () =>
        {
            while (queued.TryDequeue(out IThreadPoolWorkItem? run))
            {
                ThreadPool.UnsafeQueueUserWorkItem(run, preferLocal: false);
            }
        });
    }

    /// <summary>A reader whose next read waits until <see cref="Release"/> gives it data.</summary>
    private sealed record Pending(PipeReader Reader, Action Release)
    {
        // A Pipe whose writer the misuse completed refuses the write: the release has nothing left to do.
        public void ReleaseIgnoringErrors() => Record.Exception(this.Release);
    }
}
