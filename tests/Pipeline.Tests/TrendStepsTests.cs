using System.Globalization;
using System.Text;
using System.Text.Json.Nodes;

namespace Pipeline.Tests;

/// <summary>
/// benchmarks.yml's publish-trend job after the action has updated gh-pages' data.js: the steps summary is written
/// beside it from the history and the previous steps.json (a local bare repository as the gh-pages remote), each step
/// run with the env the YAML declares, and the page placed afterwards leaves it there; then the steps it has not
/// checked are planned, measured by the confirm-step job's A/B and settled into it.
/// </summary>
public sealed class TrendStepsTests : IDisposable
{
    private const string Summarize = "Summarize the steps in the trend";
    private readonly SimulatedGitHub github;
    private readonly string pages;
    private readonly string parent;
    private readonly string head;

    public TrendStepsTests()
    {
        var origin = OriginRepository.CopyOfThisTree();
        this.parent = origin.Head;
        this.head = origin.Commit("README.md", "\nA change on main.\n", "a commit on main");
        this.github = SimulatedGitHub.ForEvent(origin, "push", "refs/heads/main", this.head, runId: "4");
        this.pages = Path.Combine(this.github.Root, "pages.git");
        ChildProcess.Git(this.github.Root, "init", "-q", "--bare", this.pages);
        this.github.TestEnvironment["TREND_REMOTE"] = this.pages;
    }

    public void Dispose() => this.github.Dispose();

    [Fact]
    public void The_summary_lands_beside_data_js_carries_the_previous_steps_over_and_survives_the_page()
    {
        // As the action leaves gh-pages: its data.js (Reading.Inline steps up at run 40), and the previous summary: the
        // same step, confirmed, and a Reading.Flat step the history does not hold.
        this.SeedPages(("dev/bench/data.js", DataJs()), ("dev/bench/steps.json", PreviousSummary()));
        var job = this.github.Job(WorkflowFile.Load("benchmarks.yml"), "publish-trend");
        foreach (var setup in new[] { "actions/checkout@", "actions/setup-node@", "actions/setup-dotnet@", "actions/cache@", "Policy" })
        {
            Assert.True(job.RunStep(setup).Outcome == "success", job.Step(setup).ToString());
        }

        var summarized = job.RunStep(Summarize);

        Assert.True(summarized.Outcome == "success", summarized.ToString());
        var steps = JsonNode.Parse(this.PagesFile("dev/bench/steps.json"))!["steps"]!.AsArray();
        var inline = steps.Single(s => s!["benchmark"]!.GetValue<string>() == "Reading.Inline")!;
        Assert.Equal("aaaaaaaaaaaa", inline["id"]!.GetValue<string>());
        Assert.Equal("active", inline["state"]!.GetValue<string>());
        Assert.Equal("confirmed", inline["confirmation"]!.GetValue<string>());
        Assert.Equal(Commit(40), inline["commit"]!.GetValue<string>());
        var flat = steps.Single(s => s!["benchmark"]!.GetValue<string>() == "Reading.Flat")!;
        Assert.Equal("withdrawn", flat["state"]!.GetValue<string>());
        Assert.Equal(Commit(59), flat["withdrawn"]!["commit"]!.GetValue<string>());

        // A second look changes nothing; the page placed afterwards keeps the summary.
        var tip = this.PagesTip();
        Assert.True(job.RunStep(Summarize).Outcome == "success");
        Assert.Equal(tip, this.PagesTip());
        var summary = this.PagesFile("dev/bench/steps.json");
        Assert.True(job.RunStep("Build the trend page").Outcome == "success", job.Step("Build the trend page").ToString());
        Assert.True(job.RunStep("Place the trend page").Outcome == "success", job.Step("Place the trend page").ToString());
        Assert.Equal(summary, this.PagesFile("dev/bench/steps.json"));
        Assert.Contains("steps.json", this.PagesFile("dev/bench/index.html"), StringComparison.Ordinal);
    }

