using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    private const int AutomaticThreshold = (int)ReadSchedule.AutomaticParallelFromBytes;

    [Fact]
    public async Task ByDefaultAFileBelowTheThresholdIsReadInlineWithNoThreadHop()
    {
        string path = this.files.WriteRandom("small.bin", AutomaticThreshold - 1);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096 }, out FilePipeReader.Probe probe);
        CancellationToken timeout = TestTimeout.Token();

        // Inline reads complete before ReadAsync returns: nothing was handed to another thread.
        long total = 0;
        while (true)
        {
            ValueTask<ReadResult> pending = reader.ReadAsync(timeout);
            Assert.True(pending.IsCompleted);
            ReadResult result = await pending;
            total += result.Buffer.Length;
            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        reader.Complete();
        Assert.Equal(new ReadSchedule(0, 1), probe.Schedule);
        Assert.Equal(AutomaticThreshold - 1, total);
    }

    [Theory]
    [InlineData(4096, 128)]
    [InlineData(65536, 8)]
    public async Task ByDefaultAFileFromTheThresholdOnIsReadInParallelRunsOf256KiB(int bufferSize, int readAhead)
    {
        string path = this.files.WriteRandom("large.bin", AutomaticThreshold + 12_345);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = bufferSize }, out FilePipeReader.Probe probe);

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(new ReadSchedule(readAhead, ReadSchedule.AutomaticParallelReads), probe.Schedule);
        Assert.Equal(await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken), read);
    }

    [Fact]
    public async Task TheAutomaticChoiceIsMadeOnceAtTheFirstReadThoughTheFileGrowsPastTheThresholdLater()
    {
        string path = this.files.WriteRandom("grows-later.bin", 16 * 4096);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096 }, out FilePipeReader.Probe probe);
        CancellationToken timeout = TestTimeout.Token();
        ReadResult first = await reader.ReadAsync(timeout);
        Assert.Equal(4096, first.Buffer.Length);
        reader.AdvanceTo(first.Buffer.End);
        Assert.Equal(new ReadSchedule(0, 1), probe.Schedule);

        byte[] appended = new byte[2 * AutomaticThreshold];
        new Random(5).NextBytes(appended);
        using (FileStream stream = new(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite))
        {
            stream.Write(appended);
        }

        byte[] rest = await PipeDrain.ReadAllAsync(reader, timeout);
        reader.Complete();

        Assert.Equal(new ReadSchedule(0, 1), probe.Schedule);
        Assert.Equal(File.ReadAllBytes(path)[4096..], rest);
    }

    [Fact]
    public async Task ByDefaultALargeFileCopiesWholeThroughTheParallelReads()
    {
        string path = this.files.WriteRandom("copy.bin", (2 * AutomaticThreshold) + 777);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096 }, out FilePipeReader.Probe probe);
        var destination = new MemoryStream();

        await reader.CopyToAsync(destination, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(ReadSchedule.AutomaticParallelReads, probe.Schedule.ParallelReads);
        Assert.Equal(await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken), destination.ToArray());
    }

    [Theory]
    [InlineData(false, -1)]
    [InlineData(true, -1)]
    [InlineData(false, AutomaticThreshold - 1)]
    public async Task TheAutomaticChoiceCountsOnlyTheBytesInTheRange(bool startsPastTheThreshold, long length)
    {
        string path = this.files.WriteRandom("range.bin", 2 * AutomaticThreshold);
        long offset = startsPastTheThreshold ? AutomaticThreshold + 1 : 0;
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { Offset = offset, Length = length }, out FilePipeReader.Probe probe);

        // The first read runs inline and fills its segment; the rest of the range is read as the choice says.
        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        bool wholeFile = offset == 0 && length < 0;
        Assert.Equal(wholeFile ? ReadSchedule.AutomaticParallelReads : 1, probe.Schedule.ParallelReads);
        byte[] file = await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken);
        Assert.Equal(file.AsSpan((int)offset, length < 0 ? file.Length - (int)offset : (int)length).ToArray(), read);
    }

    [Fact]
    public async Task ByDefaultTheLengthThatCountsIsTheFilesAtTheFirstReadNotAtOpen()
    {
        string grown = this.files.WriteRandom("grown.bin", 100);
        string shrunk = this.files.WriteRandom("shrunk.bin", 2 * AutomaticThreshold);
        FilePipeReader fromSmall = Probes.OpenReader(grown, new FilePipeOptions { BufferSize = 4096 }, out FilePipeReader.Probe smallProbe);
        FilePipeReader fromLarge = Probes.OpenReader(shrunk, new FilePipeOptions { BufferSize = 4096 }, out FilePipeReader.Probe largeProbe);
        byte[] grownBytes = new byte[2 * AutomaticThreshold];
        new Random(7).NextBytes(grownBytes);
        await File.WriteAllBytesAsync(grown, grownBytes, TestContext.Current.CancellationToken);
        using (var handle = File.OpenHandle(shrunk, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
        {
            RandomAccess.SetLength(handle, 100);
        }

        byte[] readGrown = await PipeDrain.ReadAllAsync(fromSmall, TestTimeout.Token());
        byte[] readShrunk = await PipeDrain.ReadAllAsync(fromLarge, TestTimeout.Token());
        fromSmall.Complete();
        fromLarge.Complete();

        // A first read that fills its segment asks for the length then; one that comes back short stays inline.
        Assert.Equal(ReadSchedule.AutomaticParallelReads, smallProbe.Schedule.ParallelReads);
        Assert.Equal(new ReadSchedule(0, 1), largeProbe.Schedule);
        Assert.Equal(grownBytes, readGrown);
        Assert.Equal(await File.ReadAllBytesAsync(shrunk, TestContext.Current.CancellationToken), readShrunk);
    }

    [Fact]
    public void ReadAheadAloneKeepsOneReadInFlightAndParallelReadsAloneTakesRunsOf256KiB()
    {
        string path = this.files.WriteRandom("explicit.bin", 10);

        Assert.Equal(new ReadSchedule(3, 1), ScheduleOf(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 3 }));
        Assert.Equal(new ReadSchedule(3 * 64, 3), ScheduleOf(path, new FilePipeOptions { BufferSize = 4096, ParallelReads = 3 }));
        Assert.Equal(new ReadSchedule(0, 1), ScheduleOf(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 }));
    }

    [Fact]
    public void TryReadBeforeAnyReadMakesTheAutomaticChoiceAndStartsTheReadsItChose()
    {
        string path = this.files.WriteRandom("tryread.bin", AutomaticThreshold + 1);
        FilePipeReader reader = Probes.OpenReader(path, new FilePipeOptions { BufferSize = 4096 }, out FilePipeReader.Probe probe);

        reader.TryRead(out _);
        reader.Complete();

        Assert.Equal(ReadSchedule.AutomaticParallelReads, probe.Schedule.ParallelReads);
    }

    private static ReadSchedule ScheduleOf(string path, FilePipeOptions options)
    {
        FilePipeReader reader = Probes.OpenReader(path, options, out FilePipeReader.Probe probe);
        reader.Complete();
        return probe.Schedule;
    }
}
