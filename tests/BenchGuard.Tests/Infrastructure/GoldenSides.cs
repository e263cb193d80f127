namespace BenchGuard.Tests.Infrastructure;

/// <summary>
/// The two sides compare's golden reports are made from: every kind of change at once (same, slower, faster, much
/// faster, more and less allocated, a benchmark without memory figures, added, removed, failed), so that one pair of
/// exports shows every row and section of the console and markdown reports.
/// </summary>
internal static class GoldenSides
{
    public static FakeBenchmark[] Base() =>
    [
        FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 1, 4200, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 50_000, 0.02, 15, 2, 120, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 45_000, 0.02, 15, 3, 120, parameters: "BufferSize: 65536"),
        FakeBenchmark.Of("PipeReaderOverFileStream", 1_500_000, 0.02, 15, 4, 9000),
        FakeBenchmark.Of("FasterStill", 2_000_000, 0.02, 15, 6, 100),
        FakeBenchmark.Of("Removed", 900, 0.02, 15, 5, 0),
        FakeBenchmark.Of("NoMemory", 900, 0.02, 15, 7, null),
    ];

    public static FakeBenchmark[] Diff() =>
    [
        FakeBenchmark.Of("FileStreamSync", 80_000, 0.02, 15, 11, 4200, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 56_000, 0.02, 15, 12, 121, parameters: "BufferSize: 4096"),
        FakeBenchmark.Of("FilePipeReader", 60_000, 0.02, 15, 13, 124, parameters: "BufferSize: 65536"),
        FakeBenchmark.Of("PipeReaderOverFileStream", 1_200_000, 0.02, 15, 14, 8000),
        FakeBenchmark.Of("FasterStill", 1_000_000, 0.02, 15, 16, 100),
        FakeBenchmark.Of("Added", 700, 0.02, 15, 15, 0),
        FakeBenchmark.Of("NoMemory", 900, 0.02, 15, 17, null),
        FakeBenchmark.FailedOne("Throws"),
    ];
}
