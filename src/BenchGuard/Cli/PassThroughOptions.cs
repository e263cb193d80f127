namespace BenchGuard.Cli;

/// <summary>
/// Options whose value goes to another program untouched and may itself look like an option
/// (<c>--bench-arg --job --bench-arg dry</c>, or <c>--bench-arg --filter</c>, which names an option of the command
/// too): each is joined to its value (<c>--bench-arg=--filter</c>) before parsing, so the parser never reads the value
/// as an option.
/// </summary>
internal static class PassThroughOptions
{
    /// <summary>The pass-through options of every command (<see cref="CommandOption.PassThrough"/>).</summary>
    public static readonly IReadOnlyList<string> Names = ["--bench-arg"];

    /// <summary>The arguments with each pass-through option joined to the token after it.</summary>
    public static string[] Bind(IReadOnlyList<string> args)
    {
        var bound = new List<string>(args.Count);
        for (var i = 0; i < args.Count; i++)
        {
            if (!Names.Contains(args[i], StringComparer.Ordinal))
            {
                bound.Add(args[i]);
                continue;
            }

            // Checked here: the parser takes a repeated option with no value as one more of the option's, not as an error.
            if (i + 1 >= args.Count || args[i + 1].Length == 0)
            {
                throw new InputException($"Required argument missing for option: '{args[i]}'.");
            }

            bound.Add($"{args[i]}={args[++i]}");
        }

        return [.. bound];
    }
}
