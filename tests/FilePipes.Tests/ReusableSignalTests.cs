namespace FilePipes.Tests;

/// <summary>
/// The awaitable a waiting read gets: it never runs the reader's continuation on the thread that signals (a background
/// read would otherwise run the consumer's parsing), and it says whether an awaitable it handed out may still be
/// awaited, so a completing reader stores it for another reader only once it is idle.
/// </summary>
public sealed class ReusableSignalTests
{
    [Fact]
    public async Task TheWaitersContinuationDoesNotRunOnTheSignallingThread()
    {
        var signal = new ReusableSignal<int>();
        signal.Reset();
        int signaller = 0;
        int continuation = 0;
        Task waiter = AwaitAsync(signal, () => continuation = Environment.CurrentManagedThreadId);

        var thread = new Thread(() =>
        {
            signaller = Environment.CurrentManagedThreadId;
            signal.SetResult(7);
        });
        thread.Start();
        Assert.True(thread.Join(TestTimeout.Limit));
        await waiter.WaitAsync(TestTimeout.Token());

        Assert.NotEqual(0, continuation);
        Assert.NotEqual(signaller, continuation);
    }

    [Fact]
    public async Task ASignalIsIdleUntilResetAndAgainOnceItsResultIsTaken()
    {
        var signal = new ReusableSignal<int>();
        Assert.True(signal.IsIdle);

        signal.Reset();
        ValueTask<int> wait = signal.Task;
        Assert.False(signal.IsIdle);
        signal.SetResult(3);
        Assert.False(signal.IsIdle);

        Assert.Equal(3, await wait);
        Assert.True(signal.IsIdle);
    }

    [Fact]
    public async Task AnErrorTakenMakesTheSignalIdleToo()
    {
        var signal = new ReusableSignal<int>();
        signal.Reset();
        ValueTask<int> wait = signal.Task;
        signal.SetException(new IOException("the read failed"));

        await Assert.ThrowsAsync<IOException>(async () => await wait);
        Assert.True(signal.IsIdle);
    }

    [Fact]
    public async Task AStaleAwaitableIsRefusedAndSaysNothingOfTheCurrentOne()
    {
        var signal = new ReusableSignal<int>();
        signal.Reset();
        ValueTask<int> first = signal.Task;
        signal.SetResult(1);
        Assert.Equal(1, await first);

        signal.Reset();
        ValueTask<int> second = signal.Task;

        // Awaiting the first again is misuse, refused; the second is still awaited, so the signal is not idle.
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await first);
        Assert.False(signal.IsIdle);
        signal.SetResult(2);
        Assert.Equal(2, await second);
        Assert.True(signal.IsIdle);
    }

    [Fact]
    public async Task AnAwaitableAskedAgainIsAnsweredByItsOwnerUntilTheSignalIsRetired()
    {
        var owners = new List<object?>();
        var signal = new ReusableSignal<int>(onAskedAgain: owner =>
        {
            owners.Add(owner);
            return 9;
        });
        signal.Owner = "first reader";
        signal.Reset();
        ValueTask<int> wait = signal.Task;
        signal.SetResult(4);
        Assert.Equal(4, await wait);

        // Asked again, the owner answers, not the core with the old result.
        Assert.Equal(9, await wait);
        Assert.Equal(["first reader"], owners);

        // Retired for another owner: the old awaitable is stale, and never asks the new owner.
        signal.Retire();
        signal.Owner = "second reader";
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await wait);
        Assert.Equal(["first reader"], owners);
        Assert.True(signal.IsIdle);
    }

    private static async Task AwaitAsync(ReusableSignal<int> signal, Action after)
    {
        // Without the context, so only the signal decides where the continuation runs.
        await signal.Task.ConfigureAwait(false);
        after();
    }
}
