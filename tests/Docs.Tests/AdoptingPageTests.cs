using System.Text.Json;
using System.Text.RegularExpressions;
using Markdig;
using Markdig.Syntax;
using YamlDotNet.RepresentationModel;

namespace Docs.Tests;

/// <summary>
/// docs/adopting.md's workflow is one an adopter copies: it must be YAML, and every action in it pinned to the commit
/// and version this repository's workflows use (scripts/workflow-lint/action-pins.json), never typed from memory.
/// </summary>
public sealed partial class AdoptingPageTests
{
    [Fact]
    public void The_workflow_parses_and_pins_every_action_as_this_repository_does()
    {
        var blocks = Markdown.Parse(RepositoryFiles.Read("docs/adopting.md"))
            .Descendants<FencedCodeBlock>()
            .Where(b => b.Info == "yaml")
            .Select(b => b.Lines.ToString())
            .ToList();
        var workflow = Assert.Single(blocks);
        var yaml = new YamlStream();
        yaml.Load(new StringReader(workflow));
        Assert.IsType<YamlMappingNode>(yaml.Documents[0].RootNode);

        using var pins = JsonDocument.Parse(RepositoryFiles.Read("scripts/workflow-lint/action-pins.json"));
        var actions = pins.RootElement.GetProperty("actions");
        var uses = Uses().Matches(workflow);
        Assert.NotEmpty(uses);
        foreach (Match use in uses)
        {
            var name = use.Groups["action"].Value;
            Assert.True(actions.TryGetProperty(name, out var pin), $"{name} is not an action this repository pins");
            Assert.Equal(pin.GetProperty("sha").GetString(), use.Groups["sha"].Value);
            Assert.Equal(pin.GetProperty("version").GetString(), use.Groups["version"].Value);
        }

        // Only the pinned form: no uses: line without a SHA and its version comment.
        Assert.Equal(uses.Count, workflow.Split('\n').Count(line => line.TrimStart().StartsWith("- uses:", StringComparison.Ordinal)));
    }

    [GeneratedRegex(@"- uses: (?<action>[\w.-]+/[\w.-]+)@(?<sha>[0-9a-f]{40}) # (?<version>v[\w.]+)")]
    private static partial Regex Uses();
}
