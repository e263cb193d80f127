namespace FilePipes.Tests;

public sealed class FilePipeOptionsTests : IDisposable
{
    private readonly ScratchFiles files = new();

    public static TheoryData<FilePipeOptions, string> InvalidOptions() => new()
    {
        { new FilePipeOptions { BufferSize = 0 }, "BufferSize" },
        { new FilePipeOptions { ReadAhead = -1 }, "ReadAhead" },
        { new FilePipeOptions { ParallelReads = 0 }, "ParallelReads" },
        { new FilePipeOptions { ParallelReads = 3, ReadAhead = 2 }, "ParallelReads" },
        { new FilePipeOptions { Offset = -1 }, "Offset" },
        { new FilePipeOptions { PreallocationSize = -1 }, "PreallocationSize" },
        { new FilePipeOptions { Offset = long.MaxValue, Length = 10 }, "Length" },
    };

    [Theory]
    [MemberData(nameof(InvalidOptions))]
    public void AnOutOfRangeSettingIsRefusedByName(FilePipeOptions options, string setting)
    {
        string path = this.files.WriteRandom("options.bin", 10);

        var reading = Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenReader(path, options));
        var writing = Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenWriter(this.files.PathOf("out.bin"), options));

        Assert.Equal(setting, reading.ParamName);
        Assert.Equal(setting, writing.ParamName);
    }

    [Fact]
    public void TheDefaultOptionsAreValid()
    {
        // FilePipe.OpenReader does not validate FilePipeOptions.Default per file opened: this is why it need not.
        Assert.Null(Record.Exception(FilePipeOptions.Default.Validate));
    }

    [Fact]
    public void OptionsMadeFromTheDefaultOnesAreValidatedWhenOpened()
    {
        // Only the Default instance itself skips the check: a copy with a setting changed is a new instance.
        string path = this.files.WriteRandom("options.bin", 10);

        var refused = Assert.Throws<ArgumentOutOfRangeException>(() => FilePipe.OpenReader(path, FilePipeOptions.Default with { BufferSize = 0 }));

        Assert.Equal("BufferSize", refused.ParamName);
    }

    [Fact]
    public void DefaultsAreTheDocumentedOnes()
    {
        FilePipeOptions options = FilePipeOptions.Default;

        Assert.Equal(FilePipeOptions.DefaultBufferSize, options.BufferSize);
        Assert.Null(options.ReadAhead);
        Assert.Null(options.ParallelReads);
        Assert.Equal(-1, options.Length);
        Assert.False(options.LeaveOpen);
    }

    public void Dispose() => this.files.Dispose();
}
