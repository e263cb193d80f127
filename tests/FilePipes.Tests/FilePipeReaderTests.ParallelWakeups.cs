using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// A consumer that waits for background reads is woken per batch of segments, not per read: a wake-up is a
/// thread-pool hop, which costs more than a 4 KiB read. Counted, never timed.
/// </summary>
public sealed partial class FilePipeReaderTests
{
    /// <summary>Runs of four segments, two at once: a waiting consumer is woken for four (half the read-ahead), or
    /// earlier when a reader waits for the room the consumer's segments take.</summary>
    private static readonly FilePipeOptions TwoRunsOfFour = new() { BufferSize = Segment, ReadAhead = 8, ParallelReads = 2 };

    [Fact]
    public async Task AWaitingConsumerIsWokenForABatchOfSegmentsNotForEachRead()
    {
        (FilePipeReader reader, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.WaitForABatchAsync("wake-batch.bin");

        // Reaching the read at 2 × Segment means the segment before it was handed over: not a batch, so no wake-up.
        await gate.ReachedAsync(2 * Segment);
        Assert.False(pending.IsCompleted, "the consumer was woken for a single segment");

        gate.Release(2 * Segment);
        ReadResult batch = await pending;
        int batchEnd = Segment + (int)batch.Buffer.Length;
        // At least the rest of the first run: a batch, or the run's end when the next run waits for the room.
        Assert.InRange(batch.Buffer.Length, 3 * Segment, 15 * Segment);
        Assert.Equal(all[Segment..batchEnd], batch.Buffer.ToArray());
        reader.AdvanceTo(batch.Buffer.End);

        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(all[batchEnd..], rest);
    }

    [Fact]
    public async Task CancelPendingReadWakesAConsumerHeldForABatchWithTheSegmentsReadSoFar()
    {
        // 64 KiB segments, so each read is handed over alone (a batch of one): a segment is handed over while the read
        // after it is held. At 4 KiB the held read would hold the segment before it, in the same batch.
        const int Large = 64 * 1024;
        (FilePipeReader reader, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.WaitForABatchAsync("wake-cancel.bin", segment: Large);
        await gate.ReachedAsync(2 * Large);

        reader.CancelPendingRead();
        ReadResult canceled = await pending;
        gate.Release(2 * Large);

        Assert.True(canceled.IsCanceled);
        Assert.Equal(all[Large..(2 * Large)], canceled.Buffer.ToArray());
        reader.AdvanceTo(canceled.Buffer.End);
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(all[(2 * Large)..], rest);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ASecondCallTakesTheSegmentsOfAReadHeldForABatchAsOnAPipe(bool tryRead)
    {
        // As in the cancel test above: the segment at Large is handed over while the read after it is held.
        const int Large = 64 * 1024;
        (FilePipeReader reader, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.WaitForABatchAsync(tryRead ? "held-try.bin" : "held-read.bin", segment: Large);
        await gate.ReachedAsync(2 * Large);
        Assert.False(pending.IsCompleted, "the read is held for a batch");

        // A Pipe given the same segment has its waiting read completed: a second call takes the data, the awaitable
        // then finds a read in progress.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));
        ValueTask<ReadResult> onPipe = pipe.Reader.ReadAsync(TestTimeout.Token());
        pipe.Writer.Write(all.AsSpan(Large, Large));
        await pipe.Writer.FlushAsync(TestTimeout.Token());

        (long Length, string Pending) Second(PipeReader second, ValueTask<ReadResult> first)
        {
            ReadResult taken = tryRead
                ? (second.TryRead(out ReadResult result) ? result : throw new InvalidOperationException("TryRead returned false"))
                : second.ReadAsync(TestTimeout.Token()) is { IsCompleted: true } read ? read.Result : throw new InvalidOperationException("the second call waits");
            Exception? error = Record.Exception(() => first.Result);
            return (taken.Buffer.Length, error is null ? "no error" : $"{error.GetType().Name}: {error.Message}");
        }

        (long Length, string Pending) expected = Second(pipe.Reader, onPipe);
        Assert.Equal((Large, "InvalidOperationException: Reading is already in progress."), expected);
        Assert.Equal(expected, Second(reader, pending));
        gate.Release(2 * Large);
        reader.Complete();
        pipe.Reader.Complete();
        pipe.Writer.Complete();
    }

    [Fact]
    public async Task AnErrorWakesAConsumerHeldForABatchAfterTheSegmentsBeforeIt()
    {
        var failure = new IOException("injected");
        (FilePipeReader reader, _, byte[] all, ValueTask<ReadResult> pending) = await this.WaitForABatchAsync("wake-error.bin", failure);

        // One segment, then the error: fewer than a batch, and nothing more will come.
        ReadResult beforeError = await pending;
        Assert.False(beforeError.IsCompleted);
        Assert.Equal(all[Segment..(2 * Segment)], beforeError.Buffer.ToArray());
        reader.AdvanceTo(beforeError.Buffer.End);
        Exception error = await Assert.ThrowsAsync<IOException>(async () => await reader.ReadAsync(TestTimeout.Token()));
        reader.Complete();
        Assert.Same(failure, error);
    }

    [Fact]
    public async Task AConsumerFasterThanTheReadsIsWokenAboutOncePerRunNotOncePerRead()
    {
        const int Segments = 64;
        const int RunSegments = 16;
        string path = this.files.WriteRandom("wake-count.bin", Segments * Segment);
        FilePipeReader reader = Probes.OpenReader(
            path, new FilePipeOptions { BufferSize = Segment, ReadAhead = 2 * RunSegments, ParallelReads = 2 }, out FilePipeReader.Probe probe);

        // Reads slower than the consumer, so it catches up and waits; per read it would be woken for 1 or 2 segments.
        // Spare pool threads, so a wake-up is not left queued behind a busy reader's run (with only as many workers as
        // cores, a consumer woken per read still ran once per run: docs/reading-modes.md).
        probe.BeforeParallelRead = _ => Thread.Sleep(5);
        // The workers' wake-ups are what is counted: a consumer reading runs itself would rarely wait at all.
        probe.ConsumerReads = false;
        ThreadPool.GetMinThreads(out int workers, out int completionPorts);
        ThreadPool.SetMinThreads(Math.Max(workers, 8), completionPorts);
        var output = new MemoryStream();
        int wakeUps = 0;
        try
        {
            for (bool ended = false; !ended;)
            {
                ValueTask<ReadResult> read = reader.ReadAsync(TestTimeout.Token());
                wakeUps += read.IsCompleted ? 0 : 1;
                ReadResult result = await read;
                output.Write(result.Buffer.ToArray());
                reader.AdvanceTo(result.Buffer.End);
                ended = result.IsCompleted;
            }
        }
        finally
        {
            ThreadPool.SetMinThreads(workers, completionPorts);
        }

        reader.Complete();
        Assert.Equal(File.ReadAllBytes(path), output.ToArray());

        // The first wake-up brings one segment; every later one a batch (a run here), or comes as a run finishes and
        // the next one waits for the room (at most once per run), or at the end of the data. 5-6 here; main's
        // wake-up per read: 33-35.
        Assert.InRange(wakeUps, 1, 2 + (2 * Segments / RunSegments));
    }

    [LinuxFact("A FIFO is made with mkfifo; Windows named pipes are a different API that File.OpenHandle does not create.")]
    public async Task AReaderOfAFifoIsWokenForEachWriteAsARequestAndResponseNeeds()
    {
        // The writer waits for the consumer to take each message before it writes the next: a reader that held the
        // consumer for a batch of segments would wait for a write that never comes. A message of a whole segment is
        // not a short read, so only batches of one read (a handle that cannot seek has no others) hand it over.
        string fifo = Fifo.Make(this.files, "wake-per-read.fifo");
        (FilePipeReader reader, var writer) = await Fifo.OpenBothAsync(
            fifo, () => FilePipe.OpenReader(fifo, new FilePipeOptions { BufferSize = Segment, ReadAhead = 8 }));
        using (var stream = new FileStream(writer, FileAccess.Write, bufferSize: 0))
        {
            byte message = 0;
            foreach (int size in new[] { 100, 100, 100, Segment, Segment })
            {
                message++;
                stream.Write(Enumerable.Repeat(message, size).ToArray());
                ReadResult result = await reader.ReadAsync(TestTimeout.Token());
                Assert.Equal(Enumerable.Repeat(message, size), result.Buffer.ToArray());
                reader.AdvanceTo(result.Buffer.End);
            }
        }

        ReadResult end = await reader.ReadAsync(TestTimeout.Token());
        Assert.True(end.IsCompleted);
        Assert.Equal(0, end.Buffer.Length);
        reader.Complete();
    }

    /// <summary>
    /// The setting the three tests above share: the first segment taken (the first data is never held back), a read
    /// pending, and the read at <see cref="Segment"/> released, while the read at 2 × Segment is held, or fails with
    /// <paramref name="failure"/>. The consumer then waits for a batch with one segment read. The first data comes in a
    /// batch of its own, so it is not held with the reads after it.
    /// </summary>
    private async Task<(FilePipeReader Reader, ReadGate Gate, byte[] All, ValueTask<ReadResult> Pending)> WaitForABatchAsync(
        string name, Exception? failure = null, int segment = Segment)
    {
        string path = this.files.WriteRandom(name, 16 * segment);
        byte[] all = File.ReadAllBytes(path);
        FilePipeReader reader = Probes.OpenReader(path, TwoRunsOfFour with { BufferSize = segment }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        gate.Hold(segment);
        if (failure is null)
        {
            gate.Hold(2 * segment);
        }
        else
        {
            gate.Fail(2 * segment, failure);
        }

        gate.Attach(probe);
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(all[..segment], first.Buffer.ToArray());
        reader.AdvanceTo(first.Buffer.End);

        ValueTask<ReadResult> pending = reader.ReadAsync(TestTimeout.Token());
        Assert.False(pending.IsCompleted);
        gate.Release(segment);
        return (reader, gate, all, pending);
    }
}
