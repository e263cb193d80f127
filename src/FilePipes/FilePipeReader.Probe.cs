namespace FilePipes;

/// <summary>
/// The reader's one seam for tests, given in the options as <see cref="System.IO.Pipelines.Pipe"/> takes its
/// <see cref="System.IO.Pipelines.PipeScheduler"/>: it steers the background reads' threads and counts what they do.
/// A reader without one pays a null check where a hook is, and nothing else.
/// </summary>
public sealed partial class FilePipeReader
{
    /// <summary>
    /// Steers one reader's background reads (when a run starts, a read's timing or failure, a scatter read's system
    /// call, whether the consumer reads a run itself) and counts them. Hooks may be set until the reads they steer
    /// start; the counters are written under the reader's lock and read under it.
    /// </summary>
    internal sealed class Probe
    {
        private FilePipeReader? reader;
        private int segmentsAwaitingOrder;
        private int runsTaken;
        private int runLocks;
        private int scatterReads;
        private int consumerRuns;

        /// <summary>Gets or sets a hook called on the reading thread before each parallel read, with the read's offset:
        /// it can hold a read back (to complete reads in a chosen order) or throw (to fail the read at that offset).
        /// With it set, reads go one by one (no scatter reads).</summary>
        public Action<long>? BeforeParallelRead { get; set; }

        /// <summary>Gets or sets a stand-in for a scatter read's system call (<see cref="ScatterRead.Read"/>), to fail it.</summary>
        public ScatterReader? ScatterReadCall { get; set; }

        /// <summary>Gets or sets a hook that takes each run's work item instead of the thread pool, so a test decides
        /// when (and on which thread) a run starts.</summary>
        public Action<IThreadPoolWorkItem>? QueueRun { get; set; }

        /// <summary>Gets or sets a value indicating whether a consumer that would wait reads part of a run itself
        /// (<see cref="TakeRunForConsumer"/>); tests that hold reads back turn it off, so that only workers read.</summary>
        public bool ConsumerReads { get; set; } = true;

        /// <summary>Gets how the reader schedules its reads, as resolved when it opened or at its automatic choice.</summary>
        public ReadSchedule Schedule => new(this.Reader.readAheadSegments, this.Reader.parallelReads);

        /// <summary>Gets the number of segments read in parallel that wait for an earlier read.</summary>
        public int SegmentsAwaitingOrder => this.Locked(() => this.segmentsAwaitingOrder);

        /// <summary>Gets the segments runs have claimed and not yet appended or recycled, and the runs in flight: both
        /// fall to zero once every run is done, or a leaked claim shrinks the read-ahead for good.</summary>
        public (int SegmentsInRuns, int RunsInFlight) RunCounts =>
            this.Locked(() => (this.Reader.segmentsInRuns, this.Reader.runsInFlight));

        /// <summary>Gets how many runs the reader took from the store or built: a run it loses instead of keeping as a
        /// spare shows up as one more.</summary>
        public int RunsTaken => this.Locked(() => this.runsTaken);

        /// <summary>Gets how many times runs' work items took the reader's lock: once per batch of reads and once to
        /// finish, not once per read.</summary>
        public int RunLocks => this.Locked(() => this.runLocks);

        /// <summary>Gets how many scatter reads the reader's runs made.</summary>
        public int ScatterReads => this.Locked(() => this.scatterReads);

        /// <summary>Gets how many runs the consumer took to read itself.</summary>
        public int ConsumerRuns => this.Locked(() => this.consumerRuns);

        private FilePipeReader Reader => this.reader ?? throw new InvalidOperationException("The probe observes no reader yet.");

        /// <summary>Binds the probe to the reader built with it; a probe observes one reader.</summary>
        internal void Attach(FilePipeReader observed)
        {
            if (this.reader is not null)
            {
                throw new InvalidOperationException("A probe observes one reader.");
            }

            this.reader = observed;
        }

        // The counters below are called under the reader's lock.
        internal void CountSegmentsAwaitingOrder(int change) => this.segmentsAwaitingOrder += change;

        internal void CountRunTaken() => this.runsTaken++;

        internal void CountRunLock(int scatterCalls)
        {
            this.runLocks++;
            this.scatterReads += scatterCalls;
        }

        internal void CountConsumerRun() => this.consumerRuns++;

        private T Locked<T>(Func<T> read)
        {
            lock (this.Reader.sync)
            {
                return read();
            }
        }
    }
}
