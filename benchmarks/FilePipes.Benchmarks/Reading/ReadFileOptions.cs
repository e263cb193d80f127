namespace FilePipes.Benchmarks.Reading;

/// <summary>
/// The <see cref="FileOptions"/> the read benchmarks open files with. An enum of its own, with the same values, so
/// that the FullName shows one comma-free word (<see cref="FileOptions"/> itself would print
/// <c>SequentialScan, Asynchronous</c>, and the comma would read as a parameter separator).
/// </summary>
public enum ReadFileOptions
{
    /// <summary>Synchronous I/O with the OS told to read ahead.</summary>
    SequentialScan = FileOptions.SequentialScan,

    /// <summary>Asynchronous (overlapped on Windows) I/O with the OS told to read ahead.</summary>
    AsynchronousSequentialScan = FileOptions.Asynchronous | FileOptions.SequentialScan,
}
