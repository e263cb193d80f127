namespace FilePipes.Tests;

/// <summary>
/// Clocks for an automatic reader's check of whether reads in flight pay (<see cref="ReadsInFlightCheck"/>), given
/// through <see cref="FilePipeReader.Probe.Clock"/>. The reader asks the clock twice for its inline window (at its
/// start and its end), then once at every consumer read under the lock while reads in flight are timed; so a clock
/// that counts its calls decides the verdict whatever the machine's real speed.
/// </summary>
internal static class CheckClock
{
    /// <summary>The inline window's length in ticks.</summary>
    public const long InlineWindowTicks = 1_000_000;

    /// <summary>Gets a clock under which the inline window takes <see cref="InlineWindowTicks"/> and reads in flight
    /// take no time at all: they pay.</summary>
    public static Func<long> ReadsInFlightPay() => Counting(perCallAfterInline: 0);

    /// <summary>Gets a clock under which each consumer read with reads in flight takes a million times the whole inline
    /// window: they never pay, however many bytes one read finds ready.</summary>
    public static Func<long> ReadsInFlightDoNotPay() => Counting(perCallAfterInline: InlineWindowTicks * 1_000_000);

    private static Func<long> Counting(long perCallAfterInline)
    {
        long calls = 0;
        return () =>
        {
            long call = Interlocked.Increment(ref calls);
            return call == 1 ? 0 : InlineWindowTicks + ((call - 2) * perCallAfterInline);
        };
    }
}
