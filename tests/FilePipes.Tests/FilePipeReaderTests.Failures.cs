using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

public sealed partial class FilePipeReaderTests
{
    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AReadErrorReachesTheConsumerAsTheOriginalException(int readAhead)
    {
        // A write-only handle: every read fails in the operating system, so the failure must surface from ReadAsync.
        string path = this.files.WriteRandom("write-only.bin", 100);
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Write);
        Exception direct = Assert.ThrowsAny<Exception>(() => RandomAccess.Read(handle, new byte[10], 0));
        PipeReader reader = FilePipe.CreateReader(handle, new FilePipeOptions { ReadAhead = readAhead, LeaveOpen = true });

        Exception fromPipe = await Assert.ThrowsAnyAsync<Exception>(async () => await reader.ReadAsync(TestTimeout.Token()));
        Exception again = await Assert.ThrowsAnyAsync<Exception>(async () => await reader.ReadAsync(TestTimeout.Token()));
        reader.Complete();

        Assert.IsType(direct.GetType(), fromPipe);
        Assert.Same(fromPipe, again);
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task CompletingTheOtherSideWithAnExceptionStopsACopyWithThatException(int readAhead)
    {
        string path = this.files.WriteRandom("copy-fail.bin", 1_000_000);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 16_384, resumeWriterThreshold: 8192));

        Task copy = reader.CopyToAsync(pipe.Writer, TestTimeout.Token());
        ReadResult first = await pipe.Reader.ReadAsync(TestTimeout.Token());
        pipe.Reader.AdvanceTo(first.Buffer.Start);
        pipe.Reader.Complete(new InvalidDataException("consumer failed"));

        await Assert.ThrowsAsync<InvalidDataException>(() => copy.WaitAsync(TestTimeout.Token()));
        reader.Complete();
    }

    [Theory]
    [MemberData(nameof(ReadAheadDepths))]
    public async Task AFileTruncatedWhileReadCompletesAtItsNewEnd(int readAhead)
    {
        string path = this.files.WriteRandom("truncated.bin", 1_000_000);
        byte[] original = File.ReadAllBytes(path);
        PipeReader reader = FilePipe.OpenReader(path, new FilePipeOptions { BufferSize = 4096, ReadAhead = readAhead });

        ReadResult first = await reader.ReadAsync(TestTimeout.Token());
        var output = new MemoryStream();
        output.Write(first.Buffer.ToArray());
        reader.AdvanceTo(first.Buffer.End);
        using (var truncate = File.OpenHandle(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
        {
            RandomAccess.SetLength(truncate, 100_000);
        }

        output.Write(await PipeDrain.ReadAllAsync(reader, TestTimeout.Token()));
        reader.Complete();

        // Read-ahead holds at most (1 + depth) segments before the truncation, far below 100,000 bytes,
        // so every mode delivers exactly the bytes that remain.
        Assert.Equal(original[..100_000], output.ToArray());
    }

    [Fact]
    public void AMissingFileGivesFileNotFoundWithThePath()
    {
        string path = this.files.PathOf("missing.bin");

        var error = Assert.Throws<FileNotFoundException>(() => FilePipe.OpenReader(path));

        Assert.Contains(path, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ADirectoryGivesAccessDeniedWithThePath()
    {
        // Tests may run as root, where file permissions do not deny anything; a directory is denied for everyone.
        var error = Assert.Throws<UnauthorizedAccessException>(() => FilePipe.OpenReader(this.files.Directory));

        Assert.Contains(this.files.Directory, error.Message, StringComparison.Ordinal);
    }
}