    [Fact]
    public void Before_the_first_data_js_there_is_nothing_to_summarize()
    {
        this.SeedPages((".nojekyll", string.Empty));
        var job = this.github.Job(WorkflowFile.Load("benchmarks.yml"), "publish-trend");
        Assert.Equal("success", job.RunStep("actions/checkout@").Outcome);
        var tip = this.PagesTip();

        var summarized = job.RunStep(Summarize);

        Assert.True(summarized.Outcome == "success", summarized.ToString());
        Assert.Contains("no steps to summarize", summarized.Process!.StdOut, StringComparison.Ordinal);
        Assert.Equal(tip, this.PagesTip());
    }

    [Fact]
    public void An_unchecked_step_is_measured_by_the_confirm_step_job_and_settled_into_the_summary()
    {
        // A counted-bytes step at the pushed commit, the point before it at its parent; both commits are the same code
        // to the counters, so the A/B finds the bytes Same and the step is not confirmed.
        const string benchmark = "FilePipes.Benchmarks.SmallFilesBenchmarks.FilePipeReader(File: 4KiB)";
        var os = SimulatedGitHub.RunnerLabel;
        var runs = Enumerable.Range(0, 20).Select(i => string.Create(CultureInfo.InvariantCulture,
            $"{{\"commit\": {{\"id\": \"{(i == 9 ? this.parent : i == 10 ? this.head : Commit(i))}\"}}, \"date\": {1_790_000_000_000L + (i * 3_600_000L)}, \"tool\": \"customSmallerIsBetter\", \"benches\": [{{\"name\": \"{benchmark}\", \"value\": {(i < 10 ? 400 : 472)}, \"unit\": \"B\"}}]}}"));
        this.SeedPages(("dev/bench/data.js", $"window.BENCHMARK_DATA = {{\"lastUpdate\": 1, \"repoUrl\": \"\", \"entries\": {{\"FilePipes counted-bytes ({os})\": [{string.Join(",\n", runs)}]}}}}\n"));
        TinySuite.Apply(this.github);
        // The leg's own filter only: the small files are the cheapest case under callgrind.
        var wrapper = Stubs.Folder(this.github.Root, ("pr-report-leg", "exec scripts/pr-report \"$@\" --rounds 2 --bench-arg --job --bench-arg dry"));
        this.github.TestEnvironment["FILEPIPES_PR_REPORT"] = Stubs.ForBash(Path.Combine(wrapper, "pr-report-leg"));
        var workflow = WorkflowFile.Load("benchmarks.yml");
        var publish = this.github.Job(workflow, "publish-trend");
        foreach (var setup in new[] { "actions/checkout@", "actions/setup-node@", "actions/setup-dotnet@", "actions/cache@", "Policy", Summarize })
        {
            Assert.True(publish.RunStep(setup).Outcome == "success", publish.Step(setup).ToString());
        }

        var planned = publish.RunStep("Plan the step checks");

        Assert.True(planned.Outcome == "success", planned.ToString());
        var leg = Assert.Single(JsonNode.Parse(publish.Outputs["checks"])!.AsArray())!.AsObject();
        Assert.Equal(os, leg["os"]!.GetValue<string>());
        Assert.Equal(this.head, leg["commit"]!.GetValue<string>());
        Assert.Equal(this.parent, leg["base"]!.GetValue<string>());
        Assert.Equal("FilePipes.Benchmarks.SmallFilesBenchmarks.FilePipeReader", leg["methods"]!.GetValue<string>());
        this.github.Contexts["needs.publish-trend.outputs.checks"] = publish.Outputs["checks"];

        var matrix = leg.ToDictionary(pair => pair.Key, pair => pair.Value!.GetValue<string>());
        var check = this.github.Job(workflow, "confirm-step", matrix).Run().AssertSucceeded();
        var name = $"benchguard-step-check-{os}-{this.head}";
        var uploaded = Path.Combine(this.github.ArtifactStore, name, name);
        var measured = JsonNode.Parse(File.ReadAllText(Path.Combine(uploaded, "leg.json")))!;
        Assert.Equal(("confirm", "1", this.parent), (measured["kind"]!.GetValue<string>(), measured["commits"]!.GetValue<string>(), measured["base"]!.GetValue<string>()));
        Assert.True(File.Exists(Path.Combine(uploaded, "counters.json")), string.Join("\n", check.Steps));
        var settle = this.github.Job(workflow, "settle-steps").Run().AssertSucceeded();

        var step = Assert.Single(JsonNode.Parse(this.PagesFile("dev/bench/steps.json"))!["steps"]!.AsArray())!;
        Assert.Equal("not-confirmed", step["confirmation"]!.GetValue<string>());
        Assert.Contains("not-confirmed", settle.Step("Record the checks").Process!.Output, StringComparison.Ordinal);

        // The next run plans nothing for it.
        var next = this.github.Job(workflow, "publish-trend");
        Assert.Equal("success", next.RunStep("actions/checkout@").Outcome);
        Assert.Equal("success", next.RunStep("actions/setup-dotnet@").Outcome);
        Assert.True(next.RunStep("Plan the step checks").Outcome == "success");
        Assert.Equal("[]", next.Outputs["checks"]);
    }

