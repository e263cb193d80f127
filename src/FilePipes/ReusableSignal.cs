using System.Threading.Tasks.Sources;

namespace FilePipes;

/// <summary>
/// A resettable awaitable, so waiting for data allocates no task per wait.
/// Continuations run asynchronously, so the side that signals is never hijacked by the side that waits:
/// that is what lets reading overlap parsing.
/// </summary>
/// <remarks>
/// A second waiter on an awaitable that is still pending is <c>Pipe</c>'s "concurrent reads" misuse: the owner is told
/// (it fails the wait, as <c>Pipe</c> does), and the second waiter is queued itself, in the first waiter's execution
/// context as <c>Pipe</c> runs it. Handed to the core, it would overwrite that context before the core refused it.
/// An awaitable asked for its result again after it gave it is answered by the owner, not by the core, which would
/// give the old result again.
/// </remarks>
/// <typeparam name="T">The result type.</typeparam>
internal sealed class ReusableSignal<T> : IValueTaskSource<T>
{
    private ManualResetValueTaskSourceCore<T> core = new() { RunContinuationsAsynchronously = true };
    // 0 from Reset until the result is taken (Taking while it is), 1 after: until then an awaitable handed out may still
    // be awaited, so the signal must not be reset for another reader.
    private const int Taking = 2;
    private int awaited = 1;
    // Waiters registered since Reset: the core takes one.
    private int waiters;
    // The first waiter's execution context, if it flows one: Pipe runs a second waiter in it.
    private ExecutionContext? firstContext;
    private readonly Action<object?>? onSecondWaiter;
    private readonly Func<object?, T>? onAskedAgain;
    // A result set aside for whoever asks next (a read's result that CancelPendingRead came to first): kept here, with
    // the pooled signal, so that the owner pays no field for it (a reader per operation would).
    private T setAside = default!;
    private bool hasSetAside;

    public ReusableSignal(Action<object?>? onSecondWaiter = null, Func<object?, T>? onAskedAgain = null)
    {
        this.onSecondWaiter = onSecondWaiter;
        this.onAskedAgain = onAskedAgain;
    }

    /// <summary>Gets or sets the state passed to the second-waiter callback: the signal's current owner.</summary>
    public object? Owner { get; set; }

    public ValueTask<T> Task => new(this, this.core.Version);

    /// <summary>Gets a value indicating whether no awaitable handed out can still be awaited: the last one was.</summary>
    public bool IsIdle => Volatile.Read(ref this.awaited) == 1;

    public void Reset()
    {
        Volatile.Write(ref this.awaited, 0);
        Volatile.Write(ref this.waiters, 0);
        this.core.Reset();
    }

    /// <summary>Before the signal goes to another owner: an awaitable handed out before is then stale, and is refused
    /// instead of asking the new owner again.</summary>
    public void Retire()
    {
        this.TryTakeSetAside(out _);
        Volatile.Write(ref this.waiters, 0);
        this.core.Reset();
    }

    /// <summary>Gets a value indicating whether the wait has ended and its awaitable has not yet asked for the result.</summary>
    public bool HasUnobservedResult =>
        Volatile.Read(ref this.awaited) == 0 && this.core.GetStatus(this.core.Version) != ValueTaskSourceStatus.Pending;

    /// <summary>Takes the result of a wait that succeeded before its awaitable asked for it: Pipe gives a completed
    /// read's result to whoever asks first, and its awaitable then finds a read in progress.</summary>
    public bool TryTakeUnobserved(out T result)
    {
        short version = this.core.Version;
        if (this.core.GetStatus(version) == ValueTaskSourceStatus.Succeeded
            && Interlocked.CompareExchange(ref this.awaited, Taking, 0) == 0)
        {
            result = this.core.GetResult(version);
            Volatile.Write(ref this.awaited, 1);
            return true;
        }

        result = default!;
        return false;
    }

    /// <summary>Gets a value indicating whether a result is set aside.</summary>
    public bool HasSetAside => this.hasSetAside;

    /// <summary>Sets a result aside for whoever asks next.</summary>
    public void SetAside(T result)
    {
        this.setAside = result;
        this.hasSetAside = true;
    }

    /// <summary>Takes the result set aside, if any.</summary>
    public bool TryTakeSetAside(out T result)
    {
        result = this.setAside;
        if (!this.hasSetAside)
        {
            return false;
        }

        this.hasSetAside = false;
        this.setAside = default!;
        return true;
    }

    public void SetResult(T result) => this.core.SetResult(result);

    public void SetException(Exception exception) => this.core.SetException(exception);

    T IValueTaskSource<T>.GetResult(short token)
    {
        // A stale awaitable's token is refused, and says nothing of the current one.
        bool current = token == this.core.Version;
        if (current && this.onAskedAgain is { } again && Interlocked.CompareExchange(ref this.awaited, Taking, 0) != 0)
        {
            // Its result already taken (by this awaitable, or by a call that came first): the owner answers (Pipe's
            // awaitable answers as a read would now).
            return again(this.Owner);
        }

        try
        {
            return this.core.GetResult(token);
        }
        finally
        {
            if (current)
            {
                Volatile.Write(ref this.awaited, 1);
            }
        }
    }

    ValueTaskSourceStatus IValueTaskSource<T>.GetStatus(short token) => this.core.GetStatus(token);

    void IValueTaskSource<T>.OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags)
    {
        // A stale token goes to the core, which refuses it.
        if (token != this.core.Version || Interlocked.Exchange(ref this.waiters, 1) == 0)
        {
            this.firstContext = (flags & ValueTaskSourceOnCompletedFlags.FlowExecutionContext) != 0 ? ExecutionContext.Capture() : null;
            this.core.OnCompleted(continuation, state, token, flags);
            return;
        }

        // The owner fails the wait if it is still pending; either way this waiter then finds the awaitable completed.
        this.onSecondWaiter?.Invoke(this.Owner);
        if (this.firstContext is { } context)
        {
            // Queued from inside the context, so the work item captures it.
            ExecutionContext.Run(context, QueueWaiter, (continuation, state));
        }
        else
        {
            ThreadPool.UnsafeQueueUserWorkItem(continuation, state, preferLocal: false);
        }
    }

    private static void QueueWaiter(object? waiter)
    {
        (Action<object?> continuation, object? state) = ((Action<object?>, object?))waiter!;
        ThreadPool.QueueUserWorkItem(continuation, state, preferLocal: false);
    }
}
