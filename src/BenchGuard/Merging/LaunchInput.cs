using BenchGuard.Results;

namespace BenchGuard.Merging;

/// <summary>One export file of one input run: where it is and what machine ran it (its content is read per class).</summary>
/// <param name="Round">The input's position (1-based): its launch index in the merged result.</param>
/// <param name="Input">The input folder or file as given.</param>
/// <param name="File">The export file.</param>
/// <param name="ClassKey">The file name without the export suffix (BenchmarkDotNet names it after the class).</param>
/// <param name="Environment">The machine that ran it.</param>
internal sealed record LaunchInput(int Round, string Input, string File, string ClassKey, HostEnvironment Environment)
{
    /// <summary>How this file's machine differs from <paramref name="other"/>'s ("" when it does not).</summary>
    public string MachineDifference(LaunchInput other) => string.Join("; ", other.Environment.DifferencesFrom(this.Environment));
}
