namespace FilePipes.Tests;

/// <summary>
/// The schedule the options documentation promises (<see cref="FilePipeOptions.ReadAhead"/>,
/// <see cref="FilePipeOptions.ParallelReads"/>), case by case at the edges of each rule: a handle that cannot seek,
/// settings given, settings left to the reader, and the automatic choice at its threshold.
/// </summary>
public sealed class ReadScheduleTests
{
    private const long Threshold = ReadSchedule.AutomaticParallelFromBytes;

    public static TheoryData<int?, int?, int, bool, int, int> Resolved => new()
    {
        // read-ahead, parallel reads, segment size, seekable => read-ahead, parallel reads
        { null, null, 4096, false, 1, 1 },          // a FIFO reads in the background, one segment at a time
        { 0, null, 4096, false, 1, 1 },             // ... even when asked to read inline
        { 5, 3, 4096, false, 5, 1 },                // ... and one read at a time
        { 0, null, 4096, true, 0, 1 },              // inline, as asked
        { 3, null, 4096, true, 3, 1 },              // one background read
        { 4, 2, 4096, true, 4, 2 },                 // as asked
        { null, 3, 4096, true, 3 * 64, 3 },         // runs of 256 KiB: 64 segments of 4 KiB
        { null, 2, 100_000, true, 2 * 2, 2 },       // 256 KiB holds two whole segments of 100,000 bytes
        { null, 2, 300 * 1024, true, 2, 2 },        // a segment larger than a run: one segment per run
        { null, null, 4096, true, 0, 1 },           // left to the reader: inline until its first read decides
    };

    [Theory]
    [MemberData(nameof(Resolved))]
    public void OptionsResolveToTheDocumentedSchedule(int? readAhead, int? parallelReads, int bufferSize, bool seekable, int expectedReadAhead, int expectedParallel)
    {
        var options = new FilePipeOptions { ReadAhead = readAhead, ParallelReads = parallelReads, BufferSize = bufferSize };

        Assert.Equal(new ReadSchedule(expectedReadAhead, expectedParallel), ReadSchedule.For(options, seekable));
    }

    [Theory]
    [InlineData(null, null, true, true)]
    [InlineData(null, null, false, false)]   // a handle that cannot seek has no length to choose by
    [InlineData(0, null, true, false)]
    [InlineData(null, 1, true, false)]
    public void OnlyASeekableReaderWithBothSettingsUnsetChoosesByLength(int? readAhead, int? parallelReads, bool seekable, bool chooses)
    {
        var options = new FilePipeOptions { ReadAhead = readAhead, ParallelReads = parallelReads };

        Assert.Equal(chooses, ReadSchedule.ChoosesByLength(options, seekable));
    }

    [Theory]
    [InlineData(4096, 0, 0, 1)]
    [InlineData(4096, Threshold - 1, 0, 1)]
    [InlineData(4096, Threshold, 2 * 64, 2)]           // from the threshold on, two runs of 256 KiB
    [InlineData(65536, Threshold, 2 * 4, 2)]
    [InlineData(1024 * 1024, 10 * Threshold, 2, 2)]    // a segment larger than a run: one segment per run
    public void TheAutomaticChoiceReadsInParallelFromTheThresholdOn(int bufferSize, long toRead, int expectedReadAhead, int expectedParallel)
    {
        Assert.Equal(new ReadSchedule(expectedReadAhead, expectedParallel), ReadSchedule.Automatic(bufferSize, toRead));
    }
}
