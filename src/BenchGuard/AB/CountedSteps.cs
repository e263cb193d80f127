namespace BenchGuard.AB;

/// <summary>
/// A run of like steps on a <see cref="ProgressLog"/> (the A/B's launches, a trial's rounds): each step's line, or the
/// status line in a terminal, says which of the total it is, the time spent in the steps so far and what is left at
/// their pace (<see cref="StepPace"/>: the time between steps does not count). Disposed, it says how many were done
/// and in how long.
/// </summary>
internal sealed class CountedSteps : IDisposable
{
    private readonly ProgressLog log;
    private readonly string? unit;
    // Written under the log's lock, since the ticker reads it for the status line.
    private readonly StepPace pace;
    // Null until the first step begins: the status line has nothing to say before.
    private IDisposable? shown;
    private string status = "";

    /// <summary>A run on <paramref name="log"/>.</summary>
    /// <param name="log">Where it is said.</param>
    /// <param name="unit">What a step is called in the lines, or null for none.</param>
    /// <param name="total">The steps planned, or null when unknown.</param>
    public CountedSteps(ProgressLog log, string? unit, int? total)
    {
        this.log = log;
        this.unit = unit;
        this.pace = new StepPace(total);
    }

    /// <summary>
    /// The next step starts: a line "<paramref name="step"/> (launch 5 of 40, 1m00s so far, about 9m00s left)", or,
    /// in a terminal, the status line with <paramref name="inPlace"/> (default: the step) in place of the line.
    /// </summary>
    public void Begin(string step, string? inPlace = null)
    {
        var now = this.log.Elapsed;
        this.log.Change(() =>
        {
            this.pace.Start(now);
            this.status = inPlace ?? step;
        });
        this.shown ??= this.log.Show(this.Status);
        if (!this.log.InPlace)
        {
            var position = this.Position(this.pace.Done + 1);
            var left = this.pace.Left(now) is { } l ? $", {ProgressLog.Duration(this.pace.Spent)} so far, about {ProgressLog.Duration(l)} left" : "";
            this.log.Say(position.Length == 0 ? step : $"{step} ({position}{left})");
        }
    }

    /// <summary>The step begun last has finished.</summary>
    public void End()
    {
        var now = this.log.Elapsed;
        this.log.Change(() =>
        {
            if (this.pace.Running)
            {
                this.pace.Finish(now);
            }
        });
    }

    /// <summary>Takes the run off the status line and says how many steps were done, in how long.</summary>
    public void Dispose()
    {
        this.shown?.Dispose();
        if (this.pace.Done > 0)
        {
            var position = this.Position(this.pace.Done);
            this.log.Say($"{(position.Length == 0 ? $"{this.pace.Done}" : position)} done in {ProgressLog.Duration(this.pace.Spent)}");
        }
    }

    // "launch 5 of 40", "5 of 40", "launch 5", or empty when there is neither a unit nor a total.
    private string Position(int step) =>
        string.Join(' ', new[] { this.unit, this.pace.Total is null && this.unit is null ? null : $"{step}", this.pace.Total is { } n ? $"of {n}" : null }.OfType<string>());

    // The status line: the step, the position and what is left (estimating until a step has finished).
    private string Status(TimeSpan now)
    {
        var position = this.Position(Math.Min(this.pace.Done + 1, this.pace.Total ?? int.MaxValue));
        var text = position.Length == 0 ? this.status : $"{this.status} · {position}";
        return this.pace.Total is null ? text
            : this.pace.Left(now) is { } left ? $"{text} · about {ProgressLog.Duration(left)} left"
            : $"{text} · estimating";
    }
}
