namespace FilePipes.Tests;

/// <summary>
/// Waits on a reader whose background reads run on other threads: for a state they reach, or for every run to end,
/// so that the counts a test asserts next are final. A deadline only turns a hang into a failure.
/// </summary>
internal static class BackgroundReads
{
    /// <summary>Waits until <paramref name="condition"/> holds.</summary>
    public static async Task WaitUntilAsync(Func<bool> condition)
    {
        using var deadline = new CancellationTokenSource(TestTimeout.Limit);
        while (!condition())
        {
            await Task.Delay(1, deadline.Token);
        }
    }

    /// <summary>Reads everything, consuming each buffer whole, then waits until no run is in flight.</summary>
    public static async Task<byte[]> ReadAllAndSettleAsync(FilePipeReader reader, FilePipeReader.Probe probe)
    {
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        await WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 0);
        return read;
    }
}
