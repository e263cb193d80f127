using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    private const int AutomaticThreshold = (int)ReadSchedule.AutomaticParallelFromBytes;

    [Fact]
    public async Task ByDefaultAFileBelowTheThresholdIsReadInlineWithNoThreadHop()
    {
        string path = this.files.WriteRandom("small.bin", AutomaticThreshold - 1);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096 });
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
        Assert.Equal(new ReadSchedule(0, 1), reader.Schedule);
        Assert.Equal(AutomaticThreshold - 1, total);
    }

    [Theory]
    [InlineData(4096, 128)]
    [InlineData(65536, 8)]
    public async Task ByDefaultAFileFromTheThresholdOnIsReadInParallelRunsOf256KiB(int bufferSize, int readAhead)
    {
        string path = this.files.WriteRandom("large.bin", AutomaticThreshold + 12_345);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = bufferSize });

        byte[] read = await PipeDrain.ReadAllAsync(reader, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(new ReadSchedule(readAhead, ReadSchedule.AutomaticParallelReads), reader.Schedule);
        Assert.Equal(await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken), read);
    }

    [Fact]
    public async Task ByDefaultALargeFileCopiesWholeThroughTheParallelReads()
    {
        string path = this.files.WriteRandom("copy.bin", (2 * AutomaticThreshold) + 777);
        FilePipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096 });
        var destination = new MemoryStream();

        await reader.CopyToAsync(destination, TestTimeout.Token());
        reader.Complete();

        Assert.Equal(ReadSchedule.AutomaticParallelReads, reader.Schedule.ParallelReads);
        Assert.Equal(await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken), destination.ToArray());
    }

    [Theory]
    [InlineData(false, -1)]
    [InlineData(true, -1)]
    [InlineData(false, AutomaticThreshold - 1)]
    public void TheAutomaticChoiceCountsOnlyTheBytesInTheRange(bool startsPastTheThreshold, long length)
    {
        string path = this.files.WriteRandom("range.bin", 2 * AutomaticThreshold);
        long offset = startsPastTheThreshold ? AutomaticThreshold + 1 : 0;

        ReadSchedule schedule = ScheduleOf(path, new FilePipeOptions { Offset = offset, Length = length });

        bool wholeFile = offset == 0 && length < 0;
        Assert.Equal(wholeFile ? ReadSchedule.AutomaticParallelReads : 1, schedule.ParallelReads);
    }

    [Fact]
    public void ReadAheadAloneKeepsOneReadInFlightAndParallelReadsAloneTakesRunsOf256KiB()
    {
        string path = this.files.WriteRandom("explicit.bin", 10);

        Assert.Equal(new ReadSchedule(3, 1), ScheduleOf(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 3 }));
        Assert.Equal(new ReadSchedule(3 * 64, 3), ScheduleOf(path, new FilePipeOptions { BufferSize = 4096, ParallelReads = 3 }));
        Assert.Equal(new ReadSchedule(0, 1), ScheduleOf(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = 0 }));
    }

    private static ReadSchedule ScheduleOf(string path, FilePipeOptions options)
    {
        FilePipeReader reader = FilePipe.OpenReader(path, options);
        reader.Complete();
        return reader.Schedule;
    }
}
