namespace FilePipes.Tests;

/// <summary>Opens readers with the seam tests steer and count background reads through (<see cref="FilePipeReader.Probe"/>),
/// given in the options as production never gives it.</summary>
internal static class Probes
{
    /// <summary>Opens <paramref name="path"/> with a probe of its own, returned in <paramref name="probe"/>.</summary>
    public static FilePipeReader OpenReader(string path, FilePipeOptions options, out FilePipeReader.Probe probe)
    {
        probe = new FilePipeReader.Probe();
        return FilePipe.OpenReader(path, options with { Probe = probe });
    }
}
