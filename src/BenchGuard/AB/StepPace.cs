namespace BenchGuard.AB;

/// <summary>
/// How much is left of a run of <paramref name="total"/> like steps (launches, rounds), at the pace of the steps done.
/// Only the time inside these steps counts, so a build or a merge between or before them does not move the estimate.
/// Times are given, never read from a clock: the caller's clock is the one that counts.
/// </summary>
/// <param name="total">The steps planned.</param>
internal sealed class StepPace(int total)
{
    private TimeSpan spent;
    private TimeSpan? started;

    /// <summary>The steps planned.</summary>
    public int Total => total;

    /// <summary>The steps finished.</summary>
    public int Done { get; private set; }

    /// <summary>The time spent inside the finished steps.</summary>
    public TimeSpan Spent => this.spent;

    /// <summary>True when every planned step has finished.</summary>
    public bool Complete => this.Done >= total;

    /// <summary>A step starts at <paramref name="at"/>.</summary>
    public void Start(TimeSpan at) => this.started = at;

    /// <summary>The started step finishes at <paramref name="at"/>.</summary>
    public void Finish(TimeSpan at)
    {
        if (this.started is not { } from)
        {
            throw new InvalidOperationException("a step finishes that never started");
        }

        this.spent += at - from;
        this.started = null;
        this.Done++;
    }

    /// <summary>
    /// The time left at <paramref name="now"/>: the mean step so far for each step not finished, less what the running
    /// step has already taken (never below what the steps not yet started need). Null until a step has finished.
    /// </summary>
    public TimeSpan? Left(TimeSpan now)
    {
        if (this.Done == 0)
        {
            return null;
        }

        var step = this.spent / this.Done;
        var notFinished = Math.Max(0, total - this.Done);
        if (this.started is not { } from || notFinished == 0)
        {
            return step * notFinished;
        }

        var rest = TimeSpan.FromTicks(Math.Max(0, (step - (now - from)).Ticks));
        return (step * (notFinished - 1)) + rest;
    }
}
