namespace BenchGuard.Cli;

/// <summary>
/// Options whose value goes to another program untouched and may itself look like an option
/// (<c>--bench-arg --job --bench-arg dry</c>), so they are taken out before <see cref="CommandArguments"/> parses the rest.
/// </summary>
internal static class PassThroughOptions
{
    /// <summary>Every value of <paramref name="name"/>, in order, and the arguments without them.</summary>
    public static (string[] Remaining, IReadOnlyList<string> Values) Take(string command, string[] args, string name)
    {
        var rest = new List<string>();
        var values = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            if (args[i] != name)
            {
                rest.Add(args[i]);
                continue;
            }

            if (i + 1 >= args.Length || args[i + 1].Length == 0)
            {
                throw new InputException($"{command}: option {name} needs a value");
            }

            values.Add(args[++i]);
        }

        return ([.. rest], values);
    }
}
