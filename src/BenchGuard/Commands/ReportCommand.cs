using System.CommandLine;
using BenchGuard.Cli;
using BenchGuard.Counters;
using BenchGuard.Output;
using BenchGuard.Reporting;

namespace BenchGuard.Commands;

/// <summary>
/// <c>report --os OS [--ab ab.json] [--baseline baseline.json] [--ab-error TEXT] [--counters counters.json | --counters-error TEXT]
/// --md FILE --json FILE [--fail-on-regression]</c>: composes one OS section of the PR comment from <c>compare --json</c>
/// outputs and <c>pr-report</c>'s counters comparison. With counters, their bytes are the A/B's allocation gate, in place
/// of BenchmarkDotNet's bytes per operation, which vary between launches.
/// </summary>
internal static class ReportCommand
{
    /// <summary>The command and its options, as <c>--help</c> lists them.</summary>
    public static Command Define()
    {
        var command = new Command("report", "Composes one OS section of the PR comment from compare --json outputs and pr-report's counters comparison.")
        {
            CommandOption.Single("--os", "OS", "The runner OS the section is for. Required."),
            CommandOption.Single("--ab", "FILE", "Head vs base on this runner (compare --paired --json)."),
            CommandOption.Single("--baseline", "FILE", "Head vs baselines/<os> (compare --timing indicative --json)."),
            CommandOption.Single("--ab-error", "TEXT", "Why the A/B step failed; the other parts are still shown."),
            CommandOption.Single("--counters", "FILE", "pr-report's comparison of the deterministic counters of base and head."),
            CommandOption.Single("--counters-error", "TEXT", "Why the counters are missing (instead of --counters)."),
            CommandOption.Single("--md", "FILE", "Writes the Markdown section to FILE. Required."),
            CommandOption.Single("--json", "FILE", "Writes the section's summary (benchguard-report/1) to FILE. Required."),
            CommandOption.Flag("--fail-on-regression", "Exit 1 when a verdict (the counters' included) fails the check."),
        };
        command.SetAction(result => Run(new CommandArguments("report", result)));
        return command;
    }

    /// <summary>Runs the command with options given as text, as pr-report composes them.</summary>
    public static int Run(string[] args) => Run(ToolCommandLine.Parse("report", Define(), args));

    /// <summary>Runs the command.</summary>
    public static int Run(CommandArguments a)
    {
        var os = a.Required("--os");
        var mdPath = a.Required("--md");
        var jsonPath = a.Required("--json");
        var abError = a.Value("--ab-error");
        var ab = a.Value("--ab") is { } abPath ? Read(abPath) : null;
        var baseline = a.Value("--baseline") is { } baselinePath ? Read(baselinePath) : null;
        if (ab is null && baseline is null && abError is null)
        {
            throw new InputException("report: give at least one of --ab, --baseline or --ab-error");
        }

        if (a.Value("--counters") is not null && a.Value("--counters-error") is not null)
        {
            throw new InputException("report: give --counters or --counters-error, not both");
        }

        var counters = a.Value("--counters") is { } countersPath ? CountersComparison.Read(countersPath) : null;
        var countersError = counters is null ? a.Value("--counters-error") : null;

        // Counted bytes replace BenchmarkDotNet's as the A/B allocation gate: its A/B allocation moves no longer fail.
        var abFailing = counters is null ? ab?.Summary.Failing ?? 0
            : ab?.Benchmarks.Count(b => b.TimingFails || (b.Verdict == "Failed" && b.DiffCount == 0)) ?? 0;
        var failing = abFailing + (baseline?.Summary.Failing ?? 0) + (counters?.Failing ?? 0);
        var provenance = baseline?.Base.Provenance is { Count: > 0 } runs ? EnvironmentLines.Describe(runs) : null;
        var report = new OsReport(
            OsReport.CurrentSchema,
            os,
            OsReportMarkdown.Headline(ab, abError, baseline, failing, counters, countersError),
            failing,
            ab is not null ? "ok" : abError is not null ? "failed" : "absent",
            ab is null ? abError : null,
            ab?.Summary,
            baseline?.Summary,
            provenance,
            baseline?.EnvironmentDifferences ?? [])
        {
            Counters = counters is null ? null : new CountersSummary(counters.Cases.Count, counters.Moved, counters.Failing),
            CountersError = countersError,
            Tool = ToolVersion.Label,
        };

        JsonFormat.WriteText(mdPath, OsReportMarkdown.Write(report, ab, baseline, counters));
        JsonFormat.Write(jsonPath, report);
        Console.Out.WriteLine($"{os}: {report.Headline}");
        if (a.Has("--fail-on-regression") && (ab is not null || baseline is not null) && (ab?.Summary.Total ?? 0) + (baseline?.Summary.Total ?? 0) == 0)
        {
            throw new InputException($"report: {Headline.NothingCompared}");
        }

        return a.Has("--fail-on-regression") && failing > 0 ? ExitCodes.Regression : ExitCodes.Ok;
    }

    private static CompareJson Read(string path) => CompareJsonReader.Read(path);
}
