using BenchGuard.Commands;
using BenchGuard.Merging;
using BenchGuard.Output;

namespace BenchGuard.AB;

/// <summary>
/// The same-runner A/B: builds the base's and the head's own benchmark projects side by side, runs single-launch
/// BenchmarkDotNet processes of each in ABBA rounds, merges each side's launches and compares head with base.
/// A base that cannot be measured is recorded as the reason the A/B was not made (ab-error.txt); a head that cannot
/// be built or measured is bad input (it is the change under review that is broken).
/// </summary>
internal sealed class AbRun
{
    private static readonly IReadOnlyDictionary<string, string?> NoVariables = new Dictionary<string, string?>();

    private readonly GitRepository git;
    private readonly AbOptions options;
    private readonly Checkouts checkouts;
    private readonly ProgressLog progress;
    private readonly string work;
    private readonly string tsv;
    private readonly SideBuild head;
    private readonly SideBuild baseSide;
    private readonly BenchmarkLauncher launcher;
    // Each unit's filters: one method, or case globs that select cases of the same methods (launched together).
    private readonly List<string[]> units = [];
    private CountedSteps? launches;
    private readonly Action<AbBuilds>? whileBuilt;
    private string? abError;

    private AbRun(GitRepository git, AbOptions options, Checkouts checkouts, ProgressLog progress, Action<AbBuilds>? whileBuilt)
    {
        this.whileBuilt = whileBuilt;
        this.git = git;
        this.options = options;
        this.checkouts = checkouts;
        this.progress = progress;
        this.work = Path.GetFullPath(options.Work);
        this.tsv = Path.Combine(this.work, "launches.tsv");
        var sources = Path.GetFullPath(options.Sources);
        this.head = new SideBuild("head", Path.Combine(sources, "head"), options.Project);
        this.baseSide = new SideBuild("base", Path.Combine(sources, "base"), options.Project);

        // Fixtures are deterministic: both sides share the repository's cache instead of generating their own.
        this.launcher = new BenchmarkLauncher(options.LaunchTimeout, options.LaunchEnvironment);
    }

    /// <summary>Runs the A/B; a head that cannot be measured throws <see cref="InputException"/>.</summary>
    /// <param name="git">The repository.</param>
    /// <param name="options">The run's options.</param>
    /// <param name="checkouts">Makes and removes the sides' checkouts.</param>
    /// <param name="progress">Where progress goes.</param>
    /// <param name="whileBuilt">Work on the built programs after the timings, before the checkouts go (the counters).</param>
    public static AbResult Run(GitRepository git, AbOptions options, Checkouts checkouts, ProgressLog progress, Action<AbBuilds>? whileBuilt = null) =>
        new AbRun(git, options, checkouts, progress, whileBuilt).Run();

    private string Logs(string name) => Path.Combine(this.work, "logs", name);

    private AbResult Run()
    {
        Directory.CreateDirectory(this.work);
        foreach (var stale in new[] { "launches", "logs", "merged", "head-results", "head-oop" })
        {
            var folder = Path.Combine(this.work, stale);
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }

        foreach (var stale in new[] { "ab.json", "ab.md", "ab-error.txt" })
        {
            File.Delete(Path.Combine(this.work, stale));
        }

        Directory.CreateDirectory(Path.Combine(this.work, "launches"));
        Directory.CreateDirectory(Path.Combine(this.work, "logs"));
        File.WriteAllText(this.tsv, LaunchRecord.Header + "\n");

        var (headCommit, headLabel) = this.options.HeadRef is { } headRef
            ? (this.git.Commit(headRef) ?? throw new InputException($"head '{headRef}' is not a commit"), headRef)
            : (WorkingTreeSnapshot.Take(this.git, Path.GetDirectoryName(this.work)!, this.options.Sources), "working tree");
        var (baseCommit, baseLabel) = this.ResolveBase(headCommit);
        try
        {
            return this.Measure(headCommit, headLabel, baseCommit, baseLabel);
        }
        finally
        {
            if (!this.options.KeepSources)
            {
                foreach (var side in new[] { this.head, this.baseSide })
                {
                    // A checkout that cannot be removed (a file still held on Windows) is said, never a failure.
                    if (this.checkouts.Remove(side.Source) is { } reason)
                    {
                        this.progress.Warn($"could not remove the {side.Name} checkout {side.Source}: {reason}");
                    }
                }
            }
        }
    }

