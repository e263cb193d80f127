namespace BenchGuard.Baselines;

/// <summary>What an update did, for the printed summary and the bump PR.</summary>
internal sealed class BaselineChanges
{
    public List<string> Added { get; } = [];

    public List<string> Changed { get; } = [];

    public List<string> Removed { get; } = [];

    public int Unchanged { get; set; }

    public int Kept { get; set; }
}
