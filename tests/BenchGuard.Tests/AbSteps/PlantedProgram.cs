namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// Puts the comparer's own program where a side's build puts FilePipes.Benchmarks.dll: a real .NET program that exits
/// 2 with one line on stderr for the arguments of a benchmark launch (its first one is not a comparer command), so the
/// A/B runner's and the trials' steps around a launch run without a benchmark build.
/// </summary>
internal static class PlantedProgram
{
    /// <summary>
    /// Copies the comparer to <paramref name="program"/>, with the runtime settings the host needs beside it and the
    /// command-line parser, which reads the arguments before any command could need another library.
    /// </summary>
    public static void At(string program)
    {
        var folder = Path.GetDirectoryName(program)!;
        Directory.CreateDirectory(folder);
        var comparer = typeof(Program).Assembly.Location;
        File.Copy(comparer, program, overwrite: true);
        File.Copy(Path.ChangeExtension(comparer, ".runtimeconfig.json"), Path.ChangeExtension(program, ".runtimeconfig.json"), overwrite: true);
        var parser = typeof(System.CommandLine.Command).Assembly.Location;
        File.Copy(parser, Path.Combine(folder, Path.GetFileName(parser)), overwrite: true);
    }
}
