using System.CommandLine;
using BenchGuard.Cli;
using BenchGuard.Comparison;
using BenchGuard.Output;
using BenchGuard.Results;

namespace BenchGuard.Commands;

/// <summary>
/// <c>compare --base &lt;dir|file&gt; --diff &lt;dir|file&gt; --threshold 5% ...</c>: dotnet/performance ResultsComparer's
/// command line, plus allocation gating, Markdown and JSON reports, exit codes and the paired A/B verdict.
/// </summary>
internal static class CompareCommand
{
    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("compare", "Compares two sides (BenchmarkDotNet results or a stored baseline): timing and allocation verdicts.")
        {
            CommandOption.Single("--base", "DIR|FILE", "The base side: a BenchmarkDotNet export, a folder searched recursively for them, or a baseline store (baselines/<os>)."),
            CommandOption.Single("--diff", "DIR|FILE", "The side compared with the base, in the same forms; benchmarks are matched by FullName."),
            CommandOption.Single("--threshold", "T", "The timing threshold, in Perfolizer's syntax (5%, 0.3ns); a bare number is refused. Required."),
            CommandOption.Single("--noise", "T", $"The absolute noise floor (default {VerdictDefaults.Noise}): a change that is not also beyond it is Same."),
            CommandOption.Single("--top", "N", "Only the N largest changes in the console Slower/Faster tables."),
            CommandOption.Many("--filter", "GLOB", "* and ? globs over the FullName, case-insensitive; several may be given."),
            CommandOption.Flag("--full-id", "Tables show the FullName with its namespace (otherwise Class.Method(params))."),
            CommandOption.Single("--alloc-threshold", "SIZE|%", $"Extra bytes per operation tolerated, absolute or relative to the base (default {VerdictDefaults.AllocationThreshold}: any increase is a regression)."),
            CommandOption.Single("--md", "FILE", "Writes the Markdown report (a PR comment or job summary) to FILE."),
            CommandOption.Single("--json", "FILE", "Writes every verdict with its numbers (benchguard-compare/1) to FILE."),
            CommandOption.Single("--title", "TEXT", "A ## heading for the Markdown."),
            CommandOption.Flag("--fail-on-regression", "Exit 1 when any verdict fails the check; exit 2 when nothing was compared."),
            CommandOption.Single("--fail-threshold", "T", "Only timing regressions whose ratio exceeds 1 + T fail the check; smaller ones are reported."),
            CommandOption.Single("--timing", "verdict|indicative|off", "verdict (default): timing can fail the check; indicative: shown, never fails; off: neither shown nor failed."),
            CommandOption.Flag("--paired", "The paired verdict over rounds, for A/B results merged from rounds on one runner."),
            CommandOption.Single("--paired-rule", string.Join("|", PairedOptions.Rules), $"The paired verdict's rule (default {VerdictDefaults.PairedRule})."),
            CommandOption.Single("--paired-alpha", "A", FormattableString.Invariant($"The significance level of the sign, t and rounds-mw rules (default {VerdictDefaults.PairedAlpha}).")),
            CommandOption.Single("--paired-confidence", "C", FormattableString.Invariant($"The confidence of the median ratio's interval, for the ci rules (default {VerdictDefaults.PairedConfidence}).")),
            CommandOption.Single("--paired-min-rounds", "N", FormattableString.Invariant($"Unknown when fewer rounds than N pair up (default {VerdictDefaults.PairedMinRounds}, at least 2).")),
        };
        command.SetAction(result => Run(new CommandArguments("compare", result)));
        return command;
    }

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var options = ParseOptions(a, a.Required("--threshold"), VerdictDefaults.AllocationThreshold, null, VerdictDefaults.PairedRule, a.Has("--paired"));
        var top = a.Value("--top") is { } topText
            ? (int.TryParse(topText, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) && n > 0 ? n : throw new InputException($"compare: --top must be a positive integer, not '{topText}'"))
            : (int?)null;
        var fullId = a.Has("--full-id");

        var report = Compare(a.Value("--title"), options, a.Required("--base"), a.Required("--diff"));

        Console.Out.Write(ConsoleReportWriter.Write(report, top, fullId));
        WriteFiles(report, a.Value("--md"), a.Value("--json"), fullId);
        if (a.Has("--fail-on-regression") && report.Benchmarks.Count == 0)
        {
            // A gate that checked nothing neither passes nor finds a regression: the input was not what was meant.
            throw new InputException($"compare: {Headline.NothingCompared}");
        }

        return a.Has("--fail-on-regression") && report.Failing > 0 ? ExitCodes.Regression : ExitCodes.Ok;
    }

    /// <summary>
    /// The verdict knobs, parsed and checked by this one function for <c>compare</c> and for <c>pr-report</c>, which
    /// calls it before it builds anything, so a bad knob stops a run up front. Unset knobs take the given defaults.
    /// </summary>
    public static CompareOptions ParseOptions(CommandArguments a, string threshold, string allocation, string? failThreshold, string pairedRule, bool paired) =>
        new(
            TimeThreshold.Parse("--threshold", threshold),
            TimeThreshold.Parse("--noise", a.Value("--noise", VerdictDefaults.Noise)!),
            AllocationThreshold.Parse(a.Value("--alloc-threshold", allocation)!),
            a.Value("--fail-threshold", failThreshold) is { } fail ? TimeThreshold.Parse("--fail-threshold", fail) : null,
            a.Choice("--timing", "verdict", "verdict", "indicative", "off"),
            paired
                ? new PairedOptions(
                    a.Choice("--paired-rule", pairedRule, PairedOptions.Rules),
                    a.Number("--paired-alpha", VerdictDefaults.PairedAlpha, 1e-9, 0.5),
                    a.Number("--paired-confidence", VerdictDefaults.PairedConfidence, 0.5, 0.9999),
                    (int)a.Number("--paired-min-rounds", VerdictDefaults.PairedMinRounds, 2, 1000))
                : null,
            a.Values("--filter"));

    /// <summary>Loads both sides and gives every benchmark its verdict; bad input throws.</summary>
    public static ComparisonReport Compare(string? title, CompareOptions options, string basePath, string diffPath)
    {
        var baseSet = ResultSetLoader.Load(basePath);
        var diffSet = ResultSetLoader.Load(diffPath);
        if (options.Paired is not null && (baseSet.IsBaseline || diffSet.IsBaseline))
        {
            // A stored baseline's launches ran at another time: pairing them with this run's launches cancels nothing.
            throw new InputException($"compare: --paired needs A/B results merged from rounds on one runner, not a stored baseline ({(baseSet.IsBaseline ? baseSet.Source : diffSet.Source)})");
        }

        return ComparisonBuilder.Build(title, options, baseSet, diffSet);
    }

    /// <summary>Writes the reports <c>--md</c> and <c>--json</c> ask for.</summary>
    public static void WriteFiles(ComparisonReport report, string? md, string? json, bool fullId)
    {
        if (md is not null)
        {
            JsonFormat.WriteText(md, MarkdownReportWriter.Write(report, fullId));
        }

        if (json is not null)
        {
            JsonFormat.Write(json, CompareJsonWriter.ToJson(report));
        }
    }
}
