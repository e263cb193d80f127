using ResultsComparer.Cli;
using ResultsComparer.Comparison;
using ResultsComparer.Output;
using ResultsComparer.Results;

namespace ResultsComparer.Commands;

/// <summary>
/// <c>compare --base &lt;dir|file&gt; --diff &lt;dir|file&gt; --threshold 5% ...</c>: dotnet/performance ResultsComparer's
/// command line, plus allocation gating, Markdown and JSON reports, exit codes and the paired A/B verdict.
/// </summary>
internal static class CompareCommand
{
    /// <summary>Runs the command.</summary>
    public static int Run(string[] args)
    {
        var a = CommandArguments.Parse(
            "compare",
            args,
            ["--base", "--diff", "--threshold", "--noise", "--top", "--filter*", "--alloc-threshold", "--md", "--json", "--title",
             "--fail-threshold", "--timing", "--paired-rule", "--paired-alpha", "--paired-confidence", "--paired-min-rounds"],
            ["--full-id", "--fail-on-regression", "--paired"]);

        var options = new CompareOptions(
            TimeThreshold.Parse("--threshold", a.Required("--threshold")),
            TimeThreshold.Parse("--noise", a.Value("--noise", "0.3ns")!),
            a.Value("--alloc-threshold") is { } alloc ? AllocationThreshold.Parse(alloc) : AllocationThreshold.Zero,
            a.Value("--fail-threshold") is { } fail ? TimeThreshold.Parse("--fail-threshold", fail) : null,
            a.Choice("--timing", "verdict", "verdict", "indicative", "off"),
            a.Has("--paired")
                ? new PairedOptions(
                    a.Choice("--paired-rule", "sign", PairedOptions.Rules),
                    a.Number("--paired-alpha", 0.05, 1e-9, 0.5),
                    a.Number("--paired-confidence", 0.95, 0.5, 0.9999),
                    (int)a.Number("--paired-min-rounds", 2, 2, 1000))
                : null,
            a.Values("--filter"));
        var top = a.Value("--top") is { } topText
            ? (int.TryParse(topText, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) && n > 0 ? n : throw new InputException($"compare: --top must be a positive integer, not '{topText}'"))
            : (int?)null;
        var fullId = a.Has("--full-id");

        var baseSet = ResultSetLoader.Load(a.Required("--base"));
        var diffSet = ResultSetLoader.Load(a.Required("--diff"));
        if (options.Paired is not null && (baseSet.IsBaseline || diffSet.IsBaseline))
        {
            // A stored baseline's launches ran at another time: pairing them with this run's launches cancels nothing.
            throw new InputException($"compare: --paired needs A/B results merged from rounds on one runner, not a stored baseline ({(baseSet.IsBaseline ? baseSet.Source : diffSet.Source)})");
        }
        var report = ComparisonBuilder.Build(a.Value("--title"), options, baseSet, diffSet);

        Console.Out.Write(ConsoleReportWriter.Write(report, top, fullId));
        if (a.Value("--md") is { } md)
        {
            JsonFormat.WriteText(md, MarkdownReportWriter.Write(report, fullId));
        }

        if (a.Value("--json") is { } json)
        {
            JsonFormat.Write(json, CompareJsonWriter.ToJson(report));
        }

        if (a.Has("--fail-on-regression") && report.Benchmarks.Count == 0)
        {
            // A gate that checked nothing neither passes nor finds a regression: the input was not what was meant.
            throw new InputException($"compare: {Headline.NothingCompared}");
        }

        return a.Has("--fail-on-regression") && report.Failing > 0 ? ExitCodes.Regression : ExitCodes.Ok;
    }
}
