namespace BenchGuard.AB;

/// <summary>What an A/B run made.</summary>
/// <param name="HeadResults">The head's results for the stored-baseline comparison (always made, or the run threw).</param>
/// <param name="AbJson">The head-vs-base comparison (compare --json), or null when it could not be made.</param>
/// <param name="AbError">Why it could not be made (a base that does not build, ...), or null.</param>
internal sealed record AbResult(string HeadResults, string? AbJson, string? AbError);
