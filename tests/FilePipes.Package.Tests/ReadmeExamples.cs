using System.Text;
using System.Text.RegularExpressions;
using Pipeline.Tests;

namespace FilePipes.Package.Tests;

/// <summary>
/// The C# examples of the front page and of the package's own readme, as a user pastes them after
/// <c>dotnet add package FilePipes</c>: each becomes a method of the consumer project, so it is compiled against the
/// package on every framework the package ships for, and run.
/// </summary>
internal static partial class ReadmeExamples
{
    /// <summary>The readmes whose examples must compile: the repository's front page and the one nuget.org shows.</summary>
    public static readonly string[] Readmes = ["README.md", "src/FilePipes/README.md"];

    /// <summary>Gets every <c>```csharp</c> block of <paramref name="readme"/>, in order.</summary>
    public static IReadOnlyList<string> Of(string readme)
    {
        var blocks = new List<string>();
        StringBuilder? block = null;
        foreach (var line in File.ReadAllLines(Path.Combine(RepositoryRoot.Path, readme)))
        {
            if (block is null)
            {
                if (line.Trim() is "```csharp" or "```cs" or "```c#")
                {
                    block = new StringBuilder();
                }
            }
            else if (line.Trim() == "```")
            {
                blocks.Add(block.ToString());
                block = null;
            }
            else
            {
                block.AppendLine(line);
            }
        }

        return blocks;
    }

    /// <summary>
    /// Writes one example as <c>static async Task RunAsync()</c> of class <paramref name="className"/>: its
    /// <c>using</c> directives go above the class, its statements into the method.
    /// </summary>
    public static string AsClass(string example, string className)
    {
        var directives = new StringBuilder();
        var body = new StringBuilder();
        foreach (var line in example.Split('\n'))
        {
            if (UsingDirective().IsMatch(line))
            {
                directives.AppendLine(line.Trim());
            }
            else
            {
                body.AppendLine(line.TrimEnd('\r'));
            }
        }

        return directives.ToString()
            + $"internal static class {className}\n{{\n"
            + "public static async Task RunAsync()\n{\n"
            + body.ToString()
            + "}\n}\n";
    }

    [GeneratedRegex(@"^using [A-Za-z0-9_.]+;\s*$")]
    private static partial Regex UsingDirective();
}
