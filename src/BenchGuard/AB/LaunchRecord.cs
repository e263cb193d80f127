using System.Globalization;

namespace BenchGuard.AB;

/// <summary>One BenchmarkDotNet process of one side: a line of launches.tsv.</summary>
/// <param name="Side">base, head, or head-oop (the head's out-of-process launch for the stored baseline).</param>
/// <param name="Round">The round (0 for head-oop).</param>
/// <param name="Seconds">Wall time.</param>
/// <param name="ExitCode">The process's exit code (-1: killed at the time limit).</param>
/// <param name="JsonFiles">How many exports the comparer reads it left.</param>
/// <param name="Method">The method (or case glob) it ran, or "-" for a whole-slice launch.</param>
internal sealed record LaunchRecord(string Side, int Round, double Seconds, int ExitCode, int JsonFiles, string Method)
{
    /// <summary>The header line of launches.tsv.</summary>
    public const string Header = "side\tround\tseconds\texit\tjson\tmethod";

    /// <summary>The record as a launches.tsv line.</summary>
    public string ToTsv() => string.Join('\t', this.Side, this.Round.ToString(CultureInfo.InvariantCulture), Math.Round(this.Seconds).ToString(CultureInfo.InvariantCulture), this.ExitCode.ToString(CultureInfo.InvariantCulture), this.JsonFiles.ToString(CultureInfo.InvariantCulture), this.Method);
}
