namespace FilePipes;

/// <summary>
/// The exceptions <see cref="System.IO.Pipelines.Pipe"/> throws for misuse, with the same types and messages,
/// so code written against a <c>Pipe</c> behaves the same with a file pipe.
/// </summary>
internal static class PipeMisuse
{
    public static InvalidOperationException ReadingAfterCompletion() =>
        new("Reading is not allowed after reader was completed.");

    public static InvalidOperationException AlreadyReading() => new("Reading is already in progress.");

    public static InvalidOperationException ConcurrentReads() => new("Concurrent reads or writes are not supported.");

    public static InvalidOperationException ResultNotCompleted() => new("Can't GetResult unless awaiter is completed.");

    public static InvalidOperationException NoReadToComplete() => new("No reading operation to complete.");

    public static InvalidOperationException ExaminedBeforeConsumed() =>
        new("The examined position must be greater than or equal to the consumed position.");

    // Stryker disable once String : see mutation-testing.md#wording
    public static InvalidOperationException PositionNotInBuffer() =>
        new("The position is not in the buffer that the last read returned (it was already consumed, or it belongs to another reader).");

    public static InvalidOperationException WritingAfterCompletion() =>
        new("Writing is not allowed after writer was completed.");
}
