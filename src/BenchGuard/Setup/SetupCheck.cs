using System.Text.Json;
using System.Text.RegularExpressions;
using BenchGuard.Output;

namespace BenchGuard.Setup;

/// <summary>
/// The pipeline's one-time setup on GitHub (docs/pipeline.md, "First-time setup"), item by item, as GitHub's REST API
/// shows it: Actions allowed to run the pinned actions, no workflow disabled, <c>main</c> the default branch (the
/// trend and CI run on its pushes), pr-comment.yml on it (<c>workflow_run</c> runs only the default branch's copy),
/// a way for the baseline bump to open its PR, the <c>gh-pages</c> branch and Pages serving it, and release.yml's
/// nuget.org login. Only GETs: it never changes a setting. What no API shows (nuget.org's trusted publishing policy,
/// a secret's value) and what this login may not read are "cannot tell here", with what to check by hand.
/// </summary>
internal sealed partial class SetupCheck
{
    /// <summary>update-baselines.yml: the token that pushes the bump branch and opens its PR, when set.</summary>
    public const string BaselineTokenSecret = "BASELINE_PR_TOKEN";

    /// <summary>update-baselines.yml: a GitHub App's client ID; with its key, the run mints the bump's token.</summary>
    public const string BaselineAppIdSecret = "BASELINE_PR_APP_CLIENT_ID";

    /// <summary>update-baselines.yml: that GitHub App's private key.</summary>
    public const string BaselineAppKeySecret = "BASELINE_PR_APP_PRIVATE_KEY";

    /// <summary>release.yml: the nuget.org account NuGet/login trades GitHub's OIDC token for.</summary>
    public const string NuGetUserSecret = "NUGET_USER";

    /// <summary>The branch whose pushes run CI and record the trend (benchmarks.yml, ci.yml).</summary>
    public const string PushBranch = "main";

    /// <summary>The branch the trend's data and page are pushed to, and Pages serves (publish-trend.sh).</summary>
    public const string TrendBranch = "gh-pages";

    /// <summary>The workflow that <c>workflow_run</c> starts from the default branch only.</summary>
    public const string CommentWorkflow = ".github/workflows/pr-comment.yml";

    private const string Nothing = "—";

    private readonly Func<string, GitHubAnswer> get;
    private readonly string repo;
    private readonly PinnedActions pins;
    private readonly Dictionary<string, GitHubAnswer> answers = new(StringComparer.Ordinal);
    private GitHubAnswer repository = new(0, default, "");

    /// <summary>Creates the check of <paramref name="repo"/> (OWNER/NAME, already validated).</summary>
    /// <param name="get">GETs a path of the REST API (<see cref="GitHubApi.Get"/>).</param>
    /// <param name="repo">The repository.</param>
    /// <param name="pins">The actions the workflows pin.</param>
    public SetupCheck(Func<string, GitHubAnswer> get, string repo, PinnedActions pins)
    {
        this.get = get;
        this.repo = repo;
        this.pins = pins;
    }

    /// <summary>Every secret the workflows read, each checked by a row.</summary>
    public static IReadOnlyList<string> Secrets { get; } = [BaselineAppIdSecret, BaselineAppKeySecret, BaselineTokenSecret, NuGetUserSecret];

    private bool Admin => this.repository.Flag("permissions", "admin") == true;

    /// <summary>Checks every item, in the order of the setup.</summary>
    /// <exception cref="InputException">The repository cannot be read.</exception>
    public IReadOnlyList<SetupRow> Run()
    {
        this.repository = this.Ask("");
        if (this.repository.Status == 404)
        {
            throw new InputException($"setup-check: no repository {this.repo}, or this gh login cannot see it ({this.repository.Describe()})");
        }

        if (!this.repository.Ok)
        {
            throw new InputException($"setup-check: {this.repo} cannot be read ({this.repository.Describe()})");
        }

        return
        [
            this.ActionsAllowed(),
            this.WorkflowsEnabled(),
            this.DefaultBranch(),
            this.CommentWorkflowOnDefaultBranch(),
            this.BaselineToken(),
            this.TrendBranchExists(),
            this.PagesServesTrendBranch(),
            this.NuGetUser(),
            TrustedPublishing(this.repo),
        ];
    }

