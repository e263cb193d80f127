using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace FilePipes;

/// <summary>
/// The choice of schedule (<see cref="ReadSchedule"/>: inline, read-ahead or parallel), fixed by the options or, left
/// unset, made by the bytes to read at the first read: a first read that comes back short has met the end of a small
/// file, and only one that fills its segment asks for the file's length. For a file long enough for reads in flight,
/// the reader times a window of inline reads, then one of reads in flight, and goes back inline if they do not pay
/// (<see cref="ReadsInFlightCheck"/>).
/// </summary>
public sealed partial class FilePipeReader
{
    /// <summary>The data a run reads between two takings of the lock: 16 reads at 4 KiB, one at 64 KiB and more.</summary>
    private const int BatchBytes = 64 * 1024;

    // The schedule: segments kept filled ahead of the consumer (0 reads inline), reads in flight (0 once an automatic
    // reader stopped them: no run is claimed again), segments per run.
    private int readAheadSegments;
    private int parallelReads;
    private int runSegments;
    // The options leave the choice of schedule to the reader and it has not been made yet (see ChooseByLength), or
    // its inline reads are being timed (inFlightCheck).
    private bool choosesByLength;
    // An automatic reader's check of whether reads in flight pay, while it runs: built only for a file long enough
    // for them, so a reader of small files allocates nothing more.
    private ReadsInFlightCheck? inFlightCheck;

    // Segments a run rents at once and hands over under one lock (1 for a handle that cannot seek, whose reads may
    // wait for a writer: each read's bytes go to the consumer as soon as they come). Computed, not a field, so the
    // check's reference costs a reader no bytes.
    private int BatchSegments => this.file.IsSeekable ? Math.Max(1, BatchBytes / this.bufferSize) : 1;

    /// <summary>Makes the automatic choice before any read has (TryRead and CopyTo, which need the schedule first).</summary>
    private void ChooseNow()
    {
        if (this.choosesByLength)
        {
            this.choosesByLength = false;
            if (this.inFlightCheck is null)
            {
                this.ChooseByLength(timed: false);
                return;
            }

            // Mid-way through the timed inline reads: the reads in flight start now, unchecked.
            this.inFlightCheck = null;
            this.StartReadsInFlight();
        }
    }

    /// <summary>After an automatic reader's inline read that filled its segment: the first one makes the choice by
    /// the length (<see cref="ChooseByLength(bool)"/>); while the inline reads are timed, each one adds to the window,
    /// and the one that fills it starts the reads in flight.</summary>
    private void ChooseAfterInlineRead()
    {
        if (this.inFlightCheck is not { } check)
        {
            this.ChooseByLength(timed: true);
        }
        else if (check.IsInlineWindowFull(this.bufferedEnd))
        {
            check.EndInlineWindow(this.Timestamp(), this.bufferedEnd);
            this.StartReadsInFlight();
        }
        else
        {
            this.choosesByLength = true;
        }
    }

    /// <summary>The automatic choice, by the bytes from the range's start to the file's end (capped by the range).
    /// What is already read stays in the buffer; background reads, if chosen, continue from where the inline read
    /// stopped.</summary>
    /// <param name="timed">After the first inline read: a file long enough for reads in flight is read inline a while
    /// longer, timed, so that the reads in flight have a time to beat (<see cref="ReadsInFlightCheck"/>).
    /// Otherwise (TryRead and CopyTo before any read) they start at once.</param>
    private void ChooseByLength(bool timed)
    {
        long length;
        try
        {
            length = this.file.Length();
        }
        catch (IOException)
        {
            // The choice only tunes speed: inline reads any file whole.
            return;
        }

        ReadSchedule schedule = ReadSchedule.Automatic(this.bufferSize, Math.Max(0, Math.Min(length, this.rangeEnd) - this.claimOffset));
        if (timed && schedule.ParallelReads > 1)
        {
            this.inFlightCheck = new ReadsInFlightCheck(this.Timestamp(), this.bufferedEnd);
            this.choosesByLength = true;
            return;
        }

        this.SetSchedule(schedule);
        this.claimOffset = this.fileOffset;
    }

    /// <summary>The automatic reader's reads in flight, from where the inline reads stopped.</summary>
    private void StartReadsInFlight()
    {
        this.SetSchedule(ReadSchedule.AutomaticParallel(this.bufferSize));
        this.claimOffset = this.fileOffset;
    }

    /// <summary>
    /// At a consumer's read under the lock, while the check runs with reads in flight: times them; if they do not beat
    /// the inline reads, claims no more runs; once no run can hand over a segment again, goes inline for the rest of
    /// the file. A run its consumer emptied may still be in flight then: it touches runs, never the buffer.
    /// </summary>
    /// <returns><see langword="true"/> when this read and every later one run inline.</returns>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool ReadsInlineFromNow()
    {
        ReadsInFlightCheck check = this.inFlightCheck!;
        if (!check.Stopped)
        {
            if (!check.ParallelSampled(this.Timestamp(), this.returnedEnd))
            {
                return false;
            }

            if (!check.Stopped)
            {
                // They pay: kept for the rest of the file.
                this.inFlightCheck = null;
                return false;
            }

            // Runs in flight finish and hand over; a consumer that waits with none queued gets one more (ScheduleRuns).
            this.parallelReads = 0;
        }

        if (this.firstRun is not null || this.segmentsInRuns > 0 || this.readPending)
        {
            return false;
        }

        // From here only the consumer touches the buffer: the gate guards it, as in any inline reader.
        this.inFlightCheck = null;
        this.StoreSignal();
        Volatile.Write(ref this.gate, this.resultOutstanding ? GateHolding : GateFree);
        this.readAheadSegments = 0;
        return true;
    }

    private long Timestamp() => this.probe?.Clock is { } clock ? clock() : Stopwatch.GetTimestamp();

    private void SetSchedule(ReadSchedule schedule)
    {
        this.readAheadSegments = schedule.ReadAhead;
        this.parallelReads = schedule.ParallelReads;
        this.runSegments = Math.Max(1, schedule.ReadAhead / schedule.ParallelReads);
    }
}
