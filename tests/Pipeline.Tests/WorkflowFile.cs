using YamlDotNet.RepresentationModel;

namespace Pipeline.Tests;

/// <summary>One file of .github/workflows, parsed: its env and its jobs, as the runner reads them.</summary>
internal sealed class WorkflowFile
{
    private WorkflowFile(string name, YamlMappingNode root)
    {
        this.Name = name;
        this.Env = EnvOf(root);
        this.Jobs = ((YamlMappingNode)root.Children[new YamlScalarNode("jobs")]).Children
            .ToDictionary(pair => ((YamlScalarNode)pair.Key).Value!, pair => new WorkflowJob(((YamlScalarNode)pair.Key).Value!, (YamlMappingNode)pair.Value));
    }

    public string Name { get; }

    public IReadOnlyDictionary<string, string> Env { get; }

    public IReadOnlyDictionary<string, WorkflowJob> Jobs { get; }

    public static WorkflowFile Load(string fileName)
    {
        var stream = new YamlStream();
        using (var reader = new StreamReader(Path.Combine(RepositoryRoot.Path, ".github", "workflows", fileName)))
        {
            stream.Load(reader);
        }

        return new WorkflowFile(fileName, (YamlMappingNode)stream.Documents[0].RootNode);
    }

    internal static IReadOnlyDictionary<string, string> EnvOf(YamlMappingNode node) => MapOf(node, "env");

    internal static IReadOnlyDictionary<string, string> MapOf(YamlMappingNode node, string key) =>
        node.Children.TryGetValue(new YamlScalarNode(key), out var value) && value is YamlMappingNode map
            ? map.Children.ToDictionary(pair => ((YamlScalarNode)pair.Key).Value!, pair => ((YamlScalarNode)pair.Value).Value ?? string.Empty)
            : new Dictionary<string, string>();

    internal static string? ScalarOf(YamlMappingNode node, string key) =>
        node.Children.TryGetValue(new YamlScalarNode(key), out var value) && value is YamlScalarNode scalar ? scalar.Value : null;
}

/// <summary>One job: its env, its outputs and its steps in order.</summary>
internal sealed class WorkflowJob
{
    public WorkflowJob(string id, YamlMappingNode node)
    {
        this.Id = id;
        this.Env = WorkflowFile.EnvOf(node);
        this.Outputs = WorkflowFile.MapOf(node, "outputs");
        this.If = WorkflowFile.ScalarOf(node, "if");
        this.MatrixOs = MatrixList(node, "os");
        this.MatrixProjects = MatrixList(node, "project");
        this.Steps = node.Children.TryGetValue(new YamlScalarNode("steps"), out var steps)
            ? ((YamlSequenceNode)steps).Children.Select(step => new WorkflowStep((YamlMappingNode)step)).ToList()
            : [];
    }

    public string Id { get; }

    public IReadOnlyDictionary<string, string> Env { get; }

    public IReadOnlyDictionary<string, string> Outputs { get; }

    public string? If { get; }

    /// <summary>The runner labels of a literal <c>strategy.matrix.os</c> list; empty otherwise.</summary>
    public IReadOnlyList<string> MatrixOs { get; }

    /// <summary>The values of a literal <c>strategy.matrix.project</c> list; empty otherwise.</summary>
    public IReadOnlyList<string> MatrixProjects { get; }

    public IReadOnlyList<WorkflowStep> Steps { get; }

    private static List<string> MatrixList(YamlMappingNode node, string key) =>
        node.Children.TryGetValue(new YamlScalarNode("strategy"), out var strategy)
        && ((YamlMappingNode)strategy).Children.TryGetValue(new YamlScalarNode("matrix"), out var matrix)
        && ((YamlMappingNode)matrix).Children.TryGetValue(new YamlScalarNode(key), out var values) && values is YamlSequenceNode list
            ? list.Children.Select(item => ((YamlScalarNode)item).Value!).ToList()
            : [];
}

/// <summary>One step: a <c>run:</c> script or a <c>uses:</c> action, with its env, inputs and condition.</summary>
internal sealed class WorkflowStep(YamlMappingNode node)
{
    public string? Id { get; } = WorkflowFile.ScalarOf(node, "id");

    public string? Name { get; } = WorkflowFile.ScalarOf(node, "name");

    public string? Run { get; } = WorkflowFile.ScalarOf(node, "run");

    public string? Uses { get; } = WorkflowFile.ScalarOf(node, "uses");

    public string? If { get; } = WorkflowFile.ScalarOf(node, "if");

    /// <summary>A literal <c>continue-on-error: true</c>: the step may fail without failing the job.</summary>
    public bool ContinueOnError { get; } = WorkflowFile.ScalarOf(node, "continue-on-error") == "true";

    public IReadOnlyDictionary<string, string> Env { get; } = WorkflowFile.EnvOf(node);

    public IReadOnlyDictionary<string, string> With { get; } = WorkflowFile.MapOf(node, "with");

    /// <summary>The action without its pinned SHA, e.g. <c>actions/upload-artifact</c>.</summary>
    public string? Action => this.Uses?.Split('@')[0];

    public string Title => this.Name ?? this.Run ?? this.Uses ?? "(unnamed step)";
}