    // '*' matches any text, as in GitHub's allowed-actions patterns (monalisa/*, monalisa/octocat@*); owner and
    // repository names are case-insensitive on GitHub.
    internal static bool PatternAllows(string pattern, string action) =>
        Regex.IsMatch(action, "^" + Regex.Escape(pattern).Replace(@"\*", ".*", StringComparison.Ordinal) + "$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);

    private static SetupRow TrustedPublishing(string repo)
    {
        var (owner, name) = (repo[..repo.IndexOf('/', StringComparison.Ordinal)], repo[(repo.IndexOf('/', StringComparison.Ordinal) + 1)..]);
        return new SetupRow(
            "nuget.org trusted publishing policy for `release.yml`",
            SetupState.CannotTell,
            "the policy lives on nuget.org, which no GitHub API shows",
            $"check on nuget.org (your account, Trusted Publishing): a policy with owner {E(owner)}, repository {E(name)}, workflow file `release.yml`");
    }

    private static string E(string text) => MarkdownText.Escape(text);

    private static HashSet<string> SecretNames(GitHubAnswer list) =>
        list.Items("secrets").Select(s => s.TryGetProperty("name", out var n) && n.ValueKind == JsonValueKind.String ? n.GetString()! : "").ToHashSet(StringComparer.Ordinal);

    private GitHubAnswer Ask(string under)
    {
        var path = $"repos/{this.repo}{under}";
        if (!this.answers.TryGetValue(path, out var answer))
        {
            this.answers[path] = answer = this.get(path);
        }

        return answer;
    }

    // Why an answer tells nothing, with the likely cause when this login is no admin (most settings need one).
    private string Unreadable(params GitHubAnswer[] failed) => this.Unreadable(failed.Select(a => a.Describe()));

    private string Unreadable(IEnumerable<string> reasons) =>
        E(string.Join("; ", reasons.Distinct(StringComparer.Ordinal)))
        + (this.Admin ? "" : $"; this login has no admin rights on {E(this.repo)}");

    private SetupRow ActionsAllowed()
    {
        const string Item = "Actions enabled, and allowed to run the workflows' actions";
        const string ByHand = "Settings → Actions → General: Actions enabled, with GitHub's actions and the ones the workflows pin allowed";
        var permissions = this.Ask("/actions/permissions");
        if (!permissions.Ok)
        {
            return new SetupRow(Item, SetupState.CannotTell, this.Unreadable(permissions), ByHand);
        }

        var allowAll = $"`gh api -X PUT repos/{this.repo}/actions/permissions -F enabled=true -f allowed_actions=all`";
        if (permissions.Flag("enabled") != true)
        {
            return new SetupRow(Item, SetupState.Missing, "Actions are disabled for this repository", allowAll);
        }

        return permissions.Text("allowed_actions") switch
        {
            "all" => new SetupRow(Item, SetupState.Set, "Actions enabled, all actions allowed", Nothing),
            "local_only" => new SetupRow(
                Item,
                SetupState.Missing,
                "only local actions may run, and the workflows use GitHub's (`actions/checkout`) and others",
                $"{allowAll} (Settings → Actions → General: Allow all actions, or select the ones the workflows pin)"),
            "selected" => this.SelectedActions(Item, ByHand),
            var other => new SetupRow(Item, SetupState.CannotTell, $"allowed\\_actions is {E(other ?? "not given")}", ByHand),
        };
    }

    private SetupRow SelectedActions(string item, string byHand)
    {
        if (this.pins.Actions is not { } pinned)
        {
            return new SetupRow(item, SetupState.CannotTell, $"only selected actions may run, and {E(this.pins.Problem)} to list the workflows' actions", $"run it from a checkout (`--checkout DIR`), or {byHand}");
        }

        var selected = this.Ask("/actions/permissions/selected-actions");
        if (!selected.Ok)
        {
            return new SetupRow(item, SetupState.CannotTell, "only selected actions may run, and which ones cannot be read: " + this.Unreadable(selected), byHand);
        }

        var githubOwned = selected.Flag("github_owned_allowed") == true;
        var verified = selected.Flag("verified_allowed") == true;
        var patterns = selected.Items("patterns_allowed").Where(p => p.ValueKind == JsonValueKind.String).Select(p => p.GetString()!).ToList();
        var refused = pinned
            .Where(a => !(githubOwned && IsGitHubOwned(a.Name)) && !patterns.Any(p => PatternAllows(p, $"{a.Name}@{a.Sha}")))
            .Select(a => a.Name)
            .ToList();
        if (refused.Count == 0)
        {
            return new SetupRow(item, SetupState.Set, "only selected actions may run, and they include every action the workflows pin", Nothing);
        }

        // The PUT replaces the whole list, so the fix repeats the patterns already there; one it cannot quote safely
        // leaves the fix to the settings page. GitHub's own actions stay allowed: the workflows use actions/checkout.
        var all = patterns.Concat(refused.Select(name => name + "@*")).ToList();
        var fix = all.All(SafeInCode().IsMatch)
            ? $"`gh api -X PUT repos/{this.repo}/actions/permissions/selected-actions -F github_owned_allowed=true -F verified_allowed={(verified ? "true" : "false")} {string.Join(' ', all.Select(p => $"-f \"patterns_allowed[]={p}\""))}`"
            : $"Settings → Actions → General: allow {E(string.Join(", ", refused.Select(name => name + "@*")))}";
        var names = E(string.Join(", ", refused));
        return verified
            ? new SetupRow(item, SetupState.CannotTell, $"allowed only if their creators are verified on GitHub Marketplace: {names}", $"to be sure, allow them by name: {fix}")
            : new SetupRow(item, SetupState.Missing, $"only selected actions may run; not allowed: {names}", fix);

        static bool IsGitHubOwned(string name) =>
            name.StartsWith("actions/", StringComparison.OrdinalIgnoreCase) || name.StartsWith("github/", StringComparison.OrdinalIgnoreCase);
    }

    private SetupRow WorkflowsEnabled()
    {
        const string Item = "Workflows enabled";
        var list = this.Ask("/actions/workflows?per_page=100");
        if (!list.Ok)
        {
            return new SetupRow(Item, SetupState.CannotTell, this.Unreadable(list), "Actions tab: enable any workflow shown as disabled");
        }

        // Pages' own "dynamic/" workflow is GitHub's, not the repository's.
        var ours = list.Items("workflows")
            .Select(w => (Path: Field(w, "path"), State: Field(w, "state")))
            .Where(w => w.Path.StartsWith(".github/workflows/", StringComparison.Ordinal))
            .ToList();
        if (ours.Count == 0)
        {
            return new SetupRow(Item, SetupState.Missing, "GitHub knows no workflow of this repository yet", $"push the workflows to `{PushBranch}`");
        }

        var disabled = ours.Where(w => w.State != "active").Select(w => (File: w.Path[".github/workflows/".Length..], w.State)).ToList();
        return disabled.Count == 0
            ? new SetupRow(Item, SetupState.Set, $"{ours.Count} workflows active", Nothing)
            : new SetupRow(
                Item,
                SetupState.Missing,
                "disabled: " + string.Join(", ", disabled.Select(w => $"{E(w.File)} ({E(w.State)})")),
                string.Join("; ", disabled.Select(w => SafeInCode().IsMatch(w.File) ? $"`gh workflow enable {w.File} --repo {this.repo}`" : $"enable {E(w.File)} in the Actions tab")));

        static string Field(JsonElement e, string name) =>
            e.ValueKind == JsonValueKind.Object && e.TryGetProperty(name, out var v) && v.ValueKind == JsonValueKind.String ? v.GetString()! : "";
    }

    private SetupRow DefaultBranch()
    {
        const string Item = $"Default branch is `{PushBranch}`";
        var branch = this.repository.Text("default_branch") ?? "";
        return branch == PushBranch
            ? new SetupRow(Item, SetupState.Set, $"`{PushBranch}`", Nothing)
            : new SetupRow(
                Item,
                SetupState.Missing,
                $"the default branch is {E(branch)}: pushes to it record no trend and run no CI (benchmarks.yml and ci.yml run on pushes to `{PushBranch}`)",
                $"`gh repo edit {this.repo} --default-branch {PushBranch}` (or name that branch in the workflows)");
    }

    private SetupRow CommentWorkflowOnDefaultBranch()
    {
        const string Item = "`pr-comment.yml` on the default branch (`workflow_run` runs only that copy)";
        var branch = this.repository.Text("default_branch") ?? "";
        var file = this.Ask($"/contents/{CommentWorkflow}?ref={Uri.EscapeDataString(branch)}");
        return file switch
        {
            { Ok: true } => new SetupRow(Item, SetupState.Set, $"on {E(branch)}", Nothing),
            { Status: 404 } => new SetupRow(Item, SetupState.Missing, $"not on {E(branch)}: no pull request gets its performance comment", $"merge `{CommentWorkflow}` into {E(branch)}"),
            _ => new SetupRow(Item, SetupState.CannotTell, this.Unreadable(file), $"check that {E(branch)} has `{CommentWorkflow}`"),
        };
    }

    private SetupRow BaselineToken()
    {
        const string Item = $"Baseline bump can open its PR: a GitHub App (`{BaselineAppIdSecret}`, `{BaselineAppKeySecret}`), secret `{BaselineTokenSecret}`, or \"Allow GitHub Actions to create and approve pull requests\"";
        var setToken = $"`gh secret set {BaselineTokenSecret} --repo {this.repo}` (a fine-grained token for this repository with Contents and Pull requests read and write)";

        // The workflow mints the App's token only when both secrets are set, and then uses it before any other.
        var (appId, appKey) = (this.Secret(BaselineAppIdSecret), this.Secret(BaselineAppKeySecret));
        if (appId.Found == true && appKey.Found == true)
        {
            return new SetupRow(
                Item,
                SetupState.Set,
                $"`{BaselineAppIdSecret}` and `{BaselineAppKeySecret}` are set, so each bump mints a GitHub App token and bump PRs run their checks; their values cannot be read here",
                "check by hand: the App is installed on this repository with Contents and Pull requests read and write");
        }

        if (appId.Found != appKey.Found && appId.Found is not null && appKey.Found is not null)
        {
            var (set, missing) = appId.Found == true ? (BaselineAppIdSecret, BaselineAppKeySecret) : (BaselineAppKeySecret, BaselineAppIdSecret);
            return new SetupRow(
                Item,
                SetupState.Missing,
                $"`{set}` is set without `{missing}`: no App token is minted, and the bump falls back to `{BaselineTokenSecret}` or the built-in token",
                $"`gh secret set {missing} --repo {this.repo}`, or `gh secret delete {set} --repo {this.repo}`");
        }

        var token = this.Secret(BaselineTokenSecret);
        if (token.Found == true)
        {
            return new SetupRow(
                Item,
                SetupState.Set,
                $"`{BaselineTokenSecret}` is {token.Where} secret, so bump PRs run their checks; its value cannot be read here",
                "check by hand: a fine-grained token (or a GitHub App's) for this repository with Contents and Pull requests read and write, not expired");
        }

        var workflow = this.Ask("/actions/permissions/workflow");
        if (workflow.Ok && workflow.Flag("can_approve_pull_request_reviews") == true)
        {
            var which = token.Found == false ? $"no `{BaselineTokenSecret}`" : $"`{BaselineTokenSecret}` cannot be read here";
            return new SetupRow(
                Item,
                SetupState.Set,
                $"{which}; Actions may create pull requests, so the bump opens its PR with the built-in token, and such PRs start no checks (close and reopen one to run them)",
                $"optional: {setToken}, so bump PRs run their checks");
        }

        if (token.Found == false && workflow.Ok)
        {
            var permissions = workflow.Text("default_workflow_permissions") is "write" ? "write" : "read";
            return new SetupRow(
                Item,
                SetupState.Missing,
                $"no `{BaselineTokenSecret}` secret, and Actions may not create pull requests: update-baselines fails at `gh pr create`",
                $"{setToken}, or `gh api -X PUT repos/{this.repo}/actions/permissions/workflow -f default_workflow_permissions={permissions} -F can_approve_pull_request_reviews=true`");
        }

        return new SetupRow(
            Item,
            SetupState.CannotTell,
            this.Unreadable(token.Failed.Concat(workflow.Ok ? [] : [workflow.Describe()])),
            $"Settings → Secrets and variables → Actions: `{BaselineTokenSecret}`, or Settings → Actions → General: \"Allow GitHub Actions to create and approve pull requests\"");
    }

    private SetupRow TrendBranchExists()
    {
        const string Item = $"Branch `{TrendBranch}` (the trend's data and page)";
        var branch = this.Ask($"/branches/{TrendBranch}");
        return branch switch
        {
            { Ok: true } => new SetupRow(Item, SetupState.Set, "exists", Nothing),
            { Status: 404 } => new SetupRow(Item, SetupState.Missing, "not created yet", $"push to `{PushBranch}` once: benchmarks.yml's publish-trend job creates it"),
            _ => new SetupRow(Item, SetupState.CannotTell, this.Unreadable(branch), $"check that the branch `{TrendBranch}` exists"),
        };
    }

    private SetupRow PagesServesTrendBranch()
    {
        const string Item = $"Pages publishes `{TrendBranch}`, folder `/`";
        const string Source = $"-f \"source[branch]={TrendBranch}\" -f \"source[path]=/\"";
        var pages = this.Ask("/pages");
        if (pages.Ok)
        {
            var buildType = pages.Text("build_type");
            var (branch, path) = (pages.Text("source", "branch"), pages.Text("source", "path"));
            if (buildType is null or "legacy" && branch == TrendBranch && path == "/")
            {
                var site = pages.Text("html_url") is { } url ? url.TrimEnd('/') + "/dev/bench/" : "dev/bench/ of the Pages site";
                return new SetupRow(Item, SetupState.Set, $"the trend page is {E(site)}", Nothing);
            }

            var now = buildType == "workflow" ? "Pages publishes from a workflow" : $"Pages publishes {E(branch ?? "no branch")} {E(path ?? "")}".TrimEnd();
            return new SetupRow(Item, SetupState.Missing, $"{now}, not `{TrendBranch}` `/`", $"`gh api -X PUT repos/{this.repo}/pages -f build_type=legacy {Source}`");
        }

        // A 404 says Pages is off, unless this login could not see the site of a private repository.
        return pages.Status == 404 && (this.Admin || this.repository.Flag("private") != true)
            ? new SetupRow(Item, SetupState.Missing, "Pages is off", $"`gh api -X POST repos/{this.repo}/pages {Source}` (once `{TrendBranch}` exists)")
            : new SetupRow(Item, SetupState.CannotTell, this.Unreadable(pages), $"Settings → Pages: Deploy from a branch, `{TrendBranch}`, `/ (root)`");
    }

    private SetupRow NuGetUser()
    {
        const string Item = $"Secret `{NuGetUserSecret}` (release.yml's nuget.org login)";
        var user = this.Secret(NuGetUserSecret);
        return user.Found switch
        {
            true => new SetupRow(Item, SetupState.Set, $"{user.Where} secret", Nothing),
            false => new SetupRow(Item, SetupState.Missing, "release.yml's NuGet login has no user name", $"`gh secret set {NuGetUserSecret} --repo {this.repo} --body \"<nuget.org user name>\"`"),
            null => new SetupRow(Item, SetupState.CannotTell, this.Unreadable(user.Failed), $"Settings → Secrets and variables → Actions: `{NuGetUserSecret}`"),
        };
    }

    // Whether a secret of that name reaches the workflows: the repository's, or the organization's shared with it.
    // Null, with the reasons, when a list that could hold it cannot be read or holds more than one page.
    private (bool? Found, string Where, IReadOnlyList<string> Failed) Secret(string name)
    {
        var failed = new List<string>();
        var lists = new List<(string Where, string Path)> { ("a repository", "/actions/secrets?per_page=100") };
        if (this.repository.Text("owner", "type") == "Organization")
        {
            lists.Add(("an organization", "/actions/organization-secrets?per_page=100"));
        }

        foreach (var (where, path) in lists)
        {
            var list = this.Ask(path);
            if (!list.Ok)
            {
                failed.Add(list.Describe());
                continue;
            }

            var names = SecretNames(list);
            if (names.Contains(name))
            {
                return (true, where, []);
            }

            if (list.Body.ValueKind != JsonValueKind.Object || !list.Body.TryGetProperty("total_count", out var total) || !total.TryGetInt32(out var count) || count > names.Count)
            {
                failed.Add($"{where[(where.IndexOf(' ', StringComparison.Ordinal) + 1)..]} secrets: more than one page, only the first {names.Count} read");
            }
        }

        return failed.Count == 0 ? (false, "", []) : (null, "", failed);
    }

    // Text from GitHub that can go into a command in a code span: nothing in it can end the span, the row or the quotes.
    [GeneratedRegex(@"^[A-Za-z0-9._/@*-]+$")]
    private static partial Regex SafeInCode();
}
