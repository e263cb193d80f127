namespace FilePipes.Tests;

/// <summary>Opens readers with the seam tests steer and count background reads through (<see cref="FilePipeReader.Probe"/>),
/// given in the options as production never gives it.</summary>
internal static class Probes
{
    /// <summary>Opens <paramref name="path"/> with a probe of its own, returned in <paramref name="probe"/>. Its clock
    /// says that reads in flight pay (<see cref="CheckClock.ReadsInFlightPay"/>), so an automatic reader keeps them
    /// whatever else the machine runs.</summary>
    public static FilePipeReader OpenReader(string path, FilePipeOptions options, out FilePipeReader.Probe probe) =>
        OpenReader(path, options, CheckClock.ReadsInFlightPay(), out probe);

    /// <summary>Opens <paramref name="path"/> with a probe of its own whose clock is <paramref name="clock"/>.</summary>
    public static FilePipeReader OpenReader(string path, FilePipeOptions options, Func<long> clock, out FilePipeReader.Probe probe)
    {
        probe = new FilePipeReader.Probe { Clock = clock };
        return FilePipe.OpenReader(path, options with { Probe = probe });
    }
}
