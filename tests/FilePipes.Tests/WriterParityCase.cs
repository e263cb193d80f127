using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// One seeded writer case: a random producer drives a <see cref="FilePipeWriter"/> and a <see cref="Pipe"/>'s writer
/// with the same calls and bytes. Each call must give the same answer (exception type, flush flags), and in the end the
/// file must hold exactly what the pipe's reader received.
/// </summary>
/// <remarks>
/// Two known differences are left out: <c>UnflushedBytes</c> (the file writer writes a full block when asked for more
/// memory, which a pipe counts as unflushed until the next flush), and a copy from a stream after
/// <c>CancelPendingFlush</c> (a pipe's copy flushes after each chunk and so reports the cancel; the file writer's flushes
/// never wait, and its copy does not flush).
/// </remarks>
internal sealed class WriterParityCase(int seed, ScratchFiles files)
{
    private readonly Random random = new(seed);
    private readonly CancellationTokenSource timeout = new(TestTimeout.Limit);
    private readonly Pipe pipe = new(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));
    private readonly MemoryStream written = new();
    private readonly MemoryStream received = new();
    private readonly Queue<string> recent = new();
    private FilePipeWriter file = null!;
    private string description = string.Empty;
    private bool cancelPending;

    // What is surely left of the memory each writer last handed out: an Advance within it is valid on both.
    private int roomBoth;

    public async Task RunAsync()
    {
        int bufferSize = this.random.Next(100) switch
        {
            < 30 => this.random.Next(1, 65),
            < 70 => (int)Math.Pow(2, 6 + (this.random.NextDouble() * 10)),
            _ => new[] { 512, 4096, 65536 }[this.random.Next(3)],
        };
        long offset = this.random.Next(100) < 80 ? 0 : this.random.Next(10_000);
        string path = files.PathOf($"writer-{seed}.bin");
        var options = new FilePipeOptions
        {
            BufferSize = bufferSize,
            Offset = offset,
            PreallocationSize = this.random.Next(100) < 20 ? this.random.Next(1, 1 << 20) : 0,
        };
        this.description = $"segments {bufferSize} B, offset {offset}, preallocation {options.PreallocationSize} B";
        this.file = FilePipe.OpenWriter(path, options);
        try
        {
            await this.DriveAsync(bufferSize);
            byte[] onDisk = File.ReadAllBytes(path);
            byte[] throughPipe = await this.ReceivedByThePipeAsync();
            // Nothing written leaves the created file empty, offset or not.
            byte[] expected = this.written.Length == 0 ? [] : [.. new byte[offset], .. this.written.ToArray()];
            // A pipe's Advance after Complete, which throws nothing, commits that many more bytes of whatever its
            // memory held; the file writer ignores it (checked above), so only the written part of the pipe counts.
            if (!expected.AsSpan().SequenceEqual(onDisk) || !throughPipe.AsSpan().StartsWith(this.written.ToArray()))
            {
                throw new ParityMismatchException(
                    $"the file holds {onDisk.Length} bytes and the pipe received {throughPipe.Length}; {offset + this.written.Length} and {this.written.Length} were written");
            }
        }
        catch (ParityMismatchException ex)
        {
            throw new ParityMismatchException($"{this.description}: {ex.Message}; the last calls: {string.Join(", ", this.recent)}", ex.InnerException);
        }
        finally
        {
            this.file.Complete();
            this.pipe.Writer.Complete();
            this.pipe.Reader.Complete();
            this.timeout.Dispose();
            File.Delete(path);
        }
    }

    private static void Compare(string call, Type? onFile, Type? onPipe)
    {
        if (onFile != onPipe)
        {
            throw new ParityMismatchException($"{call}: the file writer {Describe(onFile)}, a pipe {Describe(onPipe)}");
        }
    }

    private static string Describe(Type? error) => error is null ? "did not throw" : $"threw {error.Name}";

    private async Task DriveAsync(int bufferSize)
    {
        int steps = this.random.Next(1, 60);
        for (int step = 0; step < steps; step++)
        {
            int roll = this.random.Next(100);
            if (roll < 35)
            {
                this.GetMemoryAndAdvance(bufferSize);
            }
            else if (roll < 40)
            {
                this.Both("Advance past the memory", writer => writer.Advance(int.MaxValue));
            }
            else if (roll < 55)
            {
                byte[] bytes = this.RandomBytes(this.random.Next(3 * bufferSize));
                this.Both($"Write({bytes.Length})", writer => writer.Write(bytes));
                this.written.Write(bytes);
                this.roomBoth = 0;
            }
            else if (roll < 70)
            {
                await this.FlushBothAsync(this.timeout.Token, "FlushAsync");
            }
            else if (roll < 74)
            {
                await this.FlushBothAsync(new CancellationToken(canceled: true), "FlushAsync with a canceled token");
            }
            else if (roll < 79)
            {
                this.Both("CancelPendingFlush", writer => writer.CancelPendingFlush());
                this.cancelPending = true;
            }
            else if (roll < 87 && !this.cancelPending)
            {
                await this.CopyFromAStreamAsync(bufferSize);
            }
            else if (roll < 90)
            {
                this.Both("GetMemory with a negative hint", writer => writer.GetMemory(-1));
            }
            else
            {
                await this.FlushBothAsync(this.timeout.Token, "FlushAsync");
            }
        }

        await this.CompleteBothAsync();
    }

    private void GetMemoryAndAdvance(int bufferSize)
    {
        int hint = this.random.Next(3) switch
        {
            0 => 0,
            1 => this.random.Next(1, 17),
            _ => this.random.Next(1, 2 * bufferSize),
        };
        Memory<byte> onFile = default;
        Memory<byte> onPipe = default;
        this.Log($"GetMemory({hint})");
        Compare(
            $"GetMemory({hint})",
            ParityOutcome.ErrorOf(() => onFile = this.file.GetMemory(hint)),
            ParityOutcome.ErrorOf(() => onPipe = this.pipe.Writer.GetMemory(hint)));
        int room = Math.Min(onFile.Length, onPipe.Length);
        if (room < Math.Max(hint, 1))
        {
            throw new ParityMismatchException($"GetMemory({hint}) gave {onFile.Length} bytes on the file writer, {onPipe.Length} on a pipe");
        }

        int count = this.random.Next(3) == 0 ? room : this.random.Next(room + 1);
        byte[] bytes = this.RandomBytes(count);
        bytes.CopyTo(onFile);
        bytes.CopyTo(onPipe);
        this.Both($"Advance({count})", writer => writer.Advance(count));
        this.written.Write(bytes);
        this.roomBoth = room - count;
    }

    private async Task FlushBothAsync(CancellationToken token, string call)
    {
        this.Log(call);
        (Type? fileError, FlushResult onFile) = await FlushAsync(this.file, token);
        (Type? pipeError, FlushResult onPipe) = await FlushAsync(this.pipe.Writer, token);
        Compare(call, fileError, pipeError);
        if (onFile.IsCanceled != onPipe.IsCanceled || onFile.IsCompleted != onPipe.IsCompleted)
        {
            throw new ParityMismatchException(
                $"{call}: the file writer gave (canceled: {onFile.IsCanceled}, completed: {onFile.IsCompleted}), a pipe (canceled: {onPipe.IsCanceled}, completed: {onPipe.IsCompleted})");
        }

        this.cancelPending &= fileError is not null || !onFile.IsCanceled;
    }

    private static async Task<(Type? Error, FlushResult Result)> FlushAsync(PipeWriter writer, CancellationToken token)
    {
        try
        {
            return (null, await writer.FlushAsync(token));
        }
        catch (Exception ex)
        {
            return (ex.GetType(), default);
        }
    }

    private async Task CopyFromAStreamAsync(int bufferSize)
    {
        byte[] bytes = this.RandomBytes(this.random.Next(4 * bufferSize));
        this.Log($"Stream.CopyToAsync({bytes.Length})");
        Compare(
            "Stream.CopyToAsync",
            (await Record.ExceptionAsync(() => new MemoryStream(bytes).CopyToAsync(this.file, this.timeout.Token)))?.GetType(),
            (await Record.ExceptionAsync(() => new MemoryStream(bytes).CopyToAsync(this.pipe.Writer, this.timeout.Token)))?.GetType());
        this.written.Write(bytes);
        this.roomBoth = 0;
    }

    private async Task CompleteBothAsync()
    {
        // With an exception only right after a flush: a pipe's reader still receives bytes not yet flushed, where the
        // file writer discards them (the producer failed), which is documented.
        bool failed = this.random.Next(100) < 15;
        if (failed)
        {
            await this.FlushBothAsync(this.timeout.Token, "FlushAsync");

            // A pipe's reader gets the producer's exception instead of the bytes still buffered: take them first.
            if (this.pipe.Reader.TryRead(out ReadResult buffered))
            {
                this.Receive(buffered);
            }

            // A pipe whose reader consumed everything drops the memory it last handed out.
            this.roomBoth = 0;
        }

        Exception? error = failed ? new InvalidDataException("the producer failed") : null;
        int room = this.roomBoth;
        this.Both("Complete", writer => writer.Complete(error));
        this.Both("GetMemory after Complete", writer => writer.GetMemory());
        this.Both("GetSpan after Complete", writer => writer.GetSpan());
        this.Both("Advance(0) after Complete", writer => writer.Advance(0));
        if (room > 0)
        {
            int count = this.random.Next(1, room + 1);
            this.Both($"Advance({count}) within the last memory after Complete", writer => writer.Advance(count));
        }

        this.Both("Advance past the memory after Complete", writer => writer.Advance(int.MaxValue));
        await this.FlushBothAsync(this.timeout.Token, "FlushAsync after Complete");
        this.Both("CancelPendingFlush after Complete", writer => writer.CancelPendingFlush());
        await this.FlushBothAsync(this.timeout.Token, "FlushAsync after CancelPendingFlush after Complete");
        this.Both("Complete again", writer => writer.Complete());
    }

    private async Task<byte[]> ReceivedByThePipeAsync()
    {
        while (!await this.ReceiveFromThePipeAsync())
        {
        }

        return this.received.ToArray();
    }

    /// <summary>Takes what one read of the pipe gives.</summary>
    /// <returns><see langword="true"/> when the pipe has ended, by completion or by the producer's failure.</returns>
    private async Task<bool> ReceiveFromThePipeAsync()
    {
        ReadResult result;
        try
        {
            result = await this.pipe.Reader.ReadAsync(this.timeout.Token);
        }
        catch (InvalidDataException)
        {
            return true;
        }

        this.Receive(result);
        return result.IsCompleted;
    }

    private void Receive(ReadResult result)
    {
        foreach (ReadOnlyMemory<byte> memory in result.Buffer)
        {
            this.received.Write(memory.Span);
        }

        this.pipe.Reader.AdvanceTo(result.Buffer.End);
    }

    private void Both(string call, Action<PipeWriter> act)
    {
        this.Log(call);
        Compare(call, ParityOutcome.ErrorOf(() => act(this.file)), ParityOutcome.ErrorOf(() => act(this.pipe.Writer)));
    }

    private byte[] RandomBytes(int count)
    {
        byte[] bytes = new byte[count];
        this.random.NextBytes(bytes);
        return bytes;
    }

    private void Log(string call)
    {
        if (this.recent.Count == 16)
        {
            this.recent.Dequeue();
        }

        this.recent.Enqueue(call);
    }
}
