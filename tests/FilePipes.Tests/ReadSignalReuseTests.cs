using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// The signal a consumer waits on with background reads: a completed reader stores it, the next reader with background
/// reads takes it instead of building one, and an inline reader never takes one. Counted as allocations on the calling
/// thread (the signal is taken there, when the background reads start); alone, as the store is shared.
/// </summary>
[Collection(AllocationCountingCollection.Name)]
public sealed class ReadSignalReuseTests : IDisposable
{
    private const int Segment = 4096;
    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public void StartingBackgroundReadsTakesACompletedReadersSignalAndAnInlineReaderTakesNone()
    {
        string path = this.files.WriteRandom("signals.bin", 4 * Segment);
        var background = new FilePipeOptions { BufferSize = Segment, ReadAhead = 1 };

        // More readers with background reads than the store keeps signals (16): they take every one it holds.
        var started = new List<(FilePipeReader, FilePipeReader.Probe)>();
        for (int i = 0; i < 20; i++)
        {
            FilePipeReader reader = Probes.OpenReader(path, background, out FilePipeReader.Probe probe);
            Start(reader);
            started.Add((reader, probe));
        }

        // None is left, so a signal an inline reader's TryRead took would be a new one; it needs none. Kept open until all
        // are measured, as one completed would store what it took for the next.
        var inline = new List<(FilePipeReader, FilePipeReader.Probe)>();
        long inlineLeast = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 0 }, out FilePipeReader.Probe probe);
            inline.Add((reader, probe));
            inlineLeast = Math.Min(inlineLeast, AllocatedBy(() => reader.TryRead(out _)));
        }

        // Completed, the readers store their signals; a new reader's background reads start with one of them.
        foreach ((FilePipeReader reader, FilePipeReader.Probe probe) in started.Concat(inline))
        {
            CompleteOnceIdle(reader, probe);
        }

        long backgroundLeast = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            FilePipeReader reader = Probes.OpenReader(path, background, out FilePipeReader.Probe probe);
            backgroundLeast = Math.Min(backgroundLeast, AllocatedBy(() => Start(reader)));
            CompleteOnceIdle(reader, probe);
        }

        Assert.Equal(0, inlineLeast);
        Assert.Equal(0, backgroundLeast);
    }

    /// <summary>Starts the background reads (TryRead does, and waits for nothing); a result it finds is given back.</summary>
    private static void Start(FilePipeReader reader)
    {
        if (reader.TryRead(out ReadResult result))
        {
            reader.AdvanceTo(result.Buffer.Start);
        }
    }

    /// <summary>Completes a reader once its run is done, so Complete stores the run too: a run still reading when its reader
    /// completes is stored only when it ends, and the next reader would build one meanwhile (80 B, not the signal).</summary>
    private static void CompleteOnceIdle(FilePipeReader reader, FilePipeReader.Probe probe)
    {
        Assert.True(SpinWait.SpinUntil(() => probe.RunCounts.RunsInFlight == 0, TestTimeout.Limit));
        reader.Complete();
    }

    // The least of three tries, as in the reader's allocation tests: a count can only be inflated (the runtime's own work
    // on this thread), never deflated, and a signal built on every try shows in each.
    private static long AllocatedBy(Action action)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        action();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
