using System.Text.Json;
using System.Text.Json.Serialization;

namespace BenchGuard.Tests.AbSteps;

/// <summary>
/// What a planted tests/FakeBenchmarks build answers (its Behaviour.cs reads this as fake-benchmarks.json beside the
/// program). By default: the committed BenchmarkDotNet 0.15.8 export of FileStreamBenchmarks (Read and Write, one
/// case each), unchanged.
/// </summary>
internal sealed record FakeBuild
{
    /// <summary>The two benchmarks' FullNames in the default export.</summary>
    public const string Read = "FilePipes.Benchmarks.FileStreamBenchmarks.Read(UserBufferSize: 4096, FileOptions: None, FileSize: 1MiB)";

    /// <inheritdoc cref="Read"/>
    public const string Write = "FilePipes.Benchmarks.FileStreamBenchmarks.Write(UserBufferSize: 4096, FileOptions: None, FileSize: 1MiB)";

    private static readonly JsonSerializerOptions Json = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    };

    /// <summary>Gets the export served.</summary>
    public string Export { get; init; } = Path.Combine(AppContext.BaseDirectory, "RealOutput", "Exports", "bdn-0.15.8", "FilePipes.Benchmarks.FileStreamBenchmarks-report-full.json");

    /// <summary>Gets the factor on the times of the benchmarks whose FullName contains a key.</summary>
    public Dictionary<string, double>? Slower { get; init; }

    /// <summary>Gets fragments of the FullNames of benchmarks that throw.</summary>
    public string[]? Failing { get; init; }

    /// <summary>Gets the exit code of a launch that crashes at start.</summary>
    public int? ExitCode { get; init; }

    /// <summary>Gets the exit code of an out-of-process launch that crashes at start.</summary>
    public int? OutOfProcessExitCode { get; init; }

    /// <summary>Gets a value indicating whether the launches' exports are cut in half.</summary>
    public bool? DamagedExport { get; init; }

    /// <summary>Gets a value indicating whether each launch writes its export twice, under two names.</summary>
    public bool? DuplicateExport { get; init; }

    /// <summary>Gets the bytes per operation the launches and the counters run add to the benchmarks whose FullName contains a key.</summary>
    public Dictionary<string, long>? ExtraBytes { get; init; }

    /// <summary>Gets the read calls per operation the counters run adds.</summary>
    public Dictionary<string, long>? ExtraReadCalls { get; init; }

    /// <summary>Gets the instructions per operation the callgrind run adds.</summary>
    public Dictionary<string, long>? ExtraInstructions { get; init; }

    /// <summary>Gets the function the callgrind run's marks name, when not getpgrp.</summary>
    public string? MarkFunction { get; init; }

    /// <summary>Gets how many dumps the callgrind run leaves out at the end.</summary>
    public int? MissingParts { get; init; }

    /// <summary>Gets a value indicating whether the callgrind run crashes in its first case, as the runtime did under valgrind with W^X on.</summary>
    public bool? CallgrindCrash { get; init; }

    /// <summary>Gets the message of a counters run that fails.</summary>
    public string? CountersError { get; init; }

    /// <summary>Gets a value indicating whether the counters run exits 0 without writing its file.</summary>
    public bool? CountersWithoutFile { get; init; }

    /// <summary>Gets a value indicating whether the program refuses --counters as a plain BenchmarkSwitcher program does.</summary>
    public bool? NoCountersMode { get; init; }

    /// <summary>Plants the fake program at <paramref name="program"/> (where a side's build puts FilePipes.Benchmarks.dll).</summary>
    public void At(string program)
    {
        var folder = Path.GetDirectoryName(program)!;
        Directory.CreateDirectory(folder);
        var fake = Path.Combine(AppContext.BaseDirectory, "FakeBenchmarks.dll");
        File.Copy(fake, program, overwrite: true);
        File.Copy(Path.ChangeExtension(fake, ".runtimeconfig.json"), Path.ChangeExtension(program, ".runtimeconfig.json"), overwrite: true);
        File.WriteAllText(Path.Combine(folder, "fake-benchmarks.json"), JsonSerializer.Serialize(this, Json));
    }

    /// <summary>
    /// Plants the fake at <paramref name="program"/> with an apphost beside it (an empty file: only the callgrind
    /// stand-in is given it), and a script named valgrind in <paramref name="bin"/> that runs the fake as callgrind.
    /// </summary>
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public void WithCallgrindAt(string program, string bin)
    {
        this.At(program);
        File.WriteAllText(Path.ChangeExtension(program, null), "");
        var script = Path.Combine(bin, "valgrind");
        File.WriteAllText(script, $"#!/bin/sh\nexec dotnet '{program}' --as-valgrind \"$@\"\n");
        File.SetUnixFileMode(script, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
    }
}
