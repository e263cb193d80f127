using System.Text.Json;

namespace BenchGuard.Setup;

/// <summary>
/// The actions the workflows pin, from the checkout's scripts/workflow-lint/action-pins.json (the one list of them,
/// which the workflow invariant tests hold the workflows to): a repository that allows only selected actions must
/// allow each of these.
/// </summary>
internal sealed class PinnedActions
{
    private PinnedActions(IReadOnlyList<(string Name, string Sha)>? actions, string problem)
    {
        this.Actions = actions;
        this.Problem = problem;
    }

    /// <summary>Each pinned action (<c>owner/repo</c>) and its commit, or null when the file could not be read.</summary>
    public IReadOnlyList<(string Name, string Sha)>? Actions { get; }

    /// <summary>Why <see cref="Actions"/> is null, as a clause: "there is no FILE", "FILE cannot be read (...)".</summary>
    public string Problem { get; }

    /// <summary>Reads the list from the checkout at <paramref name="checkout"/>; a missing or unreadable file is kept as
    /// its problem, since only a repository that allows selected actions needs the list.</summary>
    public static PinnedActions Read(string checkout)
    {
        var file = Path.Combine(Path.GetFullPath(checkout), "scripts", "workflow-lint", "action-pins.json");
        if (!File.Exists(file))
        {
            return new PinnedActions(null, $"there is no {file}");
        }

        try
        {
            using var document = JsonDocument.Parse(File.ReadAllText(file));
            var actions = document.RootElement.GetProperty("actions").EnumerateObject()
                .Select(a => (a.Name, a.Value.GetProperty("sha").GetString() ?? throw new InvalidOperationException($"{a.Name} has no sha")))
                .ToList();
            return new PinnedActions(actions, "");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or InvalidOperationException or KeyNotFoundException)
        {
            return new PinnedActions(null, $"{file} cannot be read ({InputException.OneLine(e.Message)})");
        }
    }
}
