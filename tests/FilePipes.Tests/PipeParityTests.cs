namespace FilePipes.Tests;

/// <summary>
/// Seeded differential tests: <see cref="FilePipeReader"/> and <see cref="FilePipeWriter"/> against a
/// <see cref="System.IO.Pipelines.Pipe"/> fed the same bytes and driven by the same random consumer or producer.
/// </summary>
/// <remarks>
/// <c>dotnet test</c> runs a bounded number of cases. <c>FILEPIPES_PARITY_CASES=N</c> runs N cases of each (the long
/// run); <c>FILEPIPES_PARITY_SEED=S</c> runs the one case with seed S, which every failure names. A case's actions are
/// fixed by its seed; with read-ahead, what a read returns also depends on the background read's timing.
/// </remarks>
public sealed class PipeParityTests : IDisposable
{
    /// <summary>Enough to meet every action in every mode in a few seconds of the test run.</summary>
    private const int DefaultCases = 150;

    private readonly ScratchFiles files = new();

    [Fact]
    public Task TheReaderBehavesLikeAPipeFedTheSameBytes() =>
        RunCasesAsync("reader", seed => new ReaderParityCase(seed, this.files).RunAsync());

    [Fact]
    public Task TheWriterBehavesLikeAPipeGivenTheSameWrites() =>
        RunCasesAsync("writer", seed => new WriterParityCase(seed, this.files).RunAsync());

    public void Dispose() => this.files.Dispose();

    private static async Task RunCasesAsync(string subject, Func<int, Task> runCase)
    {
        foreach (int seed in Seeds())
        {
            try
            {
                await runCase(seed);
            }
            catch (Exception ex)
            {
                throw new ParityMismatchException(
                    $"{subject} case with seed {seed} failed (rerun it alone with FILEPIPES_PARITY_SEED={seed}): {ex.Message}", ex);
            }
        }
    }

    private static IEnumerable<int> Seeds()
    {
        string? single = Environment.GetEnvironmentVariable("FILEPIPES_PARITY_SEED");
        if (!string.IsNullOrEmpty(single))
        {
            return [int.Parse(single, System.Globalization.CultureInfo.InvariantCulture)];
        }

        string? count = Environment.GetEnvironmentVariable("FILEPIPES_PARITY_CASES");
        int cases = string.IsNullOrEmpty(count) ? DefaultCases : int.Parse(count, System.Globalization.CultureInfo.InvariantCulture);
        return Enumerable.Range(1, cases);
    }
}

/// <summary>A difference between a file pipe and a <see cref="System.IO.Pipelines.Pipe"/>, or a broken promise of either.</summary>
internal sealed class ParityMismatchException(string message, Exception? inner = null) : Exception(message, inner);
