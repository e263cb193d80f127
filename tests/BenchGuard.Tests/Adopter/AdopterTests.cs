using System.Text.Json;
using System.Xml.Linq;
using BenchGuard.AB;
using BenchGuard.Counters;
using BenchGuard.Tests.Infrastructure;

namespace BenchGuard.Tests.Adopter;

/// <summary>
/// A repository that is not FilePipes adopts the tool as its docs say: a plain BenchmarkDotNet program (no config,
/// no profiles) whose Main is BenchGuard.Counters' readme example, a benchguard.json naming its project, no stored
/// baselines yet, and the tool and BenchGuard.Counters installed from their packages. Its pull request plants a
/// slowdown and an allocation; the PR check finds both, the allocation by the timing run and by the exact counters.
/// </summary>
[Collection(InstalledToolCollection.Name)]
public sealed class AdopterTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(20);

    private static readonly Dictionary<string, string?> Identity = new()
    {
        ["GIT_AUTHOR_NAME"] = "adopter",
        ["GIT_AUTHOR_EMAIL"] = "adopter@localhost",
        ["GIT_COMMITTER_NAME"] = "adopter",
        ["GIT_COMMITTER_EMAIL"] = "adopter@localhost",
    };

    private readonly ToolPackageTests.InstalledTool tool;

    public AdopterTests(ToolPackageTests.InstalledTool tool) => this.tool = tool;

    [Fact]
    [Trait("Category", "AbEndToEnd")]
    public void APlainBenchmarkDotNetRepositoryGetsItsPullRequestChecked()
    {
        using var temp = new TempFolder();
        var root = temp.Folder("repo");
        Write(root, "global.json", File.ReadAllText(Path.Combine(RepositoryRoot.Path, "global.json")));
        // Seven rounds: at five, on a loaded machine, Sum's per-round ratios once spread so wide that the median
        // ratio's interval reached below 1, and a 4x slowdown read Same.
        Write(root, "benchguard.json", """{ "benchmarkProject": "bench/Bench.csproj", "pullRequest": { "rounds": 7 } }""");
        Write(root, ".gitignore", "bin/\nobj/\nartifacts/\n");
        Write(root, "nuget.config", $"""
            <configuration>
              <packageSources>
                <add key="benchguard" value="{this.tool.Feed}" />
              </packageSources>
            </configuration>
            """);
        Write(root, "bench/Bench.csproj", $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFramework>net10.0</TargetFramework>
                <ImplicitUsings>enable</ImplicitUsings>
                <Optimize>true</Optimize>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="BenchmarkDotNet" Version="{PackageVersion("BenchmarkDotNet")}" />
                <PackageReference Include="BenchGuard.Counters" Version="{this.tool.Version}" />
              </ItemGroup>
            </Project>
            """);
        Write(root, "bench/Program.cs", ReadmeProgram());
        Write(root, "bench/Work.cs", Benchmarks(sumPasses: 1, bytes: 64));
        Git(root, "init", "-q", "-b", "main", ".");
        Git(root, "add", "-A");
        Git(root, "commit", "-q", "-m", "base");
        var baseCommit = Git(root, "rev-parse", "HEAD").Trim();

        // The pull request: Sum does four passes instead of one, Allocate allocates 4 KiB instead of 64 bytes.
        Write(root, "bench/Work.cs", Benchmarks(sumPasses: 4, bytes: 4096));
        Git(root, "commit", "-qam", "head");

        var outDir = Path.Combine(temp.Path, "out");
        var run = ChildProcess.Run(
            this.tool.Command,
            // BenchmarkDotNet's default job runs up to 100 iterations a launch; five keep the test to minutes.
            ["pr-report", "--against", baseCommit, "--os", RunnerOs, "--fail-on-regression", "--out", outDir,
             "--bench-arg", "--iterationCount", "--bench-arg", "5", "--bench-arg", "--warmupCount", "--bench-arg", "1"],
            root,
            Limit);

        Assert.True(run.ExitCode == 1, $"exit {run.ExitCode}\n{run.Output}\n{run.Error}");
        var markdown = File.ReadAllText(Path.Combine(outDir, "report.md"));
        using var report = JsonDocument.Parse(File.ReadAllText(Path.Combine(outDir, "ab", "ab.json")));
        var benchmarks = report.RootElement.GetProperty("benchmarks").EnumerateArray()
            .ToDictionary(b => b.GetProperty("fullName").GetString()!);
        Assert.True(benchmarks["Work.Sum"].GetProperty("verdict").GetString() == "Slower", $"{benchmarks["Work.Sum"]}\n{markdown}");
        Assert.True(benchmarks["Work.Sum"].GetProperty("timingFails").GetBoolean(), markdown);
        Assert.True(benchmarks["Work.Allocate"].GetProperty("allocation").GetProperty("verdict").GetString() == "Regression", markdown);
        Assert.True(benchmarks["Work.Allocate"].GetProperty("allocationFails").GetBoolean(), markdown);
        // No stored baseline yet: every benchmark is New there, never "no regression".
        using var baseline = JsonDocument.Parse(File.ReadAllText(Path.Combine(outDir, "baseline.json")));
        Assert.Equal(2, baseline.RootElement.GetProperty("summary").GetProperty("new").GetInt32());
        Assert.Contains("2 new (no baseline)", markdown.Split('\n')[0], StringComparison.Ordinal);

        // The counters mode the package gave the program: 64 B -> 4 KiB (plus the array's header) per operation.
        var counters = CountersComparison.Read(Path.Combine(outDir, "counters.json")).Cases.ToDictionary(c => c.Benchmark);
        var bytes = counters["Work.Allocate"].Counters.Single(v => v.Counter == CounterKind.AllocatedBytes);
        Assert.True(bytes is { Verdict: "More", Fails: true } && bytes.Head - bytes.Base == 4096 - 64, markdown);
        Assert.Equal("Same", counters["Work.Sum"].Counters.Single(v => v.Counter == CounterKind.AllocatedBytes).Verdict);

        // Where callgrind runs (Linux with valgrind), the four passes show as about four times the instructions.
        var instructions = counters["Work.Sum"].Counters.Single(v => v.Counter == CounterKind.Instructions);
        if (instructions.Verdict != "NotMeasured")
        {
            Assert.True(instructions is { Verdict: "More", Base: > 0 } && instructions.Head / instructions.Base > 3, markdown);
        }
    }

    private static string RunnerOs => OperatingSystem.IsWindows() ? "windows-latest" : "ubuntu-latest";

    private static string Benchmarks(int sumPasses, int bytes) => $$"""
        using BenchmarkDotNet.Attributes;

        [MemoryDiagnoser]
        public class Work
        {
            private readonly int[] values = Enumerable.Range(0, 4096).ToArray();

            [Benchmark]
            public long Sum()
            {
                long sum = 0;
                for (var pass = 0; pass < {{sumPasses}}; pass++)
                {
                    foreach (var value in this.values)
                    {
                        sum += value ^ pass;
                    }
                }

                return sum;
            }

            [Benchmark]
            public byte[] Allocate() => new byte[{{bytes}}];
        }
        """;

    // The Main that BenchGuard.Counters' readme tells an adopter to write: its first C# block, as it stands.
    private static string ReadmeProgram()
    {
        var readme = File.ReadAllText(Path.Combine(RepositoryRoot.Path, "src", "BenchGuard.Counters", "README.md")).ReplaceLineEndings("\n");
        var start = readme.IndexOf("```csharp\n", StringComparison.Ordinal) + "```csharp\n".Length;
        return readme[start..readme.IndexOf("```", start, StringComparison.Ordinal)];
    }

    // The version this repository builds with, so the adopter restores a package the feed serves.
    private static string PackageVersion(string id) =>
        XDocument.Load(Path.Combine(RepositoryRoot.Path, "Directory.Packages.props")).Descendants("PackageVersion")
            .Single(p => (string?)p.Attribute("Include") == id).Attribute("Version")!.Value;

    private static void Write(string root, string relative, string text)
    {
        var path = Path.Combine(root, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }

    private static string Git(string root, params string[] arguments)
    {
        var outcome = ChildProcess.Run("git", arguments, root, TimeSpan.FromMinutes(2), Identity);
        Assert.True(outcome.Succeeded, $"git {string.Join(' ', arguments)}: {outcome.Error}");
        return outcome.Output;
    }
}
