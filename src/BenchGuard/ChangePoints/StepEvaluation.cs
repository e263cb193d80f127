namespace BenchGuard.ChangePoints;

/// <summary>How the evaluation plants and scores (docs/verdict-quality.md, "Steps in the trend").</summary>
/// <param name="Seed">The seed of the placements.</param>
/// <param name="Placements">Placements per series and planted change.</param>
/// <param name="MaxDelay">The commits followed after a planted step, commit by commit, before it counts as not found in time.</param>
internal sealed record EvaluationOptions(int Seed, int Placements, int MaxDelay)
{
    /// <summary>The planted steps: +5%, +10%, +20%, +50%.</summary>
    public static IReadOnlyList<double> Effects { get; } = [0.05, 0.10, 0.20, 0.50];

    /// <summary>The planted creep: +30% spread evenly over 50 commits.</summary>
    public const double CreepEffect = 0.30;

    /// <summary>The commits a creep takes.</summary>
    public const int CreepLength = 50;

    /// <summary>"Found in time": within this many commits after the step's commit.</summary>
    public const int InTime = 5;

    /// <summary>A step found this many points or fewer from where it was planted is that step.</summary>
    public const int Tolerance = 3;

    /// <summary>A planted step lies at least this many points from either end of the history.</summary>
    public const int Margin = 10;
}

/// <summary>One planted change and what each method made of it.</summary>
/// <param name="Change">"+10%" or "creep".</param>
/// <param name="NoisePercent">The series' run-to-run noise.</param>
/// <param name="Length">The commits the change took to reach its full size: 0 for a step.</param>
/// <param name="DetectorDelay">Commits after the change began until the detector reported it, commit by commit; null if not within the followed commits.</param>
/// <param name="DetectorInHistory">True when the detector finds it over the whole history.</param>
/// <param name="RuleDelay">Commits after the step until the ratio rule alerted at it; null if it never did.</param>
internal sealed record PlantedOutcome(string Change, double NoisePercent, int Length, int? DetectorDelay, bool DetectorInHistory, int? RuleDelay)
{
    /// <summary>True when the detector found it by <see cref="EvaluationOptions.InTime"/> commits after it was complete.</summary>
    public bool DetectorInTime => this.DetectorDelay <= this.Length + EvaluationOptions.InTime;

    /// <summary>True when the ratio rule alerted at it by then.</summary>
    public bool RuleInTime => this.RuleDelay <= this.Length + EvaluationOptions.InTime;
}

/// <summary>False alarms on histories without visible steps, counted as the commits arrive.</summary>
/// <param name="Commits">The commits that arrived (the comparisons the ratio rule made).</param>
/// <param name="DetectorSteps">New steps the detector reported, either direction.</param>
/// <param name="DetectorRegressions">Of those, steps in the worse direction.</param>
/// <param name="DetectorStepsInHistory">Steps over each whole history, either direction.</param>
/// <param name="RuleAlerts">Alerts of the ratio rule.</param>
internal sealed record FalseAlarms(int Commits, int DetectorSteps, int DetectorRegressions, int DetectorStepsInHistory, int RuleAlerts)
{
    /// <summary>The sum of two counts.</summary>
    public static FalseAlarms operator +(FalseAlarms a, FalseAlarms b) =>
        new(a.Commits + b.Commits, a.DetectorSteps + b.DetectorSteps, a.DetectorRegressions + b.DetectorRegressions, a.DetectorStepsInHistory + b.DetectorStepsInHistory, a.RuleAlerts + b.RuleAlerts);
}

/// <summary>
/// The evaluation of issue 34: into real histories without visible steps, plant steps and creeps at seeded random
/// commits; run the step finder and the ratio rule on the same histories; count what each finds, how late, and how
/// often each raises an alarm where nothing was planted.
/// </summary>
internal sealed class StepEvaluation
{
    private readonly StepFinder finder;
    private readonly EvaluationOptions options;

    /// <summary>Creates the evaluation of <paramref name="finder"/>.</summary>
    public StepEvaluation(StepFinder finder, EvaluationOptions options)
    {
        this.finder = finder;
        this.options = options;
    }

