using System.CommandLine;
using System.Globalization;
using BenchGuard.AB;
using BenchGuard.Cli;
using BenchGuard.Configuration;

namespace BenchGuard.Trials;

/// <summary>
/// A pool of launches of ONE build: the commit is checked out and built once under the pool folder, and every launch
/// of the pool runs that build (a slowdown can only be injected at run time, so one build serves every level).
/// </summary>
internal sealed class TrialPool
{
    private TrialPool(string folder, SideBuild build, DateTime? deadline, BenchmarkLauncher launcher, ProgressLog progress, string? profile, string slowdownVariable)
    {
        this.Profile = profile;
        this.SlowdownVariable = slowdownVariable;
        this.Folder = folder;
        this.Build = build;
        this.Deadline = deadline;
        this.Launcher = launcher;
        this.Progress = progress;
    }

    /// <summary>The profile the launches pass (the configuration's first, the pull request's), or null when the program takes none.</summary>
    public string? Profile { get; }

    /// <summary>The environment variable that slows a launch down (the configuration's <c>trials.slowdownVariable</c>).</summary>
    public string SlowdownVariable { get; }

    /// <summary>The pool's folder.</summary>
    public string Folder { get; }

    /// <summary>The pool's one build.</summary>
    public SideBuild Build { get; }

    /// <summary>When to stop collecting, or null.</summary>
    public DateTime? Deadline { get; }

    /// <summary>Runs the launches.</summary>
    public BenchmarkLauncher Launcher { get; }

    /// <summary>Progress lines.</summary>
    public ProgressLog Progress { get; }

    /// <summary>True when the deadline has passed.</summary>
    public bool PastDeadline => this.Deadline is { } d && DateTime.UtcNow >= d;

    /// <summary>Opens (or starts) the pool that <paramref name="a"/>'s --pool, --commit, --until and --repo name.</summary>
    public static TrialPool Open(string command, CommandArguments a)
    {
        var git = GitRepository.Find(Path.GetFullPath(a.Value("--repo", ".")!)) ?? throw new InputException($"{command}: not inside a git repository");
        DateTime? deadline = null;
        if (a.Value("--until") is { } until)
        {
            deadline = TimeOnly.TryParseExact(until, "HH:mm", CultureInfo.InvariantCulture, DateTimeStyles.None, out var time)
                ? DateTime.UtcNow.Date + time.ToTimeSpan()
                : throw new InputException($"{command}: --until needs HH:MM (UTC), not '{until}'");
        }

        var folder = Path.GetFullPath(a.Required("--pool"));
        var configuration = ConfigurationFile.ForRepository(git.Root, command);
        var slowdownVariable = configuration.Trials.SlowdownVariable
            ?? throw new InputException($"{command}: this repository's {GuardConfiguration.FileName} names no trials.slowdownVariable, the environment variable its benchmark program slows itself by; trials need one");
        Directory.CreateDirectory(Path.Combine(folder, "launches"));
        Directory.CreateDirectory(Path.Combine(folder, "logs"));
        var progress = new ProgressLog(command);
        var build = new SideBuild("pool", Path.Combine(folder, "src"), configuration.BenchmarkProject);
        if (!File.Exists(build.Program))
        {
            var reference = a.Value("--commit", "HEAD")!;
            var commit = git.Commit(reference) ?? throw new InputException($"{command}: '{reference}' is not a commit");
            var log = Path.Combine(folder, "logs", "build.log");
            BuildOutcome built;
            using (progress.Step($"building {commit}"))
            {
                built = build.Prepare(new Checkouts(git), commit, log, [], reuse: false, progress);
            }

            if (built != BuildOutcome.Built)
            {
                throw new InputException($"{command}: the build failed (see {log})");
            }

            File.WriteAllText(Path.Combine(folder, "commit.txt"), commit + "\n");
        }

        var launcher = new BenchmarkLauncher(AbOptions.DefaultLaunchTimeout, BenchmarkLauncher.SharedEnvironment(configuration, git.Root));
        return new TrialPool(folder, build, deadline, launcher, progress, configuration.Profiles?[0], slowdownVariable);
    }

    /// <summary>The options every collector takes, built anew for each command that declares them.</summary>
    public static Option[] Options() =>
    [
        CommandOption.Single("--pool", "DIR", "The pool's folder: its one build, launches and logs; an existing pool is resumed. Required."),
        CommandOption.Many("--filter", "GLOB", "The slice the launches run. Required."),
        CommandOption.Single("--commit", "REF", "The commit built once for the pool (default: HEAD)."),
        CommandOption.Single("--until", "HH:MM", "Stops collecting at this time (UTC)."),
        CommandOption.Single("--repo", "DIR", "The repository (default: the current folder's)."),
        CommandOption.PassThrough("--bench-arg", "ARG", "Passed to the benchmark program untouched, even when it looks like an option."),
    ];

    /// <summary>A whole number option.</summary>
    public static int Count(string command, CommandArguments a, string name) =>
        a.Value(name) is not { } text ? int.MaxValue
        : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) ? n
        : throw new InputException($"{command}: {name} must be a whole number, not '{text}'");

    /// <summary>Seconds since the epoch, as the pools record when a launch started.</summary>
    public static string Now() => DateTimeOffset.UtcNow.ToUnixTimeSeconds().ToString(CultureInfo.InvariantCulture);
}
