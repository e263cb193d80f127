namespace BenchGuard.AB;

/// <summary>The A/B's built programs, while their checkouts still exist.</summary>
/// <param name="HeadProgram">The head's benchmark program.</param>
/// <param name="BaseProgram">The base's, or null when the base could not be built.</param>
/// <param name="BaseError">Why there is no base program (or no A/B), or null.</param>
/// <param name="Environment">The variables every launch gets (the shared fixture folder).</param>
internal sealed record AbBuilds(string HeadProgram, string? BaseProgram, string? BaseError, IReadOnlyDictionary<string, string?> Environment);
