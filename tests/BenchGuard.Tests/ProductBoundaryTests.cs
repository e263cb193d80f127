using System.Text.RegularExpressions;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// The product's C# names no repository that adopts it: what is FilePipes' comes from its benchguard.json. The
/// exceptions are the former schema prefix its readers still accept, and ChangePoints/, whose example names are
/// still FilePipes' (docs/architecture.md).
/// </summary>
public sealed class ProductBoundaryTests
{
    private static readonly string[] Known = ["src/BenchGuard/Output/SchemaName.cs", "src/BenchGuard/ChangePoints/"];

    [Fact]
    public void TheToolAndItsCountersPackageNameNoAdopter()
    {
        var root = RepositoryRoot.Path;
        var sources = new[] { "BenchGuard", "BenchGuard.Counters" }
            .SelectMany(project => Directory.EnumerateFiles(Path.Combine(root, "src", project), "*.cs", SearchOption.AllDirectories))
            .Select(file => Path.GetRelativePath(root, file).Replace('\\', '/'))
            .Where(file => !Regex.IsMatch(file, "/(bin|obj)/"))
            .ToList();
        Assert.Contains("src/BenchGuard/Trials/TrialPool.cs", sources);

        var naming = sources
            .Where(file => !Known.Any(known => file.StartsWith(known, StringComparison.Ordinal)))
            .Where(file => File.ReadAllText(Path.Combine(root, file)).Contains("filepipes", StringComparison.OrdinalIgnoreCase))
            .ToList();

        Assert.Empty(naming);
    }
}
