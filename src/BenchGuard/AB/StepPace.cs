namespace BenchGuard.AB;

/// <summary>
/// How much is left of a run of like steps (launches, rounds), at the pace of the steps done. Only the time inside
/// these steps counts, so a build or a merge between or before them does not move the estimate. Times are given,
/// never read from a clock: the caller's clock is the one that counts.
/// </summary>
/// <param name="total">The steps planned, or null when unknown (then nothing is estimated).</param>
internal sealed class StepPace(int? total)
{
    private TimeSpan? started;

    /// <summary>The steps planned, or null when unknown.</summary>
    public int? Total => total;

    /// <summary>The steps finished.</summary>
    public int Done { get; private set; }

    /// <summary>The time spent inside the finished steps.</summary>
    public TimeSpan Spent { get; private set; }

    /// <summary>True while a step has started and not finished.</summary>
    public bool Running => this.started is not null;

    /// <summary>A step starts at <paramref name="at"/>.</summary>
    public void Start(TimeSpan at) => this.started = at;

    /// <summary>The started step finishes at <paramref name="at"/>.</summary>
    public void Finish(TimeSpan at)
    {
        if (this.started is not { } from)
        {
            throw new InvalidOperationException("a step finishes that never started");
        }

        this.Spent += at - from;
        this.started = null;
        this.Done++;
    }

    /// <summary>
    /// The time left at <paramref name="now"/>: the mean step so far for each step not finished, less what the running
    /// step has already taken (never below what the steps not yet started need). Null until a step has finished, and
    /// when the total is unknown.
    /// </summary>
    public TimeSpan? Left(TimeSpan now)
    {
        if (this.Done == 0 || total is not { } planned)
        {
            return null;
        }

        var step = this.Spent / this.Done;
        var notFinished = Math.Max(0, planned - this.Done);
        if (this.started is not { } from || notFinished == 0)
        {
            return step * notFinished;
        }

        var rest = TimeSpan.FromTicks(Math.Max(0, (step - (now - from)).Ticks));
        return (step * (notFinished - 1)) + rest;
    }
}