    private (string? Commit, string Label) ResolveBase(string headCommit)
    {
        if (this.options.BaseRef is { } baseRef)
        {
            return (this.git.Commit(baseRef) ?? throw new InputException($"base '{baseRef}' is not a commit"), baseRef);
        }

        var against = this.options.Against;
        if (this.git.Commit(against) is null)
        {
            this.RecordError($"no base: '{against}' is not a commit here (fetch it, or pass --base REF)");
            return (null, "");
        }

        if (this.git.MergeBase(headCommit, against) is { } mergeBase)
        {
            return (mergeBase, $"merge-base with {against}");
        }

        this.RecordError($"no base: the head has no merge-base with '{against}'");
        return (null, "");
    }

    private void RecordError(string text)
    {
        this.abError = text;
        File.WriteAllText(Path.Combine(this.work, "ab-error.txt"), text + "\n");
        this.progress.Say($"A/B not made: {text}");
    }

    private AbResult Measure(string headCommit, string headLabel, string? baseCommit, string baseLabel)
    {
        this.progress.Say($"head: {headLabel} ({headCommit})");
        var headLog = this.Logs("head-build.log");
        BuildOutcome headBuilt;
        using (this.progress.Step("build head"))
        {
            headBuilt = this.head.Prepare(this.checkouts, headCommit, headLog, this.options.BuildArguments, this.options.ReuseBuild, this.progress);
        }

        switch (headBuilt)
        {
            case BuildOutcome.NoProject:
                throw new InputException($"the head has no {this.options.Project}");
            case BuildOutcome.Failed:
                throw new InputException($"the head's benchmark project does not build (see {headLog})");
        }

        var baseOk = false;
        if (baseCommit is not null)
        {
            this.progress.Say($"base: {baseLabel} ({baseCommit})");
            var baseLog = this.Logs("base-build.log");
            BuildOutcome outcome;
            using (this.progress.Step("build base"))
            {
                outcome = this.baseSide.Prepare(this.checkouts, baseCommit, baseLog, this.options.BuildArguments, this.options.ReuseBuild, this.progress);
            }

            var name = $"the base ({this.git.Short(baseCommit)}, {baseLabel})";
            switch (outcome)
            {
                case BuildOutcome.Built:
                    baseOk = true;
                    break;
                case BuildOutcome.NoProject:
                    this.RecordError($"{name} has no benchmark project ({this.options.Project})");
                    break;
                default:
                    this.RecordError($"{name} does not build" + (SideBuild.FirstError(baseLog) is { } first ? $": {first}" : ""));
                    break;
            }
        }

        var method = this.options.Interleave == "method";
        if (method)
        {
            this.FindUnits(baseOk);
        }

        // ABBA: odd rounds run the base first, even rounds the head first, so a drift in time weighs on both sides
        // alike; with method interleaving the order also alternates from one method to the next.
        // The pace is the launches', so neither the builds before them nor the merges after them move the estimate.
        using (this.launches = this.progress.Count("launch", this.options.Rounds * (method ? this.units.Count : 1) * (baseOk ? 2 : 1)))
        {
            for (var round = 1; round <= this.options.Rounds; round++)
            {
                if (!method)
                {
                    this.Pair(baseOk, round % 2 == 1, round, null);
                    continue;
                }

                for (var unit = 0; unit < this.units.Count; unit++)
                {
                    this.Pair(baseOk, (round + unit) % 2 == 1, round, unit);
                }
            }
        }

        var headResults = Path.Combine(this.work, "head-results");
        var abHead = method ? Path.Combine(this.work, "merged", "head") : headResults;
        var headInputs = this.SideInputs("head");
        if (headInputs.Count == 0)
        {
            throw new InputException($"no head launch produced results (see {Path.Combine(this.work, "logs")})");
        }

        this.Merge(headInputs, abHead, "merge-head.log", "merging the head's launches failed", MergedBytes.Least);
        if (method)
        {
            this.LaunchHeadOutOfProcess(headResults);
        }

        string? abJson = null;
        if (baseOk)
        {
            abJson = this.CompareWithBase(abHead);
        }

        this.whileBuilt?.Invoke(new AbBuilds(this.head.Program, baseOk ? this.baseSide.Program : null, this.abError, this.launcher.Environment));
        return new AbResult(headResults, abJson, this.abError);
    }

