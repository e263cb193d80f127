using System.Collections.Concurrent;

namespace FilePipes.Tests;

/// <summary>
/// Holds parallel reads back at chosen offsets (through <see cref="FilePipeReader.Probe.BeforeParallelRead"/>), so a test
/// decides the order reads complete in without relying on timing, and fails chosen reads.
/// </summary>
internal sealed class ReadGate
{
    private readonly ConcurrentDictionary<long, ManualResetEventSlim> held = new();
    private readonly ConcurrentDictionary<long, Exception> failures = new();
    private readonly ConcurrentDictionary<long, TaskCompletionSource> reached = new();

    /// <summary>Gets every offset a parallel read started at, in the order they started.</summary>
    public ConcurrentQueue<long> Offsets { get; } = new();

    public void Hold(long offset) => this.held[offset] = new ManualResetEventSlim();

    public void Release(long offset) => this.held[offset].Set();

    public void Fail(long offset, Exception error) => this.failures[offset] = error;

    /// <summary>Completes when a read at <paramref name="offset"/> has started (and passed or reached its hold).</summary>
    public Task ReachedAsync(long offset) => this.Reached(offset).Task.WaitAsync(TestTimeout.Limit);

    /// <summary>Holds the reader's parallel reads; the consumer then never reads a run itself, which would hold it in
    /// its own ReadAsync, so only workers read.</summary>
    public void Attach(FilePipeReader.Probe probe)
    {
        probe.ConsumerReads = false;
        probe.BeforeParallelRead = this.BeforeRead;
    }

    private TaskCompletionSource Reached(long offset) =>
        this.reached.GetOrAdd(offset, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));

    private void BeforeRead(long offset)
    {
        this.Offsets.Enqueue(offset);
        this.Reached(offset).TrySetResult();
        if (this.held.TryGetValue(offset, out ManualResetEventSlim? hold) && !hold.Wait(TestTimeout.Limit))
        {
            throw new TimeoutException($"the read at {offset} was never released");
        }

        if (this.failures.TryGetValue(offset, out Exception? error))
        {
            throw error;
        }
    }
}
