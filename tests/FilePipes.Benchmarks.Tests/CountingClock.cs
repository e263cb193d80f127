namespace FilePipes.Benchmarks.Tests;

/// <summary>A fake clock that advances one unit on every reading, so spinning on it terminates and can be counted.</summary>
internal sealed class CountingClock
{
    public long Readings { get; private set; }

    public long Now { get; private set; }

    public long Read()
    {
        this.Readings++;
        return ++this.Now;
    }
}
