using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml.Linq;

namespace Pipeline.Tests;

/// <summary>
/// The Stryker configurations (docs/mutation-testing.md) name projects that exist, so a renamed project or framework
/// breaks this test instead of the weekly mutation run. Stryker itself is too slow for .ci/run.
/// </summary>
public sealed partial class MutationConfigTests
{
    private static readonly string[] Configured = ["FilePipes.Tests", "BenchGuard.Tests"];

    public static TheoryData<string> TestProjects => new(Configured);

    [Theory]
    [MemberData(nameof(TestProjects))]
    public void TheConfigMutatesAProjectTheTestProjectReferences(string testProject)
    {
        var folder = Path.Combine(RepositoryRoot.Path, "tests", testProject);
        var config = ReadConfig(folder);

        var project = config.GetProperty("project").GetString();
        var references = XDocument.Load(Path.Combine(folder, testProject + ".csproj"))
            .Descendants("ProjectReference")
            .Select(r => Path.GetFullPath(Path.Combine(folder, r.Attribute("Include")!.Value.Replace('\\', '/'))))
            .ToList();
        var mutated = Assert.Single(references, r => Path.GetFileName(r) == project);
        Assert.True(File.Exists(mutated), mutated);

        // A framework the project does not build would make Stryker pick one at random.
        if (config.TryGetProperty("target-framework", out var framework))
        {
            Assert.Contains(framework.GetString()!, Frameworks(mutated));
            Assert.Contains(framework.GetString()!, Frameworks(Path.Combine(folder, testProject + ".csproj")));
        }

        // xunit v3 projects run on Microsoft.Testing.Platform: under Stryker's vstest runner the per-test coverage
        // capture fails and every mutant runs the whole suite.
        Assert.Equal("mtp", config.GetProperty("test-runner").GetString());
        Assert.Equal("perTest", config.GetProperty("coverage-analysis").GetString());
        var thresholds = config.GetProperty("thresholds");
        Assert.InRange(thresholds.GetProperty("break").GetInt32(), 1, thresholds.GetProperty("low").GetInt32());
    }

    [Theory]
    [MemberData(nameof(TestProjects))]
    public void TheTestFilterLeavesOutOnlyNamespacesAndClassesThatExist(string testProject)
    {
        var folder = Path.Combine(RepositoryRoot.Path, "tests", testProject);
        if (!ReadConfig(folder).TryGetProperty("test-case-filter", out var filter))
        {
            return;
        }

        // Stryker's mtp runner filters by name only (no traits): each exclusion must name a namespace or a class that
        // holds tests, or a misspelling would silently run the slow tests under every mutant again.
        var declared = new HashSet<string>(StringComparer.Ordinal);
        foreach (var file in Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories))
        {
            var text = File.ReadAllText(file);
            if (NamespaceDeclaration().Match(text) is { Success: true } space)
            {
                declared.Add(space.Groups[1].Value + ".");
                declared.UnionWith(ClassDeclaration().Matches(text).Select(c => $"{space.Groups[1].Value}.{c.Groups[1].Value}."));
            }
        }

        var excluded = NameExclusion().Matches(filter.GetString()!).Select(m => m.Groups[1].Value).ToList();
        Assert.NotEmpty(excluded);
        foreach (var prefix in excluded)
        {
            Assert.Contains(prefix, declared);
        }
    }

    [Fact]
    public void TheToolManifestPinsStrykerAndTheScriptRunsEveryConfig()
    {
        using var manifest = JsonDocument.Parse(File.ReadAllText(Path.Combine(RepositoryRoot.Path, ".config", "dotnet-tools.json")));
        Assert.Matches(@"^\d+\.\d+\.\d+$", manifest.RootElement.GetProperty("tools").GetProperty("dotnet-stryker").GetProperty("version").GetString());

        var script = File.ReadAllText(Path.Combine(RepositoryRoot.Path, "scripts", "mutation.sh"));
        var configured = Directory.EnumerateFiles(Path.Combine(RepositoryRoot.Path, "tests"), "stryker-config.json", SearchOption.AllDirectories)
            .Select(f => Path.GetFileName(Path.GetDirectoryName(f))!)
            .Order(StringComparer.Ordinal);
        Assert.Equal(Configured.Order(StringComparer.Ordinal), configured);
        foreach (var project in configured)
        {
            Assert.Contains($"tests/{project}", script, StringComparison.Ordinal);
        }
    }

    private static JsonElement ReadConfig(string folder)
    {
        using var document = JsonDocument.Parse(
            File.ReadAllText(Path.Combine(folder, "stryker-config.json")),
            new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip });
        return document.RootElement.GetProperty("stryker-config").Clone();
    }

    private static IReadOnlyList<string> Frameworks(string project)
    {
        var properties = XDocument.Load(project).Descendants();
        var listed = properties.FirstOrDefault(p => p.Name.LocalName == "TargetFrameworks")?.Value
            ?? properties.FirstOrDefault(p => p.Name.LocalName == "TargetFramework" && p.Value.Length > 0)?.Value
            ?? string.Join(';', Frameworks(Path.Combine(RepositoryRoot.Path, "Directory.Build.props")));
        return listed.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }

    [GeneratedRegex(@"FullyQualifiedName!~([\w.]+)")]
    private static partial Regex NameExclusion();

    [GeneratedRegex(@"^namespace ([\w.]+);", RegexOptions.Multiline)]
    private static partial Regex NamespaceDeclaration();

    [GeneratedRegex(@"\bclass (\w+)")]
    private static partial Regex ClassDeclaration();
}
