namespace FilePipes.Tests;

/// <summary>
/// A run's queue of read segments waiting for their turn in file order (checked against a <see cref="Queue{T}"/>),
/// and a reused run starting afresh: runs move between readers through a store, so nothing of a run's last use may
/// reach the next.
/// </summary>
public sealed class ParallelReadRunTests : IDisposable
{
    private readonly ScratchFiles files = new();
    private readonly FilePipeReader reader;

    public ParallelReadRunTests()
    {
        this.reader = FilePipe.OpenReader(this.files.WriteRandom("run.bin", 0), new FilePipeOptions { Pool = new OutstandingBlockPool() });
    }

    public void Dispose()
    {
        this.reader.Complete();
        this.files.Dispose();
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void SegmentsComeOutInTheOrderTheyWentIn(int seed)
    {
        var run = new ParallelReadRun(this.reader);
        var reference = new Queue<PipeSegment>();
        var random = new Random(seed);
        var owners = new OutstandingBlockPool();

        for (int step = 0; step < 500; step++)
        {
            if (random.Next(100) < 55)
            {
                // A segment straight from a spare list still links to the next spare: the queue must not follow that link.
                var segment = new PipeSegment(this.reader, owners.Rent(16), 16)
                {
                    NextSpare = new PipeSegment(this.reader, owners.Rent(16), 16),
                };
                run.Enqueue(segment);
                reference.Enqueue(segment);
            }
            else
            {
                PipeSegment? expected = reference.Count > 0 ? reference.Dequeue() : null;
                PipeSegment? actual = run.Dequeue();
                Assert.Same(expected, actual);
                Assert.Null(actual?.NextSpare);
            }
        }

        while (reference.Count > 0)
        {
            Assert.Same(reference.Dequeue(), run.Dequeue());
        }

        Assert.Null(run.Dequeue());
        Assert.Null(run.FirstRead);
        Assert.Null(run.LastRead);
    }

    [Fact]
    public void AReusedRunStartsWithNothingOfItsLastUse()
    {
        var run = new ParallelReadRun(this.reader)
        {
            Started = 3,
            InFlight = false,
            Queued = false,
            Ended = true,
            EndsData = true,
            Error = new IOException("the last reader's read failed"),
            Next = new ParallelReadRun(this.reader),
        };

        run.Start(4096, 5);

        Assert.Equal(4096, run.Offset);
        Assert.Equal(5, run.Count);
        Assert.Equal(0, run.Started);
        Assert.True(run.InFlight);
        Assert.True(run.Queued);
        Assert.False(run.Ended);
        Assert.False(run.EndsData);
        Assert.Null(run.Error);
        Assert.Null(run.Next);
    }
}
