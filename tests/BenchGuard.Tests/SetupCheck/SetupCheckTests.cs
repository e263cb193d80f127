using System.Text.RegularExpressions;
using Markdig;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.SetupCheck;

/// <summary>
/// <c>setup-check --repo OWNER/NAME</c>: the pipeline's one-time setup on GitHub (docs/pipeline.md, "First-time setup"),
/// read with <c>gh api</c> and shown as one table, each item set, missing (with its fix) or to check by hand. The
/// GitHub answers are in the REST API's documented shapes, served by a stand-in gh on PATH (<see cref="FakeGh"/>).
/// </summary>
public sealed partial class SetupCheckTests : IDisposable
{
    private const string Repo = "octo-org/FilePipes";
    private const string NotOnWindows = "the stand-in gh is a shell script, which Windows cannot start by the name gh";

    private readonly FakeGh gh = new();

    public SetupCheckTests()
    {
        // Everything set, as a repository that followed the setup would answer.
        this.gh.Answer($"repos/{Repo}", 200, """
            {"id":1,"name":"FilePipes","full_name":"octo-org/FilePipes","private":false,"owner":{"login":"octo-org","type":"Organization"},
             "html_url":"https://github.com/octo-org/FilePipes","default_branch":"main",
             "permissions":{"admin":true,"maintain":true,"push":true,"triage":true,"pull":true}}
            """);
        this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """
            {"enabled":true,"allowed_actions":"all","selected_actions_url":"https://api.github.com/repos/octo-org/FilePipes/actions/permissions/selected-actions"}
            """);
        this.gh.Answer($"repos/{Repo}/actions/workflows?per_page=100", 200, Workflows(("ci.yml", "active"), ("pr-comment.yml", "active")));
        this.gh.Answer($"repos/{Repo}/contents/.github/workflows/pr-comment.yml?ref=main", 200, """
            {"type":"file","encoding":"base64","size":2518,"name":"pr-comment.yml","path":".github/workflows/pr-comment.yml","sha":"3d3c42e5aac5ba805825da76410c181273ba90b1"}
            """);
        this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("BASELINE_PR_TOKEN", "NUGET_USER"));
        this.gh.Answer($"repos/{Repo}/actions/organization-secrets?per_page=100", 200, Secrets());
        this.gh.Answer($"repos/{Repo}/actions/permissions/workflow", 200, """
            {"default_workflow_permissions":"read","can_approve_pull_request_reviews":false}
            """);
        this.gh.Answer($"repos/{Repo}/branches/gh-pages", 200, """
            {"name":"gh-pages","commit":{"sha":"a60cea5bc7b49e15c1f58f411161f99e0df48372"},"protected":false}
            """);
        this.gh.Answer($"repos/{Repo}/pages", 200, Pages("legacy", "gh-pages", "/"));
    }

    public static TheoryData<string, string, string, string> MissingItems => new()
    {
        // case, the item's row (a word of its first cell), what the status says, what the fix says
        { "actions disabled", "Actions enabled", "Actions are disabled", "enabled=true" },
        { "local actions only", "Actions enabled", "only local actions", "Allow all actions" },
        { "selected actions without the benchmark action", "Actions enabled", "not allowed: benchmark-action/github-action-benchmark, NuGet/login", "patterns_allowed[]=benchmark-action/github-action-benchmark@*" },
        { "no workflow known", "Workflows", "GitHub knows no workflow of this repository yet", "push the workflows to main" },
        { "a workflow disabled", "Workflows", "disabled: ci.yml (disabled_inactivity)", "gh workflow enable ci.yml --repo octo-org/FilePipes" },
        { "another default branch", "Default branch", "the default branch is trunk", "gh repo edit octo-org/FilePipes --default-branch main" },
        { "pr-comment not on the default branch", "pr-comment.yml", "not on main", "merge .github/workflows/pr-comment.yml into main" },
        { "no token and no permission", "BASELINE_PR_TOKEN", "no BASELINE_PR_TOKEN secret, and Actions may not create pull requests", "can_approve_pull_request_reviews=true" },
        { "half a GitHub App", "BASELINE_PR_TOKEN", "BASELINE_PR_APP_CLIENT_ID is set without BASELINE_PR_APP_PRIVATE_KEY: no App token is minted", "gh secret set BASELINE_PR_APP_PRIVATE_KEY --repo octo-org/FilePipes" },
        { "no gh-pages", "Branch gh-pages", "not created yet", "push to main once" },
        { "Pages off", "Pages", "Pages is off", "gh api -X POST repos/octo-org/FilePipes/pages -f \"source[branch]=gh-pages\" -f \"source[path]=/\"" },
        { "Pages from another branch", "Pages", "Pages publishes main /docs", "gh api -X PUT repos/octo-org/FilePipes/pages -f build_type=legacy -f \"source[branch]=gh-pages\" -f \"source[path]=/\"" },
        { "Pages from a workflow", "Pages", "Pages publishes from a workflow", "build_type=legacy" },
        { "no NUGET_USER", "NUGET_USER", "release.yml's NuGet login has no user name", "gh secret set NUGET_USER --repo octo-org/FilePipes --body" },
    };

    [Fact]
    public void AllSetIsOneTableWithOnlyNuGetToCheckByHandAndExitsZero()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);

        var run = this.gh.Run("--repo", Repo);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        Assert.Equal("", run.Error);
        var rows = Table(run.Out);
        Assert.Equal(9, rows.Count);
        Assert.All(rows.Where(r => !r.Item.Contains("trusted publishing", StringComparison.Ordinal)), r => Assert.StartsWith("set", r.Status, StringComparison.Ordinal));
        var nuget = Row(rows, "trusted publishing");
        Assert.StartsWith("cannot tell here: the policy lives on nuget.org", nuget.Status, StringComparison.Ordinal);
        Assert.Contains("owner octo-org, repository FilePipes, workflow file release.yml", nuget.Fix, StringComparison.Ordinal);
        Assert.Contains("bump PRs run their checks", Row(rows, "BASELINE_PR_TOKEN").Status, StringComparison.Ordinal);
        Assert.Contains("https://octo-org.github.io/FilePipes/dev/bench/", Row(rows, "Pages").Status, StringComparison.Ordinal);
        Assert.EndsWith("8 set, 0 missing, 1 to check by hand\n", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void ItOnlyReads()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);

        this.gh.Run("--repo", Repo);

        // Each call is one GET (gh api without -X, -f or -F), each path asked once; the organization's secrets are
        // asked for once, since the repository's hold no GitHub App.
        Assert.Equal(
            [
                "", "/actions/permissions", "/actions/workflows?per_page=100", "/contents/.github/workflows/pr-comment.yml?ref=main",
                "/actions/secrets?per_page=100", "/actions/organization-secrets?per_page=100", "/branches/gh-pages", "/pages",
            ],
            this.gh.Calls.Select(call => call.StartsWith($"api --include repos/{Repo}", StringComparison.Ordinal) ? call[$"api --include repos/{Repo}".Length..] : call));
    }

    [Theory]
    [MemberData(nameof(MissingItems))]
    public void EachMissingItemIsNamedWithItsFixAndExitsOne(string missing, string row, string status, string fix)
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.Break(missing);

        var run = this.gh.Run("--repo", Repo, "--checkout", RepositoryRoot.Path);

        Assert.True(run.ExitCode == 1, run.Out + run.Error);
        var rows = Table(run.Out);
        var broken = Row(rows, row);
        Assert.StartsWith("missing: ", broken.Status, StringComparison.Ordinal);
        Assert.Contains(status, broken.Status, StringComparison.Ordinal);
        Assert.Contains(fix, broken.Fix, StringComparison.Ordinal);
        // The rest stays as it was: one item missing is one row missing (another default branch is also checked for
        // pr-comment.yml on it, answered here).
        Assert.Single(rows, r => r.Status.StartsWith("missing", StringComparison.Ordinal));
        Assert.Contains("1 missing", run.Out, StringComparison.Ordinal);
    }

    public static TheoryData<string, string, string, string> OtherStates => new()
    {
        // case, the row, what its status says, what its fix says
        { "allowed actions unknown", "Actions enabled", "cannot tell here: allowed_actions is not given", "Settings → Actions → General" },
        { "selected actions unreadable", "Actions enabled", "cannot tell here: only selected actions may run, and which ones cannot be read: HTTP 403: Must have admin rights to Repository.", "Settings → Actions → General" },
        { "selected actions with a pattern the fix cannot quote", "Actions enabled", "missing: only selected actions may run; not allowed: benchmark-action/github-action-benchmark, NuGet/login", "Settings → Actions → General: allow benchmark-action/github-action-benchmark@*, NuGet/login@*" },
        { "workflows unreadable", "Workflows", "cannot tell here: HTTP 500: Server Error", "Actions tab: enable any workflow shown as disabled" },
        { "contents unreadable", "pr-comment.yml", "cannot tell here: HTTP 500: Server Error", "check that main has .github/workflows/pr-comment.yml" },
        { "gh-pages unreadable", "Branch gh-pages", "cannot tell here: HTTP 500: Server Error", "check that the branch gh-pages exists" },
        { "Pages unreadable", "Pages", "cannot tell here: HTTP 500: Server Error", "Settings → Pages: Deploy from a branch, gh-pages, / (root)" },
        { "Pages without its address", "Pages", "set: the trend page is dev/bench/ of the Pages site", "—" },
        { "more secrets than one page", "NUGET_USER", "cannot tell here: repository secrets: more than one page, only the first 2 read", "Settings → Secrets and variables → Actions: NUGET_USER" },
        { "secrets unreadable, built-in token allowed", "BASELINE_PR_TOKEN", "set: BASELINE_PR_TOKEN cannot be read here; Actions may create pull requests", "optional: gh secret set BASELINE_PR_TOKEN" },
        { "secrets and permissions unreadable", "BASELINE_PR_TOKEN", "cannot tell here: HTTP 500: Server Error; HTTP 502: Bad Gateway", "Settings → Secrets and variables → Actions: BASELINE_PR_TOKEN, or Settings → Actions → General: \"Allow GitHub Actions to create and approve pull requests\"" },
        { "a repository secret", "NUGET_USER", "set: a repository secret", "—" },
        { "a GitHub App", "BASELINE_PR_TOKEN", "set: BASELINE_PR_APP_CLIENT_ID and BASELINE_PR_APP_PRIVATE_KEY are set, so each bump mints a GitHub App token", "check by hand: the App is installed on this repository with Contents and Pull requests read and write" },
        { "a GitHub App's key in the organization", "BASELINE_PR_TOKEN", "set: BASELINE_PR_APP_CLIENT_ID and BASELINE_PR_APP_PRIVATE_KEY are set", "check by hand" },
    };

    [Theory]
    [MemberData(nameof(OtherStates))]
    public void WhatCannotBeToldIsSaidWithWhyAndWhatToCheck(string state, string row, string status, string fix)
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.Break(state);

        var run = this.gh.Run("--repo", Repo, "--checkout", RepositoryRoot.Path);

        var found = Row(Table(run.Out), row);
        Assert.StartsWith(status, found.Status, StringComparison.Ordinal);
        Assert.StartsWith(fix, found.Fix, StringComparison.Ordinal);
        Assert.Equal(status.StartsWith("missing", StringComparison.Ordinal) ? 1 : 0, run.ExitCode);
    }

    [Fact]
    public void GhFailingBeforeGitHubAnswersIsOneLineAndExitTwo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.FailEveryCall(1, "error connecting to api.github.com\ncheck your internet connection or https://githubstatus.com");

        var run = this.gh.Run("--repo", Repo);

        run.AssertBadInput("setup-check: gh api repos/octo-org/FilePipes failed: error connecting to api.github.com");
    }

    [Fact]
    public void ARepositoryThatCannotBeReadIsOneLineAndExitTwo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}", 403, """{"message":"Resource protected by organization SAML enforcement."}""");

        var run = this.gh.Run("--repo", Repo);

        run.AssertBadInput("setup-check: octo-org/FilePipes cannot be read (HTTP 403: Resource protected by organization SAML enforcement.)");
    }

    [Fact]
    public void WithoutTheTokenTheBuiltInTokenWillDoAndItsPrsGetNoChecks()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("NUGET_USER"));
        this.gh.Answer($"repos/{Repo}/actions/permissions/workflow", 200, """{"default_workflow_permissions":"read","can_approve_pull_request_reviews":true}""");

        var run = this.gh.Run("--repo", Repo);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        var row = Row(Table(run.Out), "BASELINE_PR_TOKEN");
        Assert.StartsWith("set: no BASELINE_PR_TOKEN; Actions may create pull requests", row.Status, StringComparison.Ordinal);
        Assert.Contains("start no checks", row.Status, StringComparison.Ordinal);
        Assert.Contains("gh secret set BASELINE_PR_TOKEN --repo octo-org/FilePipes", row.Fix, StringComparison.Ordinal);
    }

    [Fact]
    public void AnOrganizationSecretCountsAsSet()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets());
        this.gh.Answer($"repos/{Repo}/actions/organization-secrets?per_page=100", 200, Secrets("BASELINE_PR_TOKEN", "NUGET_USER"));

        var run = this.gh.Run("--repo", Repo);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        Assert.StartsWith("set: BASELINE_PR_TOKEN is an organization secret", Row(Table(run.Out), "BASELINE_PR_TOKEN").Status, StringComparison.Ordinal);
        Assert.StartsWith("set: an organization secret", Row(Table(run.Out), "NUGET_USER").Status, StringComparison.Ordinal);
    }

    [Fact]
    public void SelectedActionsThatAllowEveryPinnedActionAreSet()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"selected"}""");
        this.gh.Answer($"repos/{Repo}/actions/permissions/selected-actions", 200, """
            {"github_owned_allowed":true,"verified_allowed":false,"patterns_allowed":["benchmark-action/*","nuget/login@*"]}
            """);

        var run = this.gh.Run("--repo", Repo, "--checkout", RepositoryRoot.Path);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        Assert.StartsWith("set: only selected actions may run, and they include every action the workflows pin", Row(Table(run.Out), "Actions enabled").Status, StringComparison.Ordinal);
    }

    [Fact]
    public void SelectedActionsLeftToVerifiedCreatorsCannotBeTold()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"selected"}""");
        this.gh.Answer($"repos/{Repo}/actions/permissions/selected-actions", 200, """
            {"github_owned_allowed":true,"verified_allowed":true,"patterns_allowed":["benchmark-action/github-action-benchmark@*"]}
            """);

        var run = this.gh.Run("--repo", Repo, "--checkout", RepositoryRoot.Path);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        var row = Row(Table(run.Out), "Actions enabled");
        Assert.Equal("cannot tell here: allowed only if their creators are verified on GitHub Marketplace: NuGet/login", row.Status);
        Assert.Equal($"to be sure, allow them by name: gh api -X PUT repos/{Repo}/actions/permissions/selected-actions -F github_owned_allowed=true -F verified_allowed=true -f \"patterns_allowed[]=benchmark-action/github-action-benchmark@*\" -f \"patterns_allowed[]=NuGet/login@*\"", row.Fix);
    }

    [Fact]
    public void SelectedActionsWithoutTheListOfPinnedActionsCannotBeTold()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"selected"}""");
        this.gh.Answer($"repos/{Repo}/actions/permissions/selected-actions", 200, """{"github_owned_allowed":true,"verified_allowed":false,"patterns_allowed":[]}""");
        using var empty = new TempFolder();

        var run = this.gh.Run("--repo", Repo, "--checkout", empty.Path);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        Assert.StartsWith("cannot tell here: only selected actions may run, and there is no ", Row(Table(run.Out), "Actions enabled").Status, StringComparison.Ordinal);
    }

    [Fact]
    public void SettingsALoginWithoutAdminRightsCannotReadAreToCheckByHandNotMissing()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}", 200, """
            {"full_name":"octo-org/FilePipes","private":true,"owner":{"login":"octo-org","type":"Organization"},"default_branch":"main",
             "permissions":{"admin":false,"maintain":false,"push":true,"triage":true,"pull":true}}
            """);
        const string Forbidden = """{"message":"Must have admin rights to Repository.","documentation_url":"https://docs.github.com/rest","status":"403"}""";
        foreach (var path in new[] { "actions/permissions", "actions/workflows?per_page=100", "actions/secrets?per_page=100", "actions/organization-secrets?per_page=100", "actions/permissions/workflow" })
        {
            this.gh.Answer($"repos/{Repo}/{path}", 403, Forbidden);
        }

        this.gh.NotFound($"repos/{Repo}/pages");

        var run = this.gh.Run("--repo", Repo);

        Assert.True(run.ExitCode == 0, run.Out + run.Error);
        var rows = Table(run.Out);
        foreach (var (item, check) in new[]
        {
            ("Actions enabled", "Settings → Actions → General"), ("Workflows", "Actions tab"), ("BASELINE_PR_TOKEN", "Settings → Secrets and variables → Actions"),
            ("NUGET_USER", "Settings → Secrets and variables → Actions"), ("Pages", "Settings → Pages"),
        })
        {
            var row = Row(rows, item);
            Assert.StartsWith("cannot tell here: ", row.Status, StringComparison.Ordinal);
            Assert.Contains("this login has no admin rights on octo-org/FilePipes", row.Status, StringComparison.Ordinal);
            Assert.StartsWith(check, row.Fix, StringComparison.Ordinal);
        }

        Assert.Contains("HTTP 403: Must have admin rights to Repository.", Row(rows, "NUGET_USER").Status, StringComparison.Ordinal);
        Assert.EndsWith("3 set, 0 missing, 6 to check by hand\n", run.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void ARefusedTokenIsOneLineAndExitTwo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.Answer($"repos/{Repo}", 401, """{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}""");

        var run = this.gh.Run("--repo", Repo);

        run.AssertBadInput("setup-check: gh's login was refused (HTTP 401: Bad credentials): run gh auth login");
        Assert.Equal("", run.Out);
    }

    [Fact]
    public void NoLoginIsOneLineAndExitTwo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        this.gh.FailEveryCall(4, "To get started with GitHub CLI, please run:  gh auth login\nAlternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.");

        var run = this.gh.Run("--repo", Repo);

        run.AssertBadInput("setup-check: gh is not logged in (To get started with GitHub CLI, please run:  gh auth login): run gh auth login, or set GH_TOKEN");
    }

    [Fact]
    public void AnUnknownRepositoryIsOneLineAndExitTwo()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);

        var run = this.gh.Run("--repo", "octo-org/Other");

        run.AssertBadInput("setup-check: no repository octo-org/Other, or this gh login cannot see it (HTTP 404: Not Found)");
    }

    [Fact]
    public void WithoutGhItIsOneLineAndExitTwo()
    {
        using var empty = new TempFolder();

        var run = FakeGh.WithPath(empty.Path, "--repo", Repo);

        run.AssertBadInput("setup-check: gh (the GitHub CLI) cannot be started: install it (https://cli.github.com) and run gh auth login");
    }

    [Theory]
    [InlineData(new string[0], "setup-check: option --repo is required")]
    [InlineData(new[] { "--repo", "FilePipes" }, "setup-check: --repo must be OWNER/NAME, not 'FilePipes'")]
    [InlineData(new[] { "--repo", "octo-org/File Pipes" }, "setup-check: --repo must be OWNER/NAME, not 'octo-org/File Pipes'")]
    [InlineData(new[] { "--repo", "octo-org/.." }, "setup-check: --repo must be OWNER/NAME, not 'octo-org/..'")]
    [InlineData(new[] { "--repo", Repo, "--fix" }, "error: Unrecognized command or argument '--fix'. (see benchguard setup-check --help)")]
    public void BadUsageIsOneLineAndExitTwo(string[] args, string expected)
    {
        var run = this.gh.Run(args);

        run.AssertBadInput(expected);
        Assert.Empty(this.gh.Calls);
    }

    [Fact]
    public void TextFromGitHubCannotBreakTheTable()
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), NotOnWindows);
        const string Branch = "x|y`z<b>\n";
        this.gh.Answer($"repos/{Repo}", 200, $$$"""
            {"full_name":"octo-org/FilePipes","private":false,"owner":{"login":"octo-org","type":"User"},"default_branch":{{{System.Text.Json.JsonSerializer.Serialize(Branch)}}},
             "permissions":{"admin":true}}
            """);

        var run = this.gh.Run("--repo", Repo);

        Assert.True(run.ExitCode == 1, run.Out + run.Error);
        var rows = Table(run.Out);
        Assert.Equal(9, rows.Count);
        Assert.Equal($"missing: the default branch is {Branch.Replace('\n', '\u240a')}: pushes to it record no trend and run no CI (benchmarks.yml and ci.yml run on pushes to main)", Row(rows, "Default branch").Status);
        Assert.DoesNotContain("<b>", Markdown.ToHtml(run.Out, new MarkdownPipelineBuilder().UseAdvancedExtensions().Build()), StringComparison.Ordinal);
    }

    [Fact]
    public void EverySecretTheWorkflowsReadIsChecked()
    {
        // A workflow that starts reading another secret needs a row here, or the setup check would call a setup complete
        // that is not.
        var workflows = Path.Combine(RepositoryRoot.Path, ".github", "workflows");
        var read = Directory.GetFiles(workflows, "*.yml")
            .SelectMany(file => SecretReference().Matches(File.ReadAllText(file)).Select(m => m.Groups[1].Value))
            .ToHashSet(StringComparer.Ordinal);

        Assert.Equal(read.Order(StringComparer.Ordinal), BenchGuard.Setup.SetupCheck.Secrets.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void TheBranchesItChecksAreTheWorkflows()
    {
        var benchmarks = File.ReadAllText(Path.Combine(RepositoryRoot.Path, ".github", "workflows", "benchmarks.yml"));

        Assert.Contains($"branches: [{BenchGuard.Setup.SetupCheck.PushBranch}]", benchmarks, StringComparison.Ordinal);
        Assert.Contains($"github.ref == 'refs/heads/{BenchGuard.Setup.SetupCheck.PushBranch}'", benchmarks, StringComparison.Ordinal);
        Assert.All(
            Regex.Matches(benchmarks, @"gh-pages-branch: (\S+)").Select(m => m.Groups[1].Value),
            branch => Assert.Equal(BenchGuard.Setup.SetupCheck.TrendBranch, branch));
        Assert.Contains($"branch=${{TREND_BRANCH:-{BenchGuard.Setup.SetupCheck.TrendBranch}}}", File.ReadAllText(Path.Combine(RepositoryRoot.Path, "scripts", "publish-trend.sh")), StringComparison.Ordinal);
    }

    public void Dispose() => this.gh.Dispose();

    private static string Workflows(params (string File, string State)[] states) =>
        "{\"total_count\":" + (states.Length + 1) + ",\"workflows\":["
        + string.Join(",", states.Select((s, i) => $"{{\"id\":{i + 1},\"name\":\"{Path.GetFileNameWithoutExtension(s.File)}\",\"path\":\".github/workflows/{s.File}\",\"state\":\"{s.State}\"}}"))
        + ",{\"id\":99,\"name\":\"pages-build-deployment\",\"path\":\"dynamic/pages/pages-build-deployment\",\"state\":\"active\"}]}";

    private static string Secrets(params string[] names) =>
        "{\"total_count\":" + names.Length + ",\"secrets\":["
        + string.Join(",", names.Select(n => $"{{\"name\":\"{n}\",\"created_at\":\"2026-01-10T10:00:00Z\",\"updated_at\":\"2026-01-10T10:00:00Z\"}}"))
        + "]}";

    private static string Pages(string buildType, string branch, string path) =>
        $$"""{"url":"https://api.github.com/repos/octo-org/FilePipes/pages","status":"built","cname":null,"custom_404":false,"html_url":"https://octo-org.github.io/FilePipes/","build_type":"{{buildType}}","source":{"branch":"{{branch}}","path":"{{path}}"},"public":true,"https_enforced":true}""";

    // The table's rows as plain text: cells split at unescaped pipes, then read as Markdown.
    private static List<(string Item, string Status, string Fix)> Table(string output)
    {
        var lines = output.Split('\n').Where(l => l.StartsWith('|')).ToList();
        Assert.True(lines.Count >= 2, output);
        Assert.Equal("| Setup item | Status | What to do |", lines[0]);
        return lines.Skip(2).Select(line =>
        {
            var cells = UnescapedPipe().Split(line.Trim().Trim('|'));
            Assert.Equal(3, cells.Length);
            string Text(string cell) => Markdown.ToPlainText(cell.Trim()).Trim().Replace("\u2060", "", StringComparison.Ordinal);
            return (Text(cells[0]), Text(cells[1]), Text(cells[2]));
        }).ToList();
    }

    private static (string Item, string Status, string Fix) Row(List<(string Item, string Status, string Fix)> rows, string word) =>
        Assert.Single(rows, r => r.Item.Contains(word, StringComparison.Ordinal));

    private void Break(string missing)
    {
        switch (missing)
        {
            case "actions disabled":
                this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":false}""");
                break;
            case "local actions only":
                this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"local_only"}""");
                break;
            case "selected actions without the benchmark action":
                this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"selected"}""");
                this.gh.Answer($"repos/{Repo}/actions/permissions/selected-actions", 200, """{"github_owned_allowed":true,"verified_allowed":false,"patterns_allowed":["benchmark-action/other@*"]}""");
                break;
            case "no workflow known":
                this.gh.Answer($"repos/{Repo}/actions/workflows?per_page=100", 200, """{"total_count":1,"workflows":[{"id":99,"name":"pages-build-deployment","path":"dynamic/pages/pages-build-deployment","state":"active"}]}""");
                break;
            case "allowed actions unknown":
                this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true}""");
                break;
            case "selected actions unreadable":
                this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"selected"}""");
                this.gh.Answer($"repos/{Repo}/actions/permissions/selected-actions", 403, """{"message":"Must have admin rights to Repository."}""");
                break;
            case "selected actions with a pattern the fix cannot quote":
                this.gh.Answer($"repos/{Repo}/actions/permissions", 200, """{"enabled":true,"allowed_actions":"selected"}""");
                this.gh.Answer($"repos/{Repo}/actions/permissions/selected-actions", 200, """{"github_owned_allowed":true,"verified_allowed":false,"patterns_allowed":["it's/odd@*"]}""");
                break;
            case "workflows unreadable":
                this.gh.Answer($"repos/{Repo}/actions/workflows?per_page=100", 500, """{"message":"Server Error"}""");
                break;
            case "contents unreadable":
                this.gh.Answer($"repos/{Repo}/contents/.github/workflows/pr-comment.yml?ref=main", 500, """{"message":"Server Error"}""");
                break;
            case "gh-pages unreadable":
                this.gh.Answer($"repos/{Repo}/branches/gh-pages", 500, """{"message":"Server Error"}""");
                break;
            case "Pages unreadable":
                this.gh.Answer($"repos/{Repo}/pages", 500, """{"message":"Server Error"}""");
                break;
            case "Pages without its address":
                this.gh.Answer($"repos/{Repo}/pages", 200, """{"status":null,"build_type":"legacy","source":{"branch":"gh-pages","path":"/"}}""");
                break;
            case "more secrets than one page":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("BASELINE_PR_TOKEN", "OTHER").Replace("\"total_count\":2", "\"total_count\":102", StringComparison.Ordinal));
                break;
            case "secrets unreadable, built-in token allowed":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 500, """{"message":"Server Error"}""");
                this.gh.Answer($"repos/{Repo}/actions/permissions/workflow", 200, """{"default_workflow_permissions":"read","can_approve_pull_request_reviews":true}""");
                break;
            case "secrets and permissions unreadable":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 500, """{"message":"Server Error"}""");
                this.gh.Answer($"repos/{Repo}/actions/permissions/workflow", 502, """{"message":"Bad Gateway"}""");
                break;
            case "a repository secret":
                break;
            case "a GitHub App":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("BASELINE_PR_APP_CLIENT_ID", "BASELINE_PR_APP_PRIVATE_KEY", "NUGET_USER"));
                break;
            case "a GitHub App's key in the organization":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("BASELINE_PR_APP_CLIENT_ID", "NUGET_USER"));
                this.gh.Answer($"repos/{Repo}/actions/organization-secrets?per_page=100", 200, Secrets("BASELINE_PR_APP_PRIVATE_KEY"));
                break;
            case "half a GitHub App":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("BASELINE_PR_APP_CLIENT_ID", "BASELINE_PR_TOKEN", "NUGET_USER"));
                break;
            case "a workflow disabled":
                this.gh.Answer($"repos/{Repo}/actions/workflows?per_page=100", 200, Workflows(("ci.yml", "disabled_inactivity"), ("pr-comment.yml", "active")));
                break;
            case "another default branch":
                this.gh.Answer($"repos/{Repo}", 200, """
                    {"full_name":"octo-org/FilePipes","private":false,"owner":{"login":"octo-org","type":"Organization"},"default_branch":"trunk","permissions":{"admin":true}}
                    """);
                this.gh.Answer($"repos/{Repo}/contents/.github/workflows/pr-comment.yml?ref=trunk", 200, """{"type":"file","name":"pr-comment.yml"}""");
                break;
            case "pr-comment not on the default branch":
                this.gh.NotFound($"repos/{Repo}/contents/.github/workflows/pr-comment.yml?ref=main");
                break;
            case "no token and no permission":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("NUGET_USER"));
                break;
            case "no gh-pages":
                this.gh.NotFound($"repos/{Repo}/branches/gh-pages");
                break;
            case "Pages off":
                this.gh.NotFound($"repos/{Repo}/pages");
                break;
            case "Pages from another branch":
                this.gh.Answer($"repos/{Repo}/pages", 200, Pages("legacy", "main", "/docs"));
                break;
            case "Pages from a workflow":
                this.gh.Answer($"repos/{Repo}/pages", 200, """{"url":"https://api.github.com/repos/octo-org/FilePipes/pages","status":"built","html_url":"https://octo-org.github.io/FilePipes/","build_type":"workflow","public":true}""");
                break;
            case "no NUGET_USER":
                this.gh.Answer($"repos/{Repo}/actions/secrets?per_page=100", 200, Secrets("BASELINE_PR_TOKEN"));
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(missing), missing, null);
        }
    }

    [GeneratedRegex(@"\bsecrets\.([A-Za-z0-9_]+)")]
    private static partial Regex SecretReference();

    [GeneratedRegex(@"(?<!\\)\|")]
    private static partial Regex UnescapedPipe();
}
