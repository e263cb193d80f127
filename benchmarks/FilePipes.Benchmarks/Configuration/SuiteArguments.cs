namespace FilePipes.Benchmarks.Configuration;

/// <summary>
/// The command line, split into the suite's own <c>--profile</c> and everything else, which goes to BenchmarkDotNet
/// unchanged. Two defaults are added when the caller did not give them: <c>--filter *</c> (so a run never stops to
/// ask which benchmarks to run) and <c>--artifacts &lt;repo&gt;/artifacts</c> (so results land in artifacts/results).
/// </summary>
/// <param name="Profile">The profile.</param>
/// <param name="CallerChoseJob">Whether the caller gave <c>--job</c>, which then replaces the suite's job.</param>
/// <param name="BenchmarkDotNetArguments">What BenchmarkDotNet gets.</param>
/// <param name="RunsBenchmarks">Whether BenchmarkDotNet is asked to run benchmarks, rather than to list or explain.</param>
public sealed record SuiteArguments(SuiteProfile Profile, bool CallerChoseJob, IReadOnlyList<string> BenchmarkDotNetArguments, bool RunsBenchmarks)
{
    private const string ProfileOption = "--profile";

    // Options after which BenchmarkDotNet lists or explains instead of running: no filter is added to them.
    private static readonly string[] NonRunningOptions = ["--list", "--help", "-h", "-?", "--version", "--info"];

    /// <summary>Parses the command line.</summary>
    /// <param name="args">The arguments.</param>
    /// <param name="artifactsFolder">The default artifacts folder, or <see langword="null"/> to leave BenchmarkDotNet's.</param>
    /// <param name="parsed">The result, when valid.</param>
    /// <param name="error">A one-line message, when not.</param>
    /// <returns>Whether the command line is valid.</returns>
    public static bool TryParse(IReadOnlyList<string> args, string? artifactsFolder, out SuiteArguments parsed, out string? error)
    {
        ArgumentNullException.ThrowIfNull(args);
        var profile = SuiteProfile.Quick;
        var passed = new List<string>();
        parsed = new SuiteArguments(profile, false, passed, true);
        error = null;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            string? value = null;
            if (arg == ProfileOption)
            {
                if (i + 1 >= args.Count)
                {
                    error = "--profile needs a value: quick or full.";
                    return false;
                }

                value = args[++i];
            }
            else if (arg.StartsWith(ProfileOption + "=", StringComparison.Ordinal))
            {
                value = arg[(ProfileOption.Length + 1)..];
            }
            else
            {
                passed.Add(arg);
                continue;
            }

            if (!Enum.TryParse(value, ignoreCase: true, out profile) || !Enum.IsDefined(profile) || int.TryParse(value, out _))
            {
                error = $"--profile '{value}' is not a profile: use quick or full.";
                return false;
            }
        }

        bool runs = !HasAny(passed, NonRunningOptions);
        if (runs && !HasAny(passed, "--filter", "-f"))
        {
            passed.Add("--filter");
            passed.Add("*");
        }

        if (artifactsFolder is not null && !HasAny(passed, "--artifacts", "-a"))
        {
            passed.Add("--artifacts");
            passed.Add(artifactsFolder);
        }

        parsed = new SuiteArguments(profile, HasAny(passed, "--job", "-j"), passed, runs);
        return true;
    }

    private static bool HasAny(List<string> args, params string[] options)
    {
        foreach (string arg in args)
        {
            foreach (string option in options)
            {
                if (arg == option || arg.StartsWith(option + "=", StringComparison.Ordinal))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
