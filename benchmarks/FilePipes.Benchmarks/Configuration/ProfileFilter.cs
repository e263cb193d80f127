using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using FilePipes.Benchmarks.ColdReads;

namespace FilePipes.Benchmarks.Configuration;

/// <summary>Keeps the cases of one <see cref="SuiteProfile"/> that can run on this system.</summary>
/// <param name="profile">The profile.</param>
/// <param name="coldReads">Whether the cold reads can run here; <see cref="ColdReadFilter.System"/> when not given.</param>
public sealed class ProfileFilter(SuiteProfile profile, ColdReadFilter? coldReads = null) : IFilter
{
    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);

        // Here rather than in Program, so the counters mode (which selects through this filter) skips them too.
        if (!(coldReads ?? ColdReadFilter.System).Keeps(benchmarkCase.Descriptor.Type))
        {
            return false;
        }

        if (profile == SuiteProfile.Full)
        {
            return true;
        }

        var parameters = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var parameter in benchmarkCase.Parameters.Items)
        {
            parameters[parameter.Name] = parameter.Value;
        }

        return QuickProfile.Includes(benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod.Name, parameters);
    }
}
