using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>
/// One seeded reader case: a random file, range, segment size and read-ahead depth, and a random consumer that drives a
/// <see cref="FilePipeReader"/> and a <see cref="Pipe"/> in lockstep.
/// </summary>
/// <remarks>
/// After each call on the file reader, the pipe is fed exactly the bytes the file reader has returned so far, and
/// completed once the file reader reports the end; the same call on the pipe must then give the same answer: the same
/// bytes, flags and exception type. A pipe read that would wait where the file reader answered is a difference too.
/// Reads that wait are driven on both with calls while they wait: a second call, a waiter under an execution context,
/// an awaitable asked again, two waiters (see ConcurrentReadsBothAsync). A copy, a Complete or concurrent reads end
/// the case.
/// </remarks>
internal sealed class ReaderParityCase
{
    // The value a read's continuation sees: the one of its registration, as Pipe flows it.
    private static readonly AsyncLocal<string> Flow = new();

    private readonly Random random;
    private readonly ScratchFiles files;
    private readonly int seed;
    private readonly CancellationTokenSource timeout = new(TestTimeout.Limit);
    private readonly Pipe pipe = new(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));

    private byte[] expected = [];
    private FilePipeOptions options = FilePipeOptions.Default;
    private FilePipeReader file = null!;
    private string description = string.Empty;
    private long fed;
    private bool pipeCompleted;
    private long consumed;
    private long examinedEnd;
    private bool outstanding;
    private ReadResult fileResult;
    private ReadResult pipeResult;
    private bool endSeen;
    private bool cancelPending;
    // Both TryReads returned false: Pipe counts that as a tentative read, which an AdvanceTo may end.
    private bool tentative;
    // The positions of the last result's buffers, and of the result before it.
    private BufferMarks? current;
    private BufferMarks? previous;

    // The calls so far, named in a failure's message so that it can be read without rerunning.
    private readonly Queue<string> recent = new();

    public ReaderParityCase(int seed, ScratchFiles files)
    {
        this.seed = seed;
        this.files = files;
        this.random = new Random(seed);
    }

    public async Task RunAsync()
    {
        string path = this.CreateCase();
        this.file = FilePipe.OpenReader(path, this.options);
        try
        {
            await this.DriveAsync();
        }
        catch (ParityMismatchException ex)
        {
            throw new ParityMismatchException($"{this.description}: {ex.Message}; the last calls: {string.Join(", ", this.recent)}", ex.InnerException);
        }
        finally
        {
            this.file.Complete();
            this.pipe.Reader.Complete();
            this.pipe.Writer.Complete();
            this.timeout.Dispose();
            File.Delete(path);
        }
    }

    private string CreateCase()
    {
        int size = this.random.Next(100) switch
        {
            < 15 => this.random.Next(17),
            < 50 => this.random.Next(1, 20_000),
            _ => this.random.Next(1, 300_000),
        };
        int bufferSize = this.random.Next(100) switch
        {
            < 30 => this.random.Next(1, 65),
            < 70 => (int)Math.Pow(2, 6 + (this.random.NextDouble() * 10)),
            _ => new[] { 512, 4096, 65536 }[this.random.Next(3)],
        };

        // A few thousand reads at most, so a case takes milliseconds.
        bufferSize = Math.Max(bufferSize, size / 2000);
        if (this.random.Next(100) < 15)
        {
            // Sizes at a segment boundary, where off-by-one errors live.
            size = Math.Max(0, (bufferSize * this.random.Next(1, 4)) + this.random.Next(-1, 2));
        }

        long offset = this.random.Next(100) < 60 ? 0 : this.random.Next(size + 17);
        long length = this.random.Next(100) < 60 ? -1 : this.random.Next(size + 1);
        this.options = new FilePipeOptions
        {
            BufferSize = bufferSize,
            ReadAhead = this.random.Next(100) < 40 ? 0 : this.random.Next(1, 6),
            Offset = offset,
            Length = length,
        };

        // Drawn from a second generator, so each seed keeps the case it had before parallel reads existed.
        var parallel = new Random(~this.seed);
        if (this.options.ReadAhead >= 2 && parallel.Next(100) < 50)
        {
            this.options = this.options with { ParallelReads = parallel.Next(2, this.options.ReadAhead.Value + 1) };
        }

        string path = this.files.WriteRandom($"reader-{this.seed}.bin", size, this.seed);
        byte[] all = File.ReadAllBytes(path);
        long end = length < 0 ? all.Length : Math.Min(all.Length, offset + length);
        this.expected = offset >= end ? [] : all[(int)offset..(int)end];
        this.description = $"file {size} B, offset {offset}, length {length}, segments {bufferSize} B, read-ahead {this.options.ReadAhead}, parallel reads {this.options.ParallelReads}";
        return path;
    }

    private async Task DriveAsync()
    {
        int maxSteps = 1000 + (50 * (this.expected.Length / this.options.BufferSize));
        for (int step = 0; step < maxSteps; step++)
        {
            int roll = this.random.Next(100);
            if (this.outstanding)
            {
                // A read refused because a result is outstanding swallows a pending CancelPendingRead on a Pipe; the
                // file reader keeps it (a refused call changes nothing), so that pair is not compared.
                bool refusedReadSwallowsCancel = this.cancelPending && !this.fileResult.IsCanceled;
                if (roll < 72 || (refusedReadSwallowsCancel && roll < 82))
                {
                    this.AdvanceBoth(this.fileResult.IsCanceled ? "after a canceled result" : this.fileResult.IsCompleted ? "after a completed result" : this.fileResult.Buffer.IsEmpty ? "after an empty result" : "after data");
                }
                else if (roll < 78)
                {
                    await this.ReadBothAsync(this.timeout.Token, "ReadAsync with a result outstanding");
                }
                else if (roll < 82)
                {
                    this.TryReadBoth("TryRead with a result outstanding");
                }
                else if (roll < 88)
                {
                    await this.ReadBothAsync(new CancellationToken(canceled: true), "ReadAsync with a canceled token");
                }
                else if (roll < 93)
                {
                    this.CancelBoth();
                }
                else
                {
                    this.AdvanceExaminedBeforeConsumed();
                }
            }
            else if (this.tentative && roll < 30)
            {
                this.AdvanceBoth("after TryRead returned false");
            }
            else if (this.endSeen && this.consumed == this.expected.Length)
            {
                await this.FinishAsync();
                return;
            }
            else if (roll < 55)
            {
                await this.ReadBothAsync(this.timeout.Token, "ReadAsync");
            }
            else if (roll < 75)
            {
                this.TryReadBoth("TryRead");
            }
            else if (roll < 80)
            {
                this.CancelBoth();
            }
            else if (roll < 85)
            {
                await this.ReadBothAsync(new CancellationToken(canceled: true), "ReadAsync with a canceled token");
            }
            else if (roll < 88)
            {
                // Not AdvanceTo without a read: Pipe throws too, but only after moving its read head to the position.
                this.CancelBoth();
            }
            else if (roll < 91)
            {
                await this.CopyBothAsync();
                return;
            }
            else if (roll < 92)
            {
                await this.CompleteBothAsync();
                return;
            }
            else if (roll < 96)
            {
                if (await this.ConcurrentReadsBothAsync())
                {
                    return;
                }
            }
            else
            {
                await this.ReadBothAsync(this.timeout.Token, "ReadAsync");
            }
        }

        throw new ParityMismatchException($"no end after {maxSteps} steps: {this.consumed} of {this.expected.Length} bytes consumed");
    }

    private void Log(string call)
    {
        if (this.recent.Count == 16)
        {
            this.recent.Dequeue();
        }

        this.recent.Enqueue(call);
    }

    private async Task ReadBothAsync(CancellationToken token, string call)
    {
        this.Log(call);
        ParityOutcome onFile = await ParityOutcome.OfAsync(() => this.file.ReadAsync(token));
        if (this.timeout.IsCancellationRequested)
        {
            throw new ParityMismatchException($"{call} on the file reader did not complete within {TestTimeout.Limit}");
        }

        this.ComparePipeRead(call, onFile, token);
    }

    /// <summary>Feeds the pipe what the file reader's read gave, and compares a read on the pipe, which must not wait.</summary>
    private void ComparePipeRead(string call, ParityOutcome onFile, CancellationToken token)
    {
        this.FeedPipe(onFile);
        ValueTask<ReadResult> pending = default;
        Type? pipeThrew = ParityOutcome.ErrorOf(() => pending = this.pipe.Reader.ReadAsync(token));
        if (pipeThrew is null && !pending.IsCompleted)
        {
            throw new ParityMismatchException($"{call}: the file reader {onFile}, where a pipe fed the same bytes waits");
        }

        // Completed, so the result is there at once.
        ParityOutcome onPipe = pipeThrew is null ? ParityOutcome.Of(() => (true, pending.GetAwaiter().GetResult())) : new ParityOutcome(pipeThrew, false, default);
        this.CompareResults(call, onFile, onPipe);
    }

    /// <summary>
    /// A read that waits, and calls while it waits, on both readers: one waiter registered under an execution context
    /// (and its awaitable asked again once it answered), a second call whose token is then canceled, or a waiter on
    /// each of two calls, which is Pipe's "concurrent reads" misuse and ends the case. A read that does not wait on
    /// the file reader is an ordinary read. What the file reader's wait gives (data, or the cancellation) is then given
    /// to the pipe, as for any read.
    /// </summary>
    /// <remarks>
    /// Not compared here, because the file reader's background reads may answer at any moment and the pipe's answer
    /// is fed from the file reader's: which call's token cancels a waiting read (canceling the second call's token
    /// races with the data; the pipe is canceled only if the file reader was), and TryRead while a read waits (a
    /// background read may have answered the wait first). ConcurrentReadParityTests compare both with the reads held.
    /// </remarks>
    /// <returns><see langword="true"/> when the case ended.</returns>
    private async Task<bool> ConcurrentReadsBothAsync()
    {
        int variant = this.random.Next(5);
        int between = this.random.Next(3);
        if (between == 1 && this.tentative)
        {
            // After a TryRead that returned false, Pipe's tentative read lasts until its awaitable gives a result, so
            // an AdvanceTo before that ends it; the file reader's ReadAsync ends it (a documented difference).
            between = 0;
        }

        string call = variant switch
        {
            0 => "ReadAsync, a waiter under an execution context",
            1 => "ReadAsync, awaited, then asked again",
            2 => "ReadAsync, a second call while it waits, its token canceled",
            3 => "ReadAsync, a second call while it waits, a waiter on each",
            _ => $"ReadAsync, then {(between == 0 ? "CancelPendingRead" : between == 1 ? "AdvanceTo(default)" : "TryRead")} after it answered and before its awaitable was asked",
        };
        this.Log(call);
        ValueTask<ReadResult> onFile = default;
        Type? fileThrew = ParityOutcome.ErrorOf(() => onFile = this.file.ReadAsync(this.timeout.Token));
        if (fileThrew is not null || onFile.IsCompleted)
        {
            this.ComparePipeRead(call, fileThrew is null ? await ParityOutcome.OfAsync(() => onFile) : new ParityOutcome(fileThrew, false, default), this.timeout.Token);
            return false;
        }

        ValueTask<ReadResult> onPipe = default;
        Type? pipeThrew = ParityOutcome.ErrorOf(() => onPipe = this.pipe.Reader.ReadAsync(this.timeout.Token));
        if (pipeThrew is not null || onPipe.IsCompleted)
        {
            throw new ParityMismatchException($"{call}: the file reader waits, where a pipe fed the same bytes {(pipeThrew is null ? "answers" : $"threw {pipeThrew.Name}")}");
        }

        if (variant == 4)
        {
            return await this.CallBeforeTheResultBothAsync(call, between, onFile, onPipe);
        }

        using var fileSecondToken = CancellationTokenSource.CreateLinkedTokenSource(this.timeout.Token);
        using var pipeSecondToken = CancellationTokenSource.CreateLinkedTokenSource(this.timeout.Token);
        ValueTask<ReadResult> secondOnFile = default;
        ValueTask<ReadResult> secondOnPipe = default;
        if (variant >= 2)
        {
            Type? secondThrew = ParityOutcome.ErrorOf(() => secondOnFile = this.file.ReadAsync(fileSecondToken.Token));
            if (secondThrew is null && secondOnFile.IsCompleted)
            {
                // The data came first: as on Pipe, the second call takes it, and the first awaitable then finds a read
                // in progress. The pipe, fed the same data first, must do the same.
                this.ComparePipeRead($"{call}: the second call, after the data came", ParityOutcome.Of(() => (true, secondOnFile.GetAwaiter().GetResult())), pipeSecondToken.Token);
                Compare($"{call}: the first awaitable after the second call took the data", ParityOutcome.ErrorOf(() => onFile.GetAwaiter().GetResult()), ParityOutcome.ErrorOf(() => onPipe.GetAwaiter().GetResult()));
                return false;
            }

            Compare($"{call}: the second call", secondThrew, ParityOutcome.ErrorOf(() => secondOnPipe = this.pipe.Reader.ReadAsync(pipeSecondToken.Token)));
        }

        if (variant == 3)
        {
            return await this.TwoWaitersBothAsync(call, onFile, secondOnFile, onPipe, secondOnPipe);
        }

        if (variant == 2)
        {
            fileSecondToken.Cancel();
        }

        // One waiter each, registered with an AsyncLocal value that changes after the registration: Pipe runs the
        // continuation in the context it was registered in.
        // The waiter is the only one: the result is taken once it ran, a second waiter would be misuse.
        Task<string> fileSaw = SeenByWaiter(onFile);
        Task<string> pipeSaw = SeenByWaiter(onPipe);
        string seenOnFile = await fileSaw.WaitAsync(TestTimeout.Limit);
        ParityOutcome fileOutcome = ParityOutcome.Of(() => (true, onFile.GetAwaiter().GetResult()));

        if (fileOutcome.Error == typeof(OperationCanceledException) && variant == 2)
        {
            pipeSecondToken.Cancel();
        }
        else
        {
            this.FeedPipe(fileOutcome);
        }

        string seenOnPipe = await pipeSaw.WaitAsync(TestTimeout.Limit);
        ParityOutcome pipeOutcome = ParityOutcome.Of(() => (true, onPipe.GetAwaiter().GetResult()));
        if (seenOnFile != seenOnPipe)
        {
            throw new ParityMismatchException($"{call}: the file reader's waiter saw the context value '{seenOnFile}', a pipe's '{seenOnPipe}'");
        }

        this.CompareResults(call, fileOutcome, pipeOutcome);

        // Pipe counts a read its token canceled as a tentative read, which an AdvanceTo may end.
        this.tentative |= fileOutcome.Error == typeof(OperationCanceledException);
        if (variant == 1 && fileOutcome.Returned && !fileOutcome.Result.IsCanceled)
        {
            // The awaitable asked again with its result outstanding: Pipe refuses it as a read in progress.
            Compare($"{call}: asked again", ParityOutcome.ErrorOf(() => onFile.GetAwaiter().GetResult()), ParityOutcome.ErrorOf(() => onPipe.GetAwaiter().GetResult()));
        }

        return false;
    }

    /// <summary>
    /// A call after the file reader's waiting read answered and before its awaitable was asked: Pipe builds a read's
    /// result when it is asked, so the call acts on it (a cancellation marks it, an AdvanceTo finds no read, a TryRead
    /// takes it). The pipe is then fed what the file reader gave, and the same call made on it.
    /// </summary>
    private async Task<bool> CallBeforeTheResultBothAsync(string call, int between, ValueTask<ReadResult> onFile, ValueTask<ReadResult> onPipe)
    {
        await Task.Run(() => SpinWait.SpinUntil(() => onFile.IsCompleted, TestTimeout.Limit));
        if (!onFile.IsCompleted)
        {
            throw new ParityMismatchException($"{call} on the file reader did not complete within {TestTimeout.Limit}");
        }

        ParityOutcome Between(PipeReader reader) => between switch
        {
            0 => ParityOutcome.Of(() =>
            {
                reader.CancelPendingRead();
                return (false, default);
            }),
            1 => new ParityOutcome(ParityOutcome.ErrorOf(() => reader.AdvanceTo(default)), false, default),
            _ => ParityOutcome.Of(() => (reader.TryRead(out ReadResult result), result)),
        };

        ParityOutcome betweenOnFile = Between(this.file);
        ParityOutcome fileOutcome = ParityOutcome.Of(() => (true, onFile.GetAwaiter().GetResult()));
        ParityOutcome data = betweenOnFile.Returned ? betweenOnFile : fileOutcome;
        if (data.Returned)
        {
            this.FeedPipe(data);
        }
        else if (data.Error == typeof(OperationCanceledException))
        {
            throw new ParityMismatchException($"{call}: the file reader's read was canceled with no token canceled");
        }

        ParityOutcome betweenOnPipe = Between(this.pipe.Reader);
        ParityOutcome pipeOutcome = ParityOutcome.Of(() => (true, onPipe.GetAwaiter().GetResult()));
        if (betweenOnFile.Error != betweenOnPipe.Error || betweenOnFile.Returned != betweenOnPipe.Returned)
        {
            throw new ParityMismatchException($"{call}: in between, the file reader {betweenOnFile}, a pipe {betweenOnPipe}");
        }

        if (betweenOnFile.Returned)
        {
            // The TryRead took the result: the awaitable then finds a read in progress.
            this.CompareResults(call + ": the TryRead", betweenOnFile, betweenOnPipe);
            Compare(call + ": the awaitable after the TryRead", fileOutcome.Error, pipeOutcome.Error);
            return false;
        }

        this.CompareResults(call, fileOutcome, pipeOutcome);
        return false;
    }

    /// <summary>A waiter on each of two calls: both waits fail and so does every read after them, on both readers; the
    /// case ends. If the file reader's data came before the second waiter, the first gets it and the second is a read in
    /// progress: the pipe is then fed first.</summary>
    private async Task<bool> TwoWaitersBothAsync(string call, ValueTask<ReadResult> first, ValueTask<ReadResult> second, ValueTask<ReadResult> firstOnPipe, ValueTask<ReadResult> secondOnPipe)
    {
        Task<ReadResult> firstWait = first.AsTask();
        Task<ReadResult> secondWait = second.AsTask();
        ParityOutcome[] onFile = [await ParityOutcome.OfAsync(() => new(firstWait.WaitAsync(TestTimeout.Limit))), await ParityOutcome.OfAsync(() => new(secondWait.WaitAsync(TestTimeout.Limit)))];
        ParityOutcome data = onFile.FirstOrDefault(outcome => outcome.Returned);
        if (data.Returned)
        {
            this.FeedPipe(data);
        }

        Task<ReadResult> firstPipeWait = firstOnPipe.AsTask();
        Task<ReadResult> secondPipeWait = secondOnPipe.AsTask();
        ParityOutcome[] onPipe = [await ParityOutcome.OfAsync(() => new(firstPipeWait.WaitAsync(TestTimeout.Limit))), await ParityOutcome.OfAsync(() => new(secondPipeWait.WaitAsync(TestTimeout.Limit)))];

        // Which waiter runs first is the thread pool's choice: compare the outcomes as a set.
        string Outcomes(ParityOutcome[] outcomes) => string.Join(", ", outcomes.Select(outcome => outcome.Returned ? $"returned {outcome.Result.Buffer.Length} bytes" : outcome.ToString()).Order());
        if (Outcomes(onFile) != Outcomes(onPipe))
        {
            throw new ParityMismatchException($"{call}: the file reader's waits {Outcomes(onFile)}, a pipe's {Outcomes(onPipe)}");
        }

        if (data.Returned)
        {
            ParityOutcome pipeData = onPipe.First(outcome => outcome.Returned);
            this.CompareResults(call, data, pipeData);
            return false;
        }

        Compare("ReadAsync after concurrent reads", (await ParityOutcome.OfAsync(() => this.file.ReadAsync(this.timeout.Token))).Error, (await ParityOutcome.OfAsync(() => this.pipe.Reader.ReadAsync(this.timeout.Token))).Error);
        Compare("TryRead after concurrent reads", ParityOutcome.ErrorOf(() => this.file.TryRead(out _)), ParityOutcome.ErrorOf(() => this.pipe.Reader.TryRead(out _)));
        return true;
    }

    /// <summary>The AsyncLocal value a continuation registered on <paramref name="read"/> sees, registered with one value
    /// that changes right after.</summary>
    private static Task<string> SeenByWaiter(ValueTask<ReadResult> read)
    {
        var seen = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        ExecutionContext.Run(
            ExecutionContext.Capture()!,
            _ =>
            {
                Flow.Value = "registered";
                read.GetAwaiter().OnCompleted(() => seen.TrySetResult(Flow.Value ?? "none"));
                Flow.Value = "changed";
            },
            null);
        return seen.Task;
    }

    private void TryReadBoth(string call)
    {
        this.Log(call);
        ParityOutcome onFile = ParityOutcome.Of(() => (this.file.TryRead(out ReadResult result), result));
        this.FeedPipe(onFile);
        ParityOutcome onPipe = ParityOutcome.Of(() => (this.pipe.Reader.TryRead(out ReadResult result), result));
        if (onFile.Error is null && !onFile.Returned && this.NothingNewIn(onPipe))
        {
            // Pipe's TryRead quirk (a documented difference): after AdvanceTo calls with default positions its count
            // of bytes not yet examined can exceed what its buffer holds unexamined, and its TryRead then returns
            // bytes already examined (or none), neither canceled nor completed, where its ReadAsync would wait. The
            // file reader's TryRead returns false. Both end their read, and the case goes on from the same state.
            this.Log($"(the pipe's TryRead returned {onPipe.Result.Buffer.Length} bytes examined before)");
            this.pipe.Reader.AdvanceTo(onPipe.Result.Buffer.Start, onPipe.Result.Buffer.End);
            this.file.AdvanceTo(default);
            this.tentative = false;
            this.outstanding = false;
            return;
        }

        this.CompareResults(call, onFile, onPipe);
    }

    private bool NothingNewIn(ParityOutcome outcome) =>
        outcome.Error is null && outcome.Returned && !outcome.Result.IsCanceled && !outcome.Result.IsCompleted
        && this.consumed + outcome.Result.Buffer.Length <= this.examinedEnd;

    /// <summary>Gives the pipe every byte the file reader's result holds, and the end if it reports the end.</summary>
    private void FeedPipe(ParityOutcome onFile)
    {
        if (!onFile.Returned)
        {
            return;
        }

        long end = this.consumed + onFile.Result.Buffer.Length;
        if (end > this.expected.Length)
        {
            throw new ParityMismatchException($"the file reader returned {end - this.expected.Length} bytes past the end of its range");
        }

        if (end > this.fed)
        {
            this.pipe.Writer.Write(this.expected.AsSpan((int)this.fed, (int)(end - this.fed)));
            ValueTask<FlushResult> flushed = this.pipe.Writer.FlushAsync();
            Assert.True(flushed.IsCompleted, "a pipe without a pause threshold flushes at once");
            this.fed = end;
        }

        if (onFile.Result.IsCompleted && !this.pipeCompleted)
        {
            this.pipe.Writer.Complete();
            this.pipeCompleted = true;
        }
    }

    private void CompareResults(string call, ParityOutcome onFile, ParityOutcome onPipe)
    {
        if (onFile.Error != onPipe.Error || onFile.Returned != onPipe.Returned
            || (onFile.Returned && (onFile.Result.IsCanceled != onPipe.Result.IsCanceled
                || onFile.Result.IsCompleted != onPipe.Result.IsCompleted
                || onFile.Result.Buffer.Length != onPipe.Result.Buffer.Length)))
        {
            throw new ParityMismatchException($"{call}: the file reader {onFile}, a pipe {onPipe}");
        }

        if (!onFile.Returned)
        {
            this.tentative |= onFile.Error is null;
            return;
        }

        ReadOnlySpan<byte> want = this.expected.AsSpan((int)this.consumed, (int)onFile.Result.Buffer.Length);
        if (!want.SequenceEqual(onFile.Result.Buffer.ToArray()) || !want.SequenceEqual(onPipe.Result.Buffer.ToArray()))
        {
            throw new ParityMismatchException($"{call}: the bytes at {this.consumed} are not the file's");
        }

        if (onFile.Result.IsCompleted && this.consumed + onFile.Result.Buffer.Length != this.expected.Length)
        {
            throw new ParityMismatchException($"{call}: completed at {this.consumed + onFile.Result.Buffer.Length} of {this.expected.Length} bytes");
        }

        this.fileResult = onFile.Result;
        this.pipeResult = onPipe.Result;
        this.previous = this.current;
        this.current = BufferMarks.Of(onFile.Result, onPipe.Result, this.consumed, this.random);
        this.outstanding = true;
        this.tentative = false;
        this.endSeen |= onFile.Result.IsCompleted;
        this.cancelPending &= !onFile.Result.IsCanceled;
        this.Log($"= {onFile.Result.Buffer.Length}{(onFile.Result.IsCanceled ? " canceled" : string.Empty)}{(onFile.Result.IsCompleted ? " completed" : string.Empty)}");
    }

    /// <summary>
    /// An <c>AdvanceTo</c> with arguments of every kind: the last buffer's start, end or a slice, <c>default</c>, or a
    /// position of the buffer before it. A position the file reader cannot prove to be in its buffer (one already
    /// consumed) must be refused, with nothing changed; the pipe, which checks no position, is not asked. Every other
    /// call must give what the pipe gives.
    /// </summary>
    private void AdvanceBoth(string after)
    {
        PositionArgument taken = this.PickArgument();
        PositionArgument examined = this.random.Next(100) < 40 ? taken : this.PickArgument();
        if (examined.Offset < this.examinedEnd)
        {
            // Pipe's contract: never less examined than before. System.IO.Pipelines 8.0's Pipe throws for it, 10.0's
            // takes it and counts bytes as unexamined that its buffer no longer holds (its TryRead then returns an
            // empty result where it should return false). The file reader keeps the furthest (a documented
            // difference); tests of its own check that.
            examined = taken.Offset is { } at && at >= this.examinedEnd ? taken : PositionArgument.Default;
        }

        string call = $"AdvanceTo({taken.Name}, {examined.Name}) {after}";
        this.Log(call);
        bool stale = taken.Offset < this.consumed || examined.Offset < this.consumed;
        Type? onFile = ParityOutcome.ErrorOf(() => this.file.AdvanceTo(taken.OnFile, examined.OnFile));
        if (stale || (onFile == typeof(InvalidOperationException) && this.AtConsumedFromAnEarlierBuffer(taken, examined)))
        {
            // Refused without a change, as it must be; the pipe would take it and move its read head anywhere.
            Compare(call, onFile, typeof(InvalidOperationException));
            return;
        }

        Type? onPipe = ParityOutcome.ErrorOf(() => this.pipe.Reader.AdvanceTo(taken.OnPipe, examined.OnPipe));
        Compare(call, onFile, onPipe);
        if (onFile is not null)
        {
            return;
        }

        // An empty buffer's positions are default on the file reader, which takes them as the buffer's start and end;
        // the pipe's are default only when it has no segment left, and then it examines nothing.
        if (examined.OnFile.GetObject() is not null || taken.OnFile.GetObject() is null)
        {
            this.examinedEnd = Math.Max(this.examinedEnd, examined.Offset ?? this.consumed);
        }

        this.consumed = taken.Offset ?? this.consumed;
        this.outstanding = false;
        this.tentative = false;
    }

    private PositionArgument PickArgument()
    {
        int kind = this.random.Next(100);
        if (kind < 10 || this.current is null)
        {
            return PositionArgument.Default;
        }

        if (kind < 25 && this.previous is not null)
        {
            return this.previous.Pick(this.random, earlier: true);
        }

        return this.current.Pick(this.random, earlier: false);
    }

    // A position at the consumed offset from a buffer the reader has since advanced in may point into a segment that
    // was consumed whole (the end of one): the file reader may refuse it. Only the last result's own buffer, not yet
    // advanced, is sure to hold it.
    private bool AtConsumedFromAnEarlierBuffer(PositionArgument taken, PositionArgument examined) =>
        (!this.outstanding || taken.Earlier || examined.Earlier)
        && (taken.Offset == this.consumed || examined.Offset == this.consumed);

    private void AdvanceExaminedBeforeConsumed()
    {
        if (this.fileResult.Buffer.IsEmpty)
        {
            return;
        }

        Compare(
            "AdvanceTo with examined before consumed",
            ParityOutcome.ErrorOf(() => this.file.AdvanceTo(this.fileResult.Buffer.End, this.fileResult.Buffer.Start)),
            ParityOutcome.ErrorOf(() => this.pipe.Reader.AdvanceTo(this.pipeResult.Buffer.End, this.pipeResult.Buffer.Start)));
    }

    private void CancelBoth()
    {
        this.Log("CancelPendingRead");
        this.cancelPending = true;
        this.file.CancelPendingRead();
        this.pipe.Reader.CancelPendingRead();
    }

    private async Task CompleteBothAsync()
    {
        this.file.Complete();
        this.pipe.Reader.Complete();
        Compare("TryRead after Complete", ParityOutcome.ErrorOf(() => this.file.TryRead(out _)), ParityOutcome.ErrorOf(() => this.pipe.Reader.TryRead(out _)));
        Compare(
            "ReadAsync after Complete",
            (await ParityOutcome.OfAsync(() => this.file.ReadAsync(this.timeout.Token))).Error,
            (await ParityOutcome.OfAsync(() => this.pipe.Reader.ReadAsync(this.timeout.Token))).Error);
    }

    /// <summary>The natural end: everything consumed after the end was seen; one more read gives an empty, completed result.</summary>
    private async Task FinishAsync()
    {
        await this.ReadBothAsync(this.timeout.Token, "ReadAsync after the end");
        if (!this.fileResult.IsCompleted || !this.fileResult.Buffer.IsEmpty)
        {
            throw new ParityMismatchException("the read after the end was not empty and completed");
        }

        this.file.AdvanceTo(this.fileResult.Buffer.End);
        this.pipe.Reader.AdvanceTo(this.pipeResult.Buffer.End);
    }

    private static void Compare(string call, Type? onFile, Type? onPipe)
    {
        if (onFile != onPipe)
        {
            throw new ParityMismatchException($"{call}: the file reader {Describe(onFile)}, a pipe {Describe(onPipe)}");
        }
    }

    private static string Describe(Type? error) => error is null ? "did not throw" : $"threw {error.Name}";

    /// <summary>
    /// A copy into a random destination, ending the case: a stream or a writer, taking everything or failing on a
    /// chosen call. The bytes the destination took and the bytes read after it must be the rest of the range, once
    /// each.
    /// </summary>
    private async Task CopyBothAsync()
    {
        if (!this.pipeCompleted)
        {
            this.pipe.Writer.Write(this.expected.AsSpan((int)this.fed));
            this.pipe.Writer.Complete();
            this.pipeCompleted = true;
        }

        bool toStream = this.random.Next(2) == 0;
        bool fails = this.random.Next(100) < 60;
        int failAt = fails ? this.random.Next(1, 5) : int.MaxValue;
        DestinationFailure failure = toStream
            ? (DestinationFailure)this.random.Next(2)
            : (DestinationFailure)this.random.Next(4);
        Func<CancellationTokenSource, IFailingDestination> create = toStream
            ? token => new FailingStream(failAt, failure, token)
            : token => new FailingPipeWriter(failAt, failure, token);
        byte[] rest = this.expected[(int)this.consumed..];

        (Type? fileError, byte[] fromFile) = await this.CopyThenDrainAsync(this.file, create);
        string call = $"CopyToAsync into a {(toStream ? "stream" : "writer")}{(fails ? $" failing ({failure}) on call {failAt}" : string.Empty)}";
        if (!rest.AsSpan().SequenceEqual(fromFile))
        {
            throw new ParityMismatchException($"{call} (the file reader {Describe(fileError)}): the destination and the reads after it hold {fromFile.Length} bytes, not the {rest.Length} left, once each");
        }

        if (!ReferencePipe.CopiesLikeTheFileReader)
        {
            return;
        }

        (Type? pipeError, byte[] fromPipe) = await this.CopyThenDrainAsync(this.pipe.Reader, create);

        // The number of calls a copy makes depends on segment sizes, which differ, so a failing destination can fail
        // one copy and not the other. And Pipe's reader keeps a failed flush's bytes that the writer holds too.
        if (!fails)
        {
            Compare(call, fileError, pipeError);
        }

        if ((!fails || toStream) && !rest.AsSpan().SequenceEqual(fromPipe))
        {
            throw new ParityMismatchException($"{call}: the test's own check fails on a pipe, so the check is wrong");
        }
    }

    private async Task<(Type? Error, byte[] Delivered)> CopyThenDrainAsync(PipeReader reader, Func<CancellationTokenSource, IFailingDestination> create)
    {
        using var copyToken = CancellationTokenSource.CreateLinkedTokenSource(this.timeout.Token);
        IFailingDestination destination = create(copyToken);
        Type? error = (await Record.ExceptionAsync(() => destination.CopyFromAsync(reader, copyToken.Token)))?.GetType();
        if (this.timeout.IsCancellationRequested)
        {
            throw new ParityMismatchException($"CopyToAsync did not complete within {TestTimeout.Limit}");
        }

        byte[] after = await PipeDrain.ReadAllAsync(reader, this.timeout.Token);
        return (error, [.. destination.Taken, .. after]);
    }
}
