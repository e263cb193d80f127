using System.Buffers;
using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>Consumer loops the tests share: each reads a whole pipe in one access pattern.</summary>
internal static class PipeDrain
{
    /// <summary>Far more reads than any test file needs; a reader that never completes fails instead of hanging.</summary>
    public const int MaxReads = 100_000;

    /// <summary>Reads everything, consuming each buffer whole.</summary>
    public static async Task<byte[]> ReadAllAsync(PipeReader reader, CancellationToken cancellationToken = default)
    {
        var output = new MemoryStream();
        for (int reads = 0; ; reads++)
        {
            Assert.True(reads < MaxReads, "the reader did not complete");
            ReadResult result = await reader.ReadAsync(cancellationToken);
            foreach (ReadOnlyMemory<byte> memory in result.Buffer)
            {
                output.Write(memory.Span);
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                return output.ToArray();
            }
        }
    }

    /// <summary>Reads everything, consuming at most <paramref name="step"/> bytes of each buffer.</summary>
    public static async Task<byte[]> ReadInStepsAsync(PipeReader reader, int step, CancellationToken cancellationToken)
    {
        var output = new MemoryStream();
        for (int reads = 0; ; reads++)
        {
            Assert.True(reads < MaxReads, "the reader did not complete");
            ReadResult result = await reader.ReadAsync(cancellationToken);
            ReadOnlySequence<byte> taken = result.Buffer.Slice(0, Math.Min(step, result.Buffer.Length));
            output.Write(taken.ToArray());
            reader.AdvanceTo(taken.End);
            if (result.IsCompleted && taken.Length == result.Buffer.Length)
            {
                return output.ToArray();
            }
        }
    }

    /// <summary>Reads until a read throws <typeparamref name="TException"/>, consuming each buffer whole; the data must
    /// not end first.</summary>
    /// <returns>The bytes received before the failure, and the failure.</returns>
    public static async Task<(byte[] Received, TException Failure)> ReadUntilFailureAsync<TException>(
        PipeReader reader, CancellationToken cancellationToken)
        where TException : Exception
    {
        var received = new MemoryStream();
        for (int reads = 0; ; reads++)
        {
            Assert.True(reads < MaxReads, "the reader neither failed nor completed");
            ReadResult result;
            try
            {
                result = await reader.ReadAsync(cancellationToken);
            }
            catch (TException failure)
            {
                return (received.ToArray(), failure);
            }

            received.Write(result.Buffer.ToArray());
            reader.AdvanceTo(result.Buffer.End);
            Assert.False(result.IsCompleted, "the data ended without the failure");
        }
    }
}
