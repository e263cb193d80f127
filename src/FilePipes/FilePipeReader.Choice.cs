namespace FilePipes;

/// <summary>
/// The choice of schedule (<see cref="ReadSchedule"/>: inline, read-ahead or parallel), fixed by the options or, left
/// unset, made by the bytes to read at the first read: a first read that comes back short has met the end of a small
/// file, and only one that fills its segment asks for the file's length.
/// </summary>
public sealed partial class FilePipeReader
{
    /// <summary>The data a run reads between two takings of the lock: 16 reads at 4 KiB, one at 64 KiB and more.</summary>
    private const int BatchBytes = 64 * 1024;

    // The schedule: segments kept filled ahead of the consumer (0 reads inline), reads in flight, segments per run.
    private int readAheadSegments;
    private int parallelReads;
    private int runSegments;
    // Segments a run rents at once and hands over under one lock (1 for a handle that cannot seek, whose reads may
    // wait for a writer: each read's bytes go to the consumer as soon as they come).
    private int batchSegments = 1;
    // The options leave the choice of schedule to the reader and it has not been made yet (see ChooseByLength).
    private bool choosesByLength;

    /// <summary>Makes the automatic choice before any read has (TryRead and CopyTo, which need the schedule first).</summary>
    private void ChooseNow()
    {
        if (this.choosesByLength)
        {
            this.choosesByLength = false;
            this.ChooseByLength();
        }
    }

    /// <summary>The automatic choice, by the bytes from the range's start to the file's end (capped by the range).
    /// What is already read stays in the buffer; background reads, if chosen, continue from where the inline read
    /// stopped.</summary>
    private void ChooseByLength()
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

        this.SetSchedule(ReadSchedule.Automatic(this.bufferSize, Math.Max(0, Math.Min(length, this.rangeEnd) - this.claimOffset)));
        this.claimOffset = this.fileOffset;
    }

    private void SetSchedule(ReadSchedule schedule)
    {
        this.readAheadSegments = schedule.ReadAhead;
        this.parallelReads = schedule.ParallelReads;
        this.runSegments = Math.Max(1, schedule.ReadAhead / schedule.ParallelReads);
        this.batchSegments = this.file.IsSeekable ? Math.Max(1, BatchBytes / this.bufferSize) : 1;
    }
}
