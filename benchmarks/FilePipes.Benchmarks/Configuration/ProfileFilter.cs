using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace FilePipes.Benchmarks.Configuration;

/// <summary>Keeps the cases of one <see cref="SuiteProfile"/>.</summary>
/// <param name="profile">The profile.</param>
public sealed class ProfileFilter(SuiteProfile profile) : IFilter
{
    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
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
