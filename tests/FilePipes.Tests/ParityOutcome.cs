using System.IO.Pipelines;

namespace FilePipes.Tests;

/// <summary>What one call on a reader gave: an exception's type, or whether it returned a result, and that result.</summary>
internal readonly record struct ParityOutcome(Type? Error, bool Returned, ReadResult Result)
{
    public static ParityOutcome Of(Func<(bool Returned, ReadResult Result)> call)
    {
        try
        {
            (bool returned, ReadResult result) = call();
            return new ParityOutcome(null, returned, result);
        }
        catch (Exception ex)
        {
            return new ParityOutcome(ex.GetType(), false, default);
        }
    }

    public static async Task<ParityOutcome> OfAsync(Func<ValueTask<ReadResult>> call)
    {
        try
        {
            return new ParityOutcome(null, true, await call());
        }
        catch (Exception ex)
        {
            return new ParityOutcome(ex.GetType(), false, default);
        }
    }

    public static Type? ErrorOf(Action call)
    {
        try
        {
            call();
            return null;
        }
        catch (Exception ex)
        {
            return ex.GetType();
        }
    }

    public override string ToString() =>
        this.Error is not null ? $"threw {this.Error.Name}"
        : !this.Returned ? "returned false"
        : $"returned {this.Result.Buffer.Length} bytes (canceled: {this.Result.IsCanceled}, completed: {this.Result.IsCompleted})";
}