    /// <summary>The planted outcomes of one series; its own random stream, so the result does not depend on the order series run in.</summary>
    public IReadOnlyList<PlantedOutcome> Plant(RealSeries real, int seriesIndex)
    {
        // Not HashCode.Combine: its seed changes from process to process, and the table must be reproducible.
        var random = new Random(unchecked((this.options.Seed * 7919) + seriesIndex));
        var series = real.Series;
        var n = series.Points.Count;
        var outcomes = new List<PlantedOutcome>();
        if (n < 2 * EvaluationOptions.Margin + 1)
        {
            return outcomes;
        }

        foreach (var effect in EvaluationOptions.Effects)
        {
            for (var p = 0; p < this.options.Placements; p++)
            {
                var at = random.Next(EvaluationOptions.Margin, n - EvaluationOptions.Margin);
                var planted = Worse(series, at, i => 1 + effect);
                outcomes.Add(this.Score($"+{effect * 100:0}%", real.NoisePercent, planted, at, at));
            }
        }

        if (n >= EvaluationOptions.CreepLength + (2 * EvaluationOptions.Margin))
        {
            for (var p = 0; p < this.options.Placements; p++)
            {
                var at = random.Next(EvaluationOptions.Margin, n - EvaluationOptions.Margin - EvaluationOptions.CreepLength);
                var planted = Worse(series, at, i => 1 + (EvaluationOptions.CreepEffect * Math.Min(1.0, (i - at + 1) / (double)EvaluationOptions.CreepLength)));
                outcomes.Add(this.Score("creep", real.NoisePercent, planted, at, at + EvaluationOptions.CreepLength));
            }
        }

        return outcomes;
    }

    /// <summary>
    /// The alarms over a history where nothing was planted, except within <see cref="EvaluationOptions.Tolerance"/>
    /// points of the steps the source lists for it.
    /// </summary>
    public FalseAlarms Count(RealSeries real)
    {
        var series = real.Series;
        var values = series.Values();
        var n = values.Length;
        bool NearVisible(int index) => real.VisibleSteps.Any(v => Math.Abs(v - index) <= EvaluationOptions.Tolerance);

        var reported = new List<int>();
        int steps = 0, regressions = 0;
        for (var count = 2 * ChangePointDefaults.MinSegment; count <= n; count++)
        {
            foreach (var step in this.finder.Find(values, series.Points, count))
            {
                if (reported.Any(r => Math.Abs(r - step.Index) <= EvaluationOptions.Tolerance))
                {
                    continue;
                }

                reported.Add(step.Index);
                if (!NearVisible(step.Index))
                {
                    steps++;
                    regressions += IsWorse(series, step) ? 1 : 0;
                }
            }
        }

        var inHistory = this.finder.Find(series).Count(s => !NearVisible(s.Index));
        var rule = RatioRule.Alerts(series).Count(i => !NearVisible(i));
        return new FalseAlarms(n - 1, steps, regressions, inHistory, rule);
    }

    private static bool IsWorse(TrendSeries series, Step step) => series.BiggerIsBetter ? step.Ratio < 1 : step.Ratio > 1;

    // The series made worse from `at` on by factor(i): slower for times, fewer per second for throughputs.
    private static TrendSeries Worse(TrendSeries series, int at, Func<int, double> factor)
    {
        var points = series.Points
            .Select((p, i) => i < at ? p : p with { Value = series.BiggerIsBetter ? p.Value / factor(i) : p.Value * factor(i) })
            .ToList();
        return series with { Points = points };
    }

    private PlantedOutcome Score(string change, double noise, TrendSeries planted, int from, int to)
    {
        var values = planted.Values();
        var n = values.Length;
        bool Hit(Step s) => IsWorse(planted, s) && s.Index >= from - EvaluationOptions.Tolerance && s.Index <= to + EvaluationOptions.Tolerance;

        // Commit by commit: the history as it stood when the commit `from + delay` arrived.
        int? detectorDelay = null;
        for (var delay = 0; delay <= to - from + this.options.MaxDelay && from + delay < n; delay++)
        {
            if (this.finder.Find(values, planted.Points, from + delay + 1).Any(Hit))
            {
                detectorDelay = delay;
                break;
            }
        }

        var inHistory = this.finder.Find(planted).Any(Hit);
        var alert = RatioRule.Alerts(planted).FirstOrDefault(i => i >= from - EvaluationOptions.Tolerance && i <= to + EvaluationOptions.Tolerance, -1);
        return new PlantedOutcome(change, noise, to - from, detectorDelay, inHistory, alert < 0 ? null : Math.Max(0, alert - from));
    }
}
