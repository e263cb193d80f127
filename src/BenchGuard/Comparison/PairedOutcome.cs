namespace BenchGuard.Comparison;

/// <summary>The paired verdict over rounds: each round's head/base ratio of medians.</summary>
/// <param name="Verdict">Slower, Faster, Same or Unknown.</param>
/// <param name="Rule">The rule that decided.</param>
/// <param name="Rounds">Paired rounds (launch indices present on both sides).</param>
/// <param name="Ratios">Per round: median of the diff launch / median of the base launch, in round order.</param>
/// <param name="MedianRatio">The rule's ratio: Harrell-Davis median of the ratios; for rounds-mw, Pragmastat's ratio of the round medians.</param>
/// <param name="CiLower">Lower bound of the median ratio's confidence interval (NaN when it cannot be computed).</param>
/// <param name="CiUpper">Upper bound of that interval.</param>
/// <param name="RelativeThreshold">The threshold as a fraction, as the rule applied it.</param>
/// <param name="SlowerRounds">Rounds with a ratio above 1 + threshold.</param>
/// <param name="FasterRounds">Rounds with a ratio below 1 / (1 + threshold).</param>
/// <param name="PSlower">Sign test: P(at least SlowerRounds of Rounds) under "no change beyond the threshold".</param>
/// <param name="PFaster">Sign test: the same for FasterRounds.</param>
/// <param name="Reason">Why Unknown, or why demoted to Same; null otherwise.</param>
public sealed record PairedOutcome(
    Verdict Verdict,
    string Rule,
    int Rounds,
    IReadOnlyList<double> Ratios,
    double MedianRatio,
    double CiLower,
    double CiUpper,
    double RelativeThreshold,
    int SlowerRounds,
    int FasterRounds,
    double PSlower,
    double PFaster,
    string? Reason);