    private static string Commit(int i) => string.Create(CultureInfo.InvariantCulture, $"c{i:D4}000");

    // 60 runs of one suite: Reading.Inline from about 1000 to about 1250 ns at run 40, Reading.Flat about 2000 ns.
    private static string DataJs()
    {
        var runs = Enumerable.Range(0, 60).Select(i => string.Create(CultureInfo.InvariantCulture,
            $"{{\"commit\": {{\"id\": \"{Commit(i)}\"}}, \"date\": {1_790_000_000_000L + (i * 3_600_000L)}, \"tool\": \"customSmallerIsBetter\", \"benches\": [{{\"name\": \"Reading.Inline\", \"value\": {(i < 40 ? 1000 : 1250) + (i % 3)}, \"unit\": \"ns\"}}, {{\"name\": \"Reading.Flat\", \"value\": {2000 + (i % 3)}, \"unit\": \"ns\"}}]}}"));
        return $"window.BENCHMARK_DATA = {{\"lastUpdate\": 1, \"repoUrl\": \"https://github.com/example/FilePipes\", \"entries\": {{\"FilePipes time (ubuntu-latest)\": [{string.Join(",\n", runs)}]}}}}\n";
    }

    private static string PreviousSummary()
    {
        static string Step(string id, string benchmark, int at) => $$"""
            {"id": "{{id}}", "suite": "FilePipes time (ubuntu-latest)", "os": "ubuntu-latest", "metric": "time", "benchmark": "{{benchmark}}",
             "unit": "ns", "kind": "regression", "state": "active", "commit": "{{Commit(at)}}", "date": "2026-09-22T00:00:00Z",
             "medianBefore": 1000, "medianAfter": 1250, "ratio": 1.25, "lower": 1.2, "upper": 1.3, "pointsBefore": {{at}}, "pointsAfter": 10,
             "deterministic": false, "firstSeen": {"commit": "{{Commit(49)}}", "date": "2026-09-23T00:00:00Z", "value": null},
             "withdrawn": null, "confirmation": "confirmed"}
            """;
        return $$"""
            {"schema": 1, "tool": "BenchGuard 0.1.0", "repoUrl": "", "policy": {"minSegment": 5, "minEffect": 0.05, "confidence": 0.99, "sameStepDistance": 5},
             "series": [], "steps": [{{Step("aaaaaaaaaaaa", "Reading.Inline", 40)}}, {{Step("bbbbbbbbbbbb", "Reading.Flat", 30)}}]}
            """;
    }

    private void SeedPages(params (string Path, string Text)[] files)
    {
        var seed = Path.Combine(this.github.Root, "seed");
        ChildProcess.Git(this.github.Root, "init", "-q", "-b", "gh-pages", seed);
        foreach (var (path, text) in files)
        {
            var full = Path.Combine(seed, path);
            Directory.CreateDirectory(Path.GetDirectoryName(full)!);
            File.WriteAllText(full, text, new UTF8Encoding(false));
        }

        ChildProcess.Git(seed, "add", "-A");
        ChildProcess.Git(seed, "commit", "-q", "-m", "the action's data");
        ChildProcess.Git(seed, "push", "-q", this.pages, "HEAD:refs/heads/gh-pages");
    }

    private string PagesFile(string path) =>
        ChildProcess.Git(this.github.Root, "--git-dir", this.pages, "show", "gh-pages:" + path);

    private string PagesTip() =>
        ChildProcess.Git(this.github.Root, "--git-dir", this.pages, "rev-parse", "gh-pages").Trim();
}