    // A unit is a method (Namespace.Class.Method) matched by a method-level glob. A glob that names parameters (it has
    // a '(') stays a unit of its own, since BenchmarkDotNet ORs filters and a method filter would run all its cases.
    // Such a glob is left out when every method it matches is a unit already (its cases run there); one that matches
    // a unit's method and another method is refused; case globs that match a common method launch together, since
    // the cases they select may overlap. Any other way, a case would run twice in a round, which no merge takes.
    private void FindUnits(bool baseOk)
    {
        SideBuild[] sides = baseOk ? [this.head, this.baseSide] : [this.head];
        var found = this.options.Filters
            .Select(glob => (Glob: glob, Methods: sides
                .SelectMany(side => this.launcher.ListMethods(side, [.. BenchmarkLauncher.ProfileArguments(this.options.Profile), .. this.options.BenchArguments, "--filter", glob]))
                .Distinct(StringComparer.Ordinal)
                .Order(StringComparer.Ordinal)
                .ToList()))
            .ToList();
        var wholeMethods = found.Where(f => !NamesCases(f.Glob)).SelectMany(f => f.Methods).ToHashSet(StringComparer.Ordinal);
        var caseUnits = new List<(List<string> Globs, HashSet<string> Methods)>();
        foreach (var (glob, methods) in found)
        {
            if (NamesCases(glob))
            {
                var whole = methods.Where(wholeMethods.Contains).ToList();
                if (whole.Count > 0 && whole.Count < methods.Count)
                {
                    throw new InputException($"--filter {glob} selects cases of {whole[0]}, which another filter selects whole, and of other methods: name a method or its cases, not both");
                }

                if (whole.Count == 0 && methods.Count > 0)
                {
                    JoinCaseUnit(caseUnits, glob, methods);
                }

                continue;
            }

            foreach (var method in methods)
            {
                this.AddUnit([method]);
            }
        }

        foreach (var (caseGlobs, _) in caseUnits)
        {
            this.AddUnit([.. caseGlobs]);
        }

        if (this.units.Count == 0)
        {
            throw new InputException($"the filters select no benchmark method{(this.options.Profile is { } profile ? $" in the {profile} profile" : string.Empty)}");
        }

        this.progress.Say($"methods: {string.Join(' ', this.units.Select(UnitName))}");
    }

    // Merges the glob into every case unit that shares a method with it (a glob may join two into one).
    private static void JoinCaseUnit(List<(List<string> Globs, HashSet<string> Methods)> caseUnits, string glob, List<string> methods)
    {
        var joined = (Globs: new List<string>(), Methods: new HashSet<string>(StringComparer.Ordinal));
        var at = caseUnits.Count;
        for (var i = caseUnits.Count - 1; i >= 0; i--)
        {
            if (caseUnits[i].Methods.Overlaps(methods))
            {
                joined.Globs.InsertRange(0, caseUnits[i].Globs);
                joined.Methods.UnionWith(caseUnits[i].Methods);
                caseUnits.RemoveAt(i);
                at = i;
            }
        }

        joined.Globs.Add(glob);
        joined.Methods.UnionWith(methods);
        caseUnits.Insert(at, joined);
    }

    private static bool NamesCases(string glob) => glob.Contains('(', StringComparison.Ordinal);

    private static string UnitName(string[] unit) => string.Join(' ', unit);

    private void AddUnit(string[] unit)
    {
        if (!this.units.Any(u => u.SequenceEqual(unit, StringComparer.Ordinal)))
        {
            this.units.Add(unit);
        }
    }

    // The two sides back to back (the head alone when the base cannot be measured).
    private void Pair(bool baseOk, bool baseFirst, int round, int? unit)
    {
        if (!baseOk)
        {
            this.Launch(this.head, round, unit);
            return;
        }

        this.Launch(baseFirst ? this.baseSide : this.head, round, unit);
        this.Launch(baseFirst ? this.head : this.baseSide, round, unit);
    }

