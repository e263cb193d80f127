using System.IO.Compression;
using System.Reflection.Metadata;
using System.Text.Json;
using System.Xml.Linq;
using Pipeline.Tests;

namespace FilePipes.Package.Tests;

/// <summary>The package as nuget.org and a user would see it: its files, its metadata, its symbols, and a program using it.</summary>
public sealed class PackageTests(PackedLibrary package) : IClassFixture<PackedLibrary>
{
    // The kind of custom debug information that holds SourceLink's JSON (Portable PDB specification).
    private static readonly Guid SourceLinkKind = new("CC110556-A091-4D38-9FEC-25AB9A351A6A");

    public static TheoryData<string> Frameworks => new(PackedLibrary.Frameworks);

    [Theory]
    [MemberData(nameof(Frameworks))]
    public void ConsumerReadsAFileThroughThePackage(string framework)
    {
        var run = PackedLibrary.Dotnet(package.Consumer, new Dictionary<string, string?>(), TimeSpan.FromMinutes(3),
            "run", "--no-build", "-c", "Release", "-f", framework);

        Assert.True(run.ExitCode == 0, $"the consumer exited {run.ExitCode}:\n{run.Output}");
        var runtime = framework == "net8.0" ? ".NET 8." : ".NET 10.";
        Assert.Contains($"runtime: {runtime}", run.StdOut, StringComparison.Ordinal);
        // The package's build, not some other: its version and the commit it was built from.
        Assert.Contains($"library: {package.Version}+{package.Commit}", run.StdOut, StringComparison.Ordinal);
        Assert.Contains($"read: {ConsumerProject.FileLength} bytes, equal", run.StdOut, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Frameworks))]
    public void ReadmeExamplesCompileAgainstThePackageAndRun(string framework)
    {
        // Every readme must show one example at least; each was compiled into the consumer, or the fixture's build failed.
        foreach (var readme in ReadmeExamples.Readmes)
        {
            Assert.Contains(ConsumerProject.Examples, e => e.Name.StartsWith(readme + " ", StringComparison.Ordinal));
        }

        var run = PackedLibrary.Dotnet(package.Consumer, new Dictionary<string, string?>(), TimeSpan.FromMinutes(3),
            "run", "--no-build", "-c", "Release", "-f", framework, "--", ConsumerProject.RunReadmeExamples);

        Assert.True(run.ExitCode == 0, $"the readme examples exited {run.ExitCode}:\n{run.Output}");
        foreach (var (name, _, _) in ConsumerProject.Examples)
        {
            Assert.Contains($"{name}: ran, ", run.StdOut, StringComparison.Ordinal);
        }

        Assert.DoesNotContain("copy different", run.StdOut, StringComparison.Ordinal);
    }

    [Fact]
    public void PackageHoldsBothFrameworksTheirDocsAndTheReadme()
    {
        using var zip = ZipFile.OpenRead(package.PackagePath);
        var entries = zip.Entries.Select(e => e.FullName).ToHashSet();

        foreach (var framework in PackedLibrary.Frameworks)
        {
            Assert.Contains($"lib/{framework}/FilePipes.dll", entries);
            Assert.Contains($"lib/{framework}/FilePipes.xml", entries);
        }

        Assert.DoesNotContain(entries, e => e.EndsWith(".pdb", StringComparison.Ordinal));
        using var readme = new StreamReader(zip.GetEntry("README.md")!.Open());
        Assert.Equal(File.ReadAllText(Path.Combine(RepositoryRoot.Path, "src", "FilePipes", "README.md")), readme.ReadToEnd());
    }

    [Fact]
    public void NuspecCarriesLicenseReadmeRepositoryAndLinks()
    {
        var metadata = ReadNuspec(package.PackagePath);
        XNamespace ns = metadata.Name.Namespace;
        string Value(string name) => metadata.Element(ns + name)?.Value ?? "";

        Assert.Equal("FilePipes", Value("id"));
        Assert.Equal(package.Version, Value("version"));
        Assert.NotEmpty(Value("authors"));
        Assert.NotEmpty(Value("description"));
        Assert.Contains("pipelines", Value("tags").Split(' '));
        Assert.Equal("MIT", Value("license"));
        Assert.Equal("expression", metadata.Element(ns + "license")!.Attribute("type")!.Value);
        Assert.Equal("README.md", Value("readme"));
        Assert.Equal(PackedLibrary.RepositoryUrl, Value("projectUrl"));
        Assert.Equal($"{PackedLibrary.RepositoryUrl}/releases", Value("releaseNotes"));

        var repository = metadata.Element(ns + "repository")!;
        Assert.Equal("git", repository.Attribute("type")!.Value);
        Assert.Equal(PackedLibrary.RepositoryUrl, repository.Attribute("url")!.Value);
        Assert.Equal(package.Commit, repository.Attribute("commit")!.Value);

        // net10.0 has System.IO.Pipelines in its shared framework; net8.0 needs the package.
        var groups = metadata.Element(ns + "dependencies")!.Elements(ns + "group")
            .ToDictionary(g => g.Attribute("targetFramework")!.Value, g => g.Elements(ns + "dependency").Select(d => d.Attribute("id")!.Value).ToArray());
        Assert.Equal(["System.IO.Pipelines"], groups["net8.0"]);
        Assert.Empty(groups["net10.0"]);
    }

    [Fact]
    public void SymbolsPackagePdbsLinkEverySourceToTheCommitOnGitHub()
    {
        using var zip = ZipFile.OpenRead(package.SymbolsPackagePath);
        foreach (var framework in PackedLibrary.Frameworks)
        {
            var entry = zip.GetEntry($"lib/{framework}/FilePipes.pdb");
            Assert.True(entry is not null, $"no pdb for {framework} in the symbols package");
            using var pdb = new MemoryStream();
            using (var stream = entry.Open())
            {
                stream.CopyTo(pdb);
            }

            pdb.Position = 0;
            using var provider = MetadataReaderProvider.FromPortablePdbStream(pdb);
            var reader = provider.GetMetadataReader();

            var sourceLink = reader.CustomDebugInformation.Select(reader.GetCustomDebugInformation)
                .Where(info => reader.GetGuid(info.Kind) == SourceLinkKind)
                .Select(info => JsonDocument.Parse(reader.GetBlobBytes(info.Value)))
                .Single();
            var documents = sourceLink.RootElement.GetProperty("documents").EnumerateObject()
                .ToDictionary(p => p.Name, p => p.Value.GetString());
            var raw = PackedLibrary.RepositoryUrl.Replace("https://github.com/", "https://raw.githubusercontent.com/", StringComparison.Ordinal);
            Assert.Equal(new Dictionary<string, string?> { ["/_/*"] = $"{raw}/{package.Commit}/*" }, documents);

            // A deterministic (CI) build names sources under /_/, never the build machine's folders.
            var paths = reader.Documents.Select(d => reader.GetString(reader.GetDocument(d).Name)).ToArray();
            Assert.Contains("/_/src/FilePipes/FilePipe.cs", paths);
            Assert.All(paths, p => Assert.StartsWith("/_/", p, StringComparison.Ordinal));
        }
    }

    private static XElement ReadNuspec(string nupkg)
    {
        using var zip = ZipFile.OpenRead(nupkg);
        using var stream = zip.GetEntry("FilePipes.nuspec")!.Open();
        var root = XDocument.Load(stream).Root!;
        return root.Element(root.Name.Namespace + "metadata")!;
    }
}
