using System.Threading.Tasks.Sources;

namespace FilePipes;

/// <summary>
/// A resettable awaitable, so waiting for data allocates no task per wait.
/// Continuations run asynchronously, so the side that signals is never hijacked by the side that waits:
/// that is what lets reading overlap parsing.
/// </summary>
/// <typeparam name="T">The result type.</typeparam>
internal sealed class ReusableSignal<T> : IValueTaskSource<T>
{
    private ManualResetValueTaskSourceCore<T> core = new() { RunContinuationsAsynchronously = true };
    // 1 from Reset until the awaiter took the result: until then an awaitable handed out may still be awaited, so the
    // signal must not be reset for another reader.
    private int awaited = 1;

    public ValueTask<T> Task => new(this, this.core.Version);

    /// <summary>Gets a value indicating whether no awaitable handed out can still be awaited: the last one was.</summary>
    public bool IsIdle => Volatile.Read(ref this.awaited) == 1;

    public void Reset()
    {
        Volatile.Write(ref this.awaited, 0);
        this.core.Reset();
    }

    public void SetResult(T result) => this.core.SetResult(result);

    public void SetException(Exception exception) => this.core.SetException(exception);

    T IValueTaskSource<T>.GetResult(short token)
    {
        // A stale awaitable's token is refused, and says nothing of the current one.
        bool current = token == this.core.Version;
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

    void IValueTaskSource<T>.OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        this.core.OnCompleted(continuation, state, token, flags);
}
