namespace FakeBenchmarks;

/// <summary>The command line as BenchmarkDotNet and the counters host read it: options, each with its values.</summary>
internal sealed class Arguments
{
    private readonly Dictionary<string, List<string>> options = new(StringComparer.Ordinal);

    /// <summary>Gets the --filter globs (BenchmarkDotNet takes several after one --filter, and several --filter).</summary>
    public IReadOnlyList<string> Filters => this.Values("--filter");

    public static Arguments Parse(string[] args)
    {
        var parsed = new Arguments();
        List<string>? current = null;
        foreach (var arg in args)
        {
            if (arg.StartsWith("--", StringComparison.Ordinal))
            {
                if (!parsed.options.TryGetValue(arg, out current))
                {
                    current = [];
                    parsed.options[arg] = current;
                }
            }
            else if (current is not null)
            {
                current.Add(arg);
            }
            else
            {
                throw new FakeInputException($"unexpected argument '{arg}'");
            }
        }

        return parsed;
    }

    public bool Has(string option) => this.options.ContainsKey(option);

    public IReadOnlyList<string> Values(string option) => this.options.TryGetValue(option, out var values) ? values : [];

    public string? Value(string option) => this.options.TryGetValue(option, out var values) ? values.LastOrDefault() ?? "" : null;
}
