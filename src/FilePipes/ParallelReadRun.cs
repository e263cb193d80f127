namespace FilePipes;

/// <summary>
/// A run of contiguous segments that one thread-pool work item reads in order, one of the runs in flight at once
/// (several with parallel reads, one with read-ahead alone). Runs are claimed in file order and queued in that order,
/// so the consumer takes bytes run by run.
/// </summary>
/// <remarks>
/// Runs are reused (the reader keeps spare ones, and <see cref="Stored"/> keeps them across readers), so background
/// reads allocate nothing per run in steady state.
/// Every field is guarded by the reader's lock, except that the work item reads <see cref="Offset"/>,
/// <see cref="Count"/> and <see cref="Started"/> it set itself under that lock.
/// </remarks>
internal sealed class ParallelReadRun(FilePipeReader reader) : IThreadPoolWorkItem
{
    /// <summary>Runs that completed readers left, for the next reader: a reader uses up to twice its reads in flight, so
    /// 32 serve several at once.</summary>
    public static readonly ReuseStack<ParallelReadRun> Stored = new(32);

    /// <summary>Gets or sets the reader the run reads for; a stored run moves to the reader that takes it.</summary>
    public FilePipeReader Reader { get; set; } = reader;

    /// <summary>Gets or sets the file offset of the run's first segment.</summary>
    public long Offset { get; set; }

    /// <summary>Gets or sets how many segments the run claimed (reserved against the read-ahead bound).</summary>
    public int Count { get; set; }

    /// <summary>Gets or sets how many of its segments the work item has rented and started to read.</summary>
    public int Started { get; set; }

    /// <summary>Gets or sets a value indicating whether the work item is still reading or queued.</summary>
    public bool InFlight { get; set; }

    /// <summary>Gets or sets a value indicating whether the run stays in the file-order queue (not discarded).</summary>
    public bool Queued { get; set; }

    /// <summary>Gets or sets a value indicating whether no more segments will come from this run.</summary>
    public bool Ended { get; set; }

    /// <summary>Gets or sets a value indicating whether the run read no bytes at some offset: the data ends there.</summary>
    public bool EndsData { get; set; }

    /// <summary>Gets or sets the error the run met; the consumer gets it after every byte before it.</summary>
    public Exception? Error { get; set; }

    /// <summary>Gets or sets the first read segment waiting for its turn in file order.</summary>
    public PipeSegment? FirstRead { get; set; }

    /// <summary>Gets or sets the last read segment waiting for its turn.</summary>
    public PipeSegment? LastRead { get; set; }

    /// <summary>Gets or sets the next run in file order, or the next spare run.</summary>
    public ParallelReadRun? Next { get; set; }

    public void Start(long offset, int count)
    {
        this.Offset = offset;
        this.Count = count;
        this.Started = 0;
        this.InFlight = true;
        this.Queued = true;
        this.Ended = false;
        this.EndsData = false;
        this.Error = null;
        this.Next = null;
    }

    public void Enqueue(PipeSegment segment)
    {
        segment.NextSpare = null;
        if (this.LastRead is null)
        {
            this.FirstRead = segment;
        }
        else
        {
            this.LastRead.NextSpare = segment;
        }

        this.LastRead = segment;
    }

    public PipeSegment? Dequeue()
    {
        PipeSegment? segment = this.FirstRead;
        if (segment is not null)
        {
            this.FirstRead = segment.NextSpare;
            segment.NextSpare = null;
            if (this.FirstRead is null)
            {
                this.LastRead = null;
            }
        }

        return segment;
    }

    public void Execute() => this.Reader.ReadRun(this);
}
