namespace BenchGuard.Output;

/// <summary>The one-line verdict of a comparison, for the markdown and for the per-OS PR comment headline.</summary>
internal static class Headline
{
    /// <summary>What a comparison without a single benchmark says, in the headline and on exit 2.</summary>
    public const string NothingCompared = "nothing compared: no benchmarks on either side (empty results, or a --filter that matched none)";

    /// <summary>
    /// ✅ only when every benchmark was compared and none regressed; New, Missing and Unknown are never read as
    /// "no regression", so they turn it into ❔ and are counted.
    /// </summary>
    public static string Format(CompareJsonSummary s, string timingRole)
    {
        var timing = timingRole != "off";
        var indicative = timingRole == "indicative" ? " (indicative)" : string.Empty;
        var problems = new List<string>();
        if (timing)
        {
            problems.Add($"{s.Slower} slower{indicative}");
        }

        problems.Add($"{s.AllocationRegressions} more allocations");
        if (s.Failed > 0)
        {
            problems.Add($"{s.Failed} failed");
        }

        var notCompared = new List<string>();
        if (s.New > 0)
        {
            notCompared.Add($"{s.New} new");
        }

        if (s.Missing > 0)
        {
            notCompared.Add($"{s.Missing} missing");
        }

        if (timing && s.Unknown > 0)
        {
            notCompared.Add($"{s.Unknown} unknown (too few values)");
        }

        var extra = notCompared.Count > 0 ? $"; not compared: {string.Join(", ", notCompared)}" : string.Empty;
        if ((timing && s.Slower > 0) || s.AllocationRegressions > 0 || s.Failed > 0)
        {
            return $"⚠️ {string.Join(", ", problems)}{extra}";
        }

        // Nothing compared is never "no regression": no benchmark at all (empty exports, a --filter that matched
        // none) or none that both sides measured.
        var compared = s.Total - s.New - s.Missing - s.Failed - (timing ? s.Unknown : 0);
        return s.Total == 0 ? $"❔ {NothingCompared}"
            : compared <= 0 ? $"❔ nothing compared{extra}"
            : notCompared.Count > 0 ? $"❔ no regression among {compared} compared{extra}"
            : $"✅ no regressions ({s.Total} benchmarks)";
    }
}
