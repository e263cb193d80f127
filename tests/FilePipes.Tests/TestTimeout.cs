namespace FilePipes.Tests;

/// <summary>Every await on a pipe gets one of these tokens, so a reader that never answers fails a test instead of hanging the run.</summary>
internal static class TestTimeout
{
    /// <summary>Long enough for a loaded machine, short enough that a hang fails the run instead of stalling it.</summary>
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(20);

    /// <summary>Gets a token that cancels after <see cref="Limit"/>.</summary>
    public static CancellationToken Token() => new CancellationTokenSource(Limit).Token;
}
