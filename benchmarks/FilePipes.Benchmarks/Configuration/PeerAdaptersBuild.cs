using BenchmarkDotNet.Jobs;

namespace FilePipes.Benchmarks.Configuration;

/// <summary>
/// BenchmarkDotNet rebuilds this project for every run, without the properties this build was given. A build with
/// <c>-p:PeerAdapters=true</c> therefore passes the switch on to that rebuild, or the generated code would call the
/// peer-adapter benchmarks that the rebuild left out. A mutator job, so it also applies to a <c>--job</c> from the
/// command line.
/// </summary>
public static class PeerAdaptersBuild
{
    /// <summary>Gets whether this build includes the peer adapters.</summary>
    public static bool IsOn =>
#if PEER_ADAPTERS
        true;
#else
        false;
#endif

    /// <summary>Gets the job mutator that turns the switch on in BenchmarkDotNet's rebuild.</summary>
    public static Job Mutator { get; } = new Job("PeerAdapters")
        .WithArguments([new MsBuildArgument("/p:PeerAdapters=true")])
        .AsMutator();
}
