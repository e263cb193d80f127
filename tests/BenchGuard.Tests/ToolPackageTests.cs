using BenchGuard.AB;
using BenchGuard.Commands;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests;

/// <summary>
/// The tool as an adopter gets it: packed as a .NET tool from a copy of its sources, installed from a local feed with
/// <c>dotnet tool install</c>, and run by its command name. Packed once for the class (about a minute).
/// </summary>
[Collection(InstalledToolCollection.Name)]
public sealed class ToolPackageTests
{
    private readonly InstalledTool tool;

    public ToolPackageTests(InstalledTool tool) => this.tool = tool;

    [Fact]
    public void VersionIsThePackagesVersion()
    {
        var run = this.tool.Run("--version");

        Assert.True(run.ExitCode == 0, run.Error);
        // The package's version, then the commit SourceLink adds after a '+' where the sources are in git.
        Assert.StartsWith(this.tool.Version, run.Output.Trim(), StringComparison.Ordinal);
        Assert.Single(run.Output.Trim().Split('\n'));
    }

    [Fact]
    public void EveryCommandIsThere()
    {
        var policy = this.tool.Run("policy");
        Assert.True(policy.ExitCode == 0, policy.Error);
        Assert.Equal(string.Concat(PolicyCommand.Values.Select(v => $"{v.Name}={v.Value}\n")), policy.Output.ReplaceLineEndings("\n"));

        var changePoints = this.tool.Run("change-points", "--help");
        Assert.True(changePoints.ExitCode == 0, changePoints.Error);
        Assert.Contains("benchguard change-points [command] [options]", changePoints.Output, StringComparison.Ordinal);

        var unknown = this.tool.Run("no-such-command");
        Assert.Equal(2, unknown.ExitCode);
        Assert.Equal("error: Unrecognized command or argument 'no-such-command'. (see benchguard --help)", unknown.Error.Trim());
    }

    /// <summary>The tool packed with a version of its own and installed into a tool folder.</summary>
    public sealed class InstalledTool : IDisposable
    {
        private static readonly TimeSpan Limit = TimeSpan.FromMinutes(10);
        private readonly TempFolder root = new();
        private readonly string command;

        public InstalledTool()
        {
            // A copy of what the project builds from, so packing never touches the checkout's bin and obj.
            var repository = RepositoryRoot.Path;
            var copy = this.root.Folder("repo");
            foreach (var file in new[] { "Directory.Build.props", "Directory.Packages.props", "global.json" })
            {
                var target = Path.Combine(copy, file);
                Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                File.Copy(Path.Combine(repository, file), target);
            }

            // The tool, and the counters mode it references, which an adopter's benchmark program references too.
            foreach (var project in new[] { "BenchGuard", "BenchGuard.Counters" })
            {
                var source = Path.Combine(repository, "src", project);
                foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories)
                    .Where(f => !Path.GetRelativePath(source, f).Split(Path.DirectorySeparatorChar).Any(part => part is "bin" or "obj")))
                {
                    var target = Path.Combine(copy, "src", project, Path.GetRelativePath(source, file));
                    Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                    File.Copy(file, target);
                }
            }

            var feed = this.Feed = this.root.Folder("feed");
            foreach (var project in new[] { "BenchGuard", "BenchGuard.Counters" })
            {
                Succeed(ChildProcess.Run("dotnet", ["pack", Path.Combine(copy, "src", project, $"{project}.csproj"), "-c", "Release", "-o", feed, $"-p:Version={this.Version}"], copy, Limit));
                Assert.True(File.Exists(Path.Combine(feed, $"{project}.{this.Version}.nupkg")), string.Join(", ", Directory.GetFiles(feed)));
            }

            var tools = this.root.Folder("tools");
            Succeed(ChildProcess.Run("dotnet", ["tool", "install", "BenchGuard", "--tool-path", tools, "--add-source", feed, "--version", this.Version], this.root.Path, Limit));
            this.command = Path.Combine(tools, OperatingSystem.IsWindows() ? "benchguard.exe" : "benchguard");
        }

        /// <summary>Gets the version packed: unique, so no package an earlier run left in the NuGet cache is installed.</summary>
        public string Version { get; } = $"1.2.3-tooltest.{Guid.NewGuid():N}";

        /// <summary>Gets the folder the packages were packed into: a NuGet source for the tool and BenchGuard.Counters.</summary>
        public string Feed { get; }

        /// <summary>Gets the installed command's path.</summary>
        public string Command => this.command;

        internal ChildOutcome Run(params string[] arguments) => ChildProcess.Run(this.command, arguments, this.root.Path, Limit);

        public void Dispose() => this.root.Dispose();

        private static void Succeed(ChildOutcome outcome) =>
            Assert.True(outcome.Succeeded, $"exit {outcome.ExitCode}{(outcome.TimedOut ? " (timed out)" : "")}\n{outcome.Output}\n{outcome.Error}");
    }
}

/// <summary>One packed and installed tool for every class that runs it (packing takes about a minute).</summary>
[CollectionDefinition(Name)]
public sealed class InstalledToolCollection : ICollectionFixture<ToolPackageTests.InstalledTool>
{
    /// <summary>The collection's name.</summary>
    public const string Name = "installed tool";
}
