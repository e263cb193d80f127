namespace BenchGuard.Counters;

/// <summary>
/// The counters' verdict, defined once: how far a counter may move before it counts as moved, and which moves fail the
/// check. Reasons and the A/A spread behind each figure: docs/verdict-quality.md, "Deterministic counters".
/// </summary>
internal static class CounterPolicy
{
    /// <summary>
    /// Instructions may differ by this fraction of the base before they count as moved: above the A/A spread of
    /// callgrind's counts (up to 0.21%, the small files, over three runs of one build), below the 1%
    /// that a small loop in the read path makes.
    /// </summary>
    public const double InstructionTolerance = 0.005;

    /// <summary>
    /// Bytes and system calls are exact where the operations of one run agree: any increase per operation counts
    /// (this bound only absorbs the rounding of a total divided by N).
    /// </summary>
    public const double ExactTolerance = 1e-6;

    /// <summary>Why a case whose single operations differed within one run is reported, not gated.</summary>
    public const string TimingDependent =
        "its operations differed within one run (work on the thread pool, whose timing decides the count): reported, not gated";

    /// <summary>Whether a counter that grew beyond its tolerance fails the check: bytes and system calls do; instructions are reported.</summary>
    /// <param name="kind">The counter.</param>
    /// <returns>True when an increase fails.</returns>
    public static bool IncreaseFails(CounterKind kind) => kind is not CounterKind.Instructions;

    /// <summary>How far the head may be from the base before the counter has moved.</summary>
    /// <param name="kind">The counter.</param>
    /// <param name="baseValue">The base's value per operation.</param>
    /// <returns>The tolerance, in the counter's own unit.</returns>
    public static double Tolerance(CounterKind kind, double baseValue) =>
        kind == CounterKind.Instructions ? Math.Abs(baseValue) * InstructionTolerance : ExactTolerance;
}
