using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// When a consumer that waits for data is woken: for a batch of segments (half the read-ahead, at most a run), or
/// earlier when a reader is free and waits only for the room the consumer's segments take, and never earlier while
/// every reader is busy or the claims have ended. At 64 KiB a batch of reads is one read, so each read is handed over
/// alone and the consumer's state can be checked between two of them; reads are ordered with <see cref="ReadGate"/>.
/// </summary>
public sealed class ParallelWakeRuleTests : IDisposable
{
    private const int Segment = 64 * 1024;

    private readonly ScratchFiles files = new();

    public void Dispose() => this.files.Dispose();

    [Fact]
    public async Task AConsumerHeldForABatchIsWokenWhenAFreeReaderWaitsForTheRoomItsSegmentsTake()
    {
        // Runs of four, two at once: A at 0 to 3, B at 4 to 7; a batch is four segments.
        (FilePipeReader reader, FilePipeReader.Probe probe, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.OpenAndTakeFirstAsync(
            "wake-for-room.bin", 16 * Segment, new() { ReadAhead = 8, ParallelReads = 2 }, held: [Segment, 4 * Segment]);

        // A ends with three segments for the consumer while B is held: one reader is free, and the room for its run of
        // four is there once the consumer takes them. Held, the consumer would wait for B, and so would the reads.
        gate.Release(Segment);
        await BackgroundReads.WaitUntilAsync(() => pending.IsCompleted || probe.RunCounts == (4, 1));
        Assert.True(pending.IsCompleted, "the consumer was held while a free reader waited for its room");
        ReadResult woken = await pending;
        Assert.Equal(all[Segment..(4 * Segment)], woken.Buffer.ToArray());
        reader.AdvanceTo(woken.Buffer.End);

        // Taking them made the room: the next run reads while B is still held.
        await gate.ReachedAsync(8 * Segment);
        gate.Release(4 * Segment);
        await ReadTheRestAsync(reader, all, 4 * Segment);
    }

    [Fact]
    public async Task AConsumerIsHeldForABatchWhileEveryReaderIsBusyThoughThereIsRoom()
    {
        // Read-ahead 7 over two reads: runs of three (A at 0 to 2, B at 3 to 5) and room for a run to spare.
        (FilePipeReader reader, _, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.OpenAndTakeFirstAsync(
            "held-all-busy.bin", 16 * Segment, new() { ReadAhead = 7, ParallelReads = 2 },
            held: [Segment, 2 * Segment, 3 * Segment]);
        await gate.ReachedAsync(3 * Segment);

        // One segment, fewer than a batch of three, and both readers busy: no reader waits for the consumer.
        gate.Release(Segment);
        await gate.ReachedAsync(2 * Segment);
        Assert.False(pending.IsCompleted, "the consumer was woken for one segment while every reader was busy");

        // A ends: now a reader is free and its run fits once the consumer takes its two segments.
        gate.Release(2 * Segment);
        await TakeTheBatchAndReadTheRestAsync(reader, gate, pending, all, 3 * Segment);
    }

    [Fact]
    public async Task AConsumerIsHeldForABatchOnceTheClaimsHaveEndedThoughAReaderIsFree()
    {
        // A range of six segments: A at 0 to 3, B at 4 and 5, and no claim after B.
        (FilePipeReader reader, FilePipeReader.Probe probe, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.OpenAndTakeFirstAsync(
            "held-claims-ended.bin", 8 * Segment, new() { ReadAhead = 8, ParallelReads = 2, Length = 6 * Segment },
            held: [Segment, 2 * Segment]);

        // B reads its two segments and ends, which ends the claims: the free reader has nothing left to read.
        await BackgroundReads.WaitUntilAsync(() => probe.SegmentsAwaitingOrder == 2 && probe.RunCounts.RunsInFlight == 1);
        gate.Release(Segment);
        await gate.ReachedAsync(2 * Segment);
        Assert.False(pending.IsCompleted, "the consumer was woken for one segment with nothing left to claim");

        // A's end appends B's segments and ends the data: the consumer gets the rest of the range at once.
        gate.Release(2 * Segment);
        ReadResult rest = await pending;
        Assert.True(rest.IsCompleted);
        Assert.Equal(all[Segment..(6 * Segment)], rest.Buffer.ToArray());
        reader.AdvanceTo(rest.Buffer.End);
        reader.Complete();
    }

    [Fact]
    public async Task WithThreeReadsInFlightAConsumerIsWokenForARunOfSegmentsNotHalfTheReadAhead()
    {
        // Read-ahead 12 over three reads: runs of four (A at 0, B at 4, C at 8), a batch of four where half the
        // read-ahead is six. The range ends with C, so once A ends no free reader waits for the consumer.
        (FilePipeReader reader, FilePipeReader.Probe probe, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.OpenAndTakeFirstAsync(
            "wake-batch-three.bin", 12 * Segment, new() { ReadAhead = 12, ParallelReads = 3, Length = 12 * Segment },
            held: [Segment, 4 * Segment, 5 * Segment]);

        // C reads and ends; A's last three segments come, and A ends: three, fewer than a batch.
        await BackgroundReads.WaitUntilAsync(() => probe.SegmentsAwaitingOrder == 4 && probe.RunCounts.RunsInFlight == 2);
        gate.Release(Segment);
        await BackgroundReads.WaitUntilAsync(() => probe.RunCounts.RunsInFlight == 1);
        Assert.False(pending.IsCompleted, "the consumer was woken for three segments");

        // B's first segment makes four: a batch, so the consumer is woken before B's next read is done.
        gate.Release(4 * Segment);
        await gate.ReachedAsync(5 * Segment);
        Assert.True(pending.IsCompleted, "the consumer was not woken for a run's worth of segments");
        await TakeTheBatchAndReadTheRestAsync(reader, gate, pending, all, 5 * Segment);
    }

    [Fact]
    public async Task AShortReadThatEndsARunKeepsTheConsumerHeldWhileTheRunClaimedAtItsEndReads()
    {
        // Read-ahead 9 over two reads: runs of four, A at 0 and B at 4 (held), and room for a third run as A ends. The
        // file ends 100 bytes into A's second segment.
        (FilePipeReader reader, _, ReadGate gate, byte[] all, ValueTask<ReadResult> pending) = await this.OpenAndTakeFirstAsync(
            "held-across-short.bin", Segment + 100, new() { ReadAhead = 9, ParallelReads = 2 }, held: [Segment, 4 * Segment]);

        // The short read ends A, and the run claimed at its end (both readers busy again) is the run in turn: the
        // consumer stays held for it, and it finds the end, so the last bytes come with the end in one result.
        gate.Release(Segment);
        ReadResult last = await pending;
        Assert.True(last.IsCompleted, "the consumer was woken before the run in turn had read");
        Assert.Equal(all[Segment..], last.Buffer.ToArray());
        reader.AdvanceTo(last.Buffer.End);
        gate.Release(4 * Segment);
        reader.Complete();
    }

    /// <summary>Opens the file with the reads at <paramref name="held"/> held; the consumer takes the first data (which
    /// comes alone), and its next read waits.</summary>
    private async Task<(FilePipeReader Reader, FilePipeReader.Probe Probe, ReadGate Gate, byte[] All, ValueTask<ReadResult> Pending)> OpenAndTakeFirstAsync(
        string name, int length, FilePipeOptions options, long[] held)
    {
        string path = this.files.WriteRandom(name, length);
        byte[] all = File.ReadAllBytes(path);
        FilePipeReader reader = Probes.OpenReader(path, options with { BufferSize = Segment }, out FilePipeReader.Probe probe);
        var gate = new ReadGate();
        foreach (long offset in held)
        {
            gate.Hold(offset);
        }

        gate.Attach(probe);
        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        Assert.Equal(all[..Segment], first.Buffer.ToArray());
        reader.AdvanceTo(first.Buffer.End);
        ValueTask<ReadResult> pending = reader.ReadAsync(TestTimeout.Token());
        Assert.False(pending.IsCompleted);
        return (reader, probe, gate, all, pending);
    }

    /// <summary>The woken result holds every byte from the first data's end to <paramref name="end"/>; the read held
    /// there is released, and the rest comes in order.</summary>
    private static async Task TakeTheBatchAndReadTheRestAsync(
        FilePipeReader reader, ReadGate gate, ValueTask<ReadResult> pending, byte[] all, int end)
    {
        ReadResult woken = await pending;
        Assert.Equal(all[Segment..end], woken.Buffer.ToArray());
        reader.AdvanceTo(woken.Buffer.End);
        gate.Release(end);
        await ReadTheRestAsync(reader, all, end);
    }

    private static async Task ReadTheRestAsync(FilePipeReader reader, byte[] all, int from)
    {
        byte[] rest = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();
        Assert.Equal(all[from..], rest);
    }
}