    private void Launch(SideBuild side, int round, int? unit)
    {
        var name = $"{side.Name}-r{round:00}";
        var folder = Path.Combine(this.work, "launches", name);
        List<string> arguments = [.. this.launcher.CommonArguments(this.options.Profile, this.options.BenchArguments)];
        var method = "-";
        if (unit is { } index)
        {
            method = UnitName(this.units[index]);
            arguments.AddRange(BenchmarkLauncher.MethodLaunchArguments);
            arguments.AddRange(["--filter", .. this.units[index]]);
            folder = Path.Combine(folder, $"m{index}");
            name += $"-m{index}";
        }
        else
        {
            arguments.AddRange(["--filter", .. this.options.Filters]);
        }

        // The step, how far the rounds are and what is left at the pace so far: a PR report runs for ten minutes and more.
        var step = $"{side.Name}{(unit is null ? "" : " " + method)}";
        this.launches!.Begin($"round {round}: {step}", $"round {round} of {this.options.Rounds}: {step}");
        var log = this.Logs(name + ".log");
        var record = this.launcher.Launch(side, side.Name, round, method, folder, log, arguments, NoVariables);
        this.launches.End();
        File.AppendAllText(this.tsv, record.ToTsv() + "\n");
        if (record.JsonFiles == 0)
        {
            this.progress.Say($"round {round}: {side.Name} produced no results (exit {record.ExitCode}; see {log})");
        }
    }

    // In-process figures are not those of the stored baselines (made out of process; allocation counts differ), so the
    // method mode makes head-results from one extra out-of-process launch of the head, with the baselines' settings.
    private void LaunchHeadOutOfProcess(string headResults)
    {
        List<string> arguments = [.. this.launcher.CommonArguments(this.options.Profile, this.options.BenchArguments), "--filter", .. this.options.Filters];
        var folder = Path.Combine(this.work, "head-oop");
        var log = this.Logs("head-oop.log");
        LaunchRecord record;
        using (this.progress.Step("head: one out-of-process launch for the stored-baseline comparison"))
        {
            record = this.launcher.Launch(this.head, "head-oop", 0, "-", folder, log, arguments, NoVariables);
        }

        File.AppendAllText(this.tsv, record.ToTsv() + "\n");
        if (record.JsonFiles == 0)
        {
            throw new InputException($"the head's out-of-process launch produced no results (see {log})");
        }

        this.Merge([folder], headResults, "merge-head-oop.log", "reading the head's out-of-process launch failed");
    }

    private string? CompareWithBase(string abHead)
    {
        var baseInputs = this.SideInputs("base");
        if (baseInputs.Count == 0)
        {
            this.RecordError("no base launch produced results (the base's benchmarks failed to run)");
            return null;
        }

        var mergedBase = Path.Combine(this.work, "merged", "base");
        var abJson = Path.Combine(this.work, "ab.json");
        var abMd = Path.Combine(this.work, "ab.md");
        try
        {
            this.Merge(baseInputs, mergedBase, "merge-base.log", "merging the base's launches failed", MergedBytes.Least);
        }
        catch (InputException e)
        {
            this.RecordError(e.Message);
            return null;
        }

        try
        {
            var report = CompareCommand.Compare(null, this.options.Compare, mergedBase, abHead);
            File.WriteAllText(this.Logs("compare-ab.out"), ConsoleReportWriter.Write(report, null, false));
            CompareCommand.WriteFiles(report, abMd, abJson, false);
        }
        catch (InputException e)
        {
            // Stryker disable Statement : see mutation-testing.md#already-deleted
            File.Delete(abJson);
            File.Delete(abMd);
            // Stryker restore Statement : see mutation-testing.md#already-deleted
            this.RecordError($"comparing head with base failed: {e.Message}");
            return null;
        }

        this.progress.Say($"A/B compared: {abMd}");
        return abJson;
    }

    private void Merge(IReadOnlyList<string> inputs, string outDir, string logName, string failure, MergedBytes bytesRule = MergedBytes.Most)
    {
        using var notes = new StreamWriter(this.Logs(logName));
        try
        {
            MergeCommand.Merge(inputs, outDir, notes, bytesRule);
        }
        catch (InputException e)
        {
            throw new InputException($"{failure}: {e.Message}", e);
        }
    }

    // A side's launch folders that hold results, in round order: the merge keeps that order as the launch index, which
    // the paired verdict uses to pair each base launch with the head launch of the same round.
    private List<string> SideInputs(string side) =>
        Directory.EnumerateDirectories(Path.Combine(this.work, "launches"), side + "-r*")
            .Order(StringComparer.Ordinal)
            .Where(folder => BenchmarkLauncher.CountExports(folder) > 0)
            .ToList();
}
