using System.Threading.Tasks.Sources;

namespace FilePipes;

/// <summary>
/// A resettable awaitable, so waiting for data or for buffer space allocates no task per wait.
/// Continuations run asynchronously, so the side that signals is never hijacked by the side that waits:
/// that is what lets reading overlap parsing.
/// </summary>
/// <typeparam name="T">The result type.</typeparam>
internal sealed class ReusableSignal<T> : IValueTaskSource<T>
{
    private ManualResetValueTaskSourceCore<T> core = new() { RunContinuationsAsynchronously = true };

    public ValueTask<T> Task => new(this, this.core.Version);

    public void Reset() => this.core.Reset();

    public void SetResult(T result) => this.core.SetResult(result);

    public void SetException(Exception exception) => this.core.SetException(exception);

    T IValueTaskSource<T>.GetResult(short token) => this.core.GetResult(token);

    ValueTaskSourceStatus IValueTaskSource<T>.GetStatus(short token) => this.core.GetStatus(token);

    void IValueTaskSource<T>.OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        this.core.OnCompleted(continuation, state, token, flags);
}
