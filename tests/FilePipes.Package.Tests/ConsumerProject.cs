namespace FilePipes.Package.Tests;

/// <summary>
/// A program as a user of the package would write it: it references FilePipes by version from a local feed (no project
/// reference, nothing of the repository's build), writes a file, reads it back through <c>FilePipe.OpenReader</c> and
/// prints what it found. net8.0 runs self-contained, so a machine with only the .NET 10 runtime runs it too. It also
/// holds the readmes' examples (<see cref="ReadmeExamples"/>) and runs them when given <c>readme-examples</c>.
/// </summary>
internal static class ConsumerProject
{
    /// <summary>Bytes the program writes and reads back: several of the reader's 64 KiB segments, and a partial last one.</summary>
    public const int FileLength = 200_000;

    /// <summary>The argument that makes the program run the readmes' examples instead of its own read.</summary>
    public const string RunReadmeExamples = "readme-examples";

    /// <summary>The file the readmes' examples read (and copy, to <c>copy.bin</c>), in the folder they run in.</summary>
    public const string ExampleInput = "data.bin";

    /// <summary>Gets the readmes' examples by the name the program prints for each, e.g. <c>README.md example 1</c>.</summary>
    public static IReadOnlyList<(string Name, string ClassName, string Code)> Examples { get; } =
        ReadmeExamples.Readmes
            .SelectMany((readme, r) => ReadmeExamples.Of(readme).Select((code, i) => ($"{readme} example {i + 1}", $"ReadmeExample{r}_{i + 1}", code)))
            .ToArray();

    public static void Write(string folder, string feed, string version)
    {
        Directory.CreateDirectory(folder);
        foreach (var (_, className, code) in Examples)
        {
            File.WriteAllText(Path.Combine(folder, className + ".cs"), ReadmeExamples.AsClass(code, className));
        }

        var exampleList = string.Join(", ", Examples.Select(e => $"(\"{e.Name}\", (Func<Task>){e.ClassName}.RunAsync)"));
        File.Copy(Path.Combine(Pipeline.Tests.RepositoryRoot.Path, "global.json"), Path.Combine(folder, "global.json"));
        File.WriteAllText(Path.Combine(folder, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="filepipes-local" value="{feed}" />
              </packageSources>
            </configuration>
            """);
        File.WriteAllText(Path.Combine(folder, "Consumer.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFrameworks>{string.Join(';', PackedLibrary.Frameworks)}</TargetFrameworks>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
                <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
              </PropertyGroup>
              <PropertyGroup Condition="'$(TargetFramework)' == 'net8.0'">
                <RuntimeIdentifier>$(NETCoreSdkRuntimeIdentifier)</RuntimeIdentifier>
                <SelfContained>true</SelfContained>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="FilePipes" Version="{version}" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(folder, "Program.cs"), $$"""
            using System.IO.Pipelines;
            using System.Reflection;
            using System.Runtime.InteropServices;
            using System.Text;
            using FilePipes;

            if (args is ["{{RunReadmeExamples}}"])
            {
                // The examples name their files relative to the current folder, as a user's program would.
                string folder = Directory.CreateTempSubdirectory("filepipes-readme-").FullName;
                Directory.SetCurrentDirectory(folder);
                try
                {
                    byte[] data = Encoding.ASCII.GetBytes(string.Concat(Enumerable.Range(0, 20_000).Select(i => $"line {i}\n")));
                    File.WriteAllBytes("{{ExampleInput}}", data);
                    foreach ((string name, Func<Task> run) in new (string, Func<Task>)[] { {{exampleList}} })
                    {
                        File.Delete("copy.bin");
                        await run().WaitAsync(TimeSpan.FromSeconds(60));
                        string copy = !File.Exists("copy.bin") ? "no copy"
                            : File.ReadAllBytes("copy.bin").AsSpan().SequenceEqual(data) ? "copy equal" : "copy different";
                        Console.WriteLine($"{name}: ran, {copy}");
                    }
                }
                finally
                {
                    Directory.SetCurrentDirectory(Path.GetTempPath());
                    Directory.Delete(folder, recursive: true);
                }

                return 0;
            }

            string path = Path.Combine(Path.GetTempPath(), $"filepipes-consumer-{Guid.NewGuid():N}.bin");
            byte[] expected = new byte[{{FileLength}}];
            new Random(16).NextBytes(expected);
            File.WriteAllBytes(path, expected);
            try
            {
                using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
                PipeReader reader = FilePipe.OpenReader(path);
                var actual = new MemoryStream();
                while (true)
                {
                    ReadResult result = await reader.ReadAsync(timeout.Token);
                    foreach (ReadOnlyMemory<byte> segment in result.Buffer)
                    {
                        actual.Write(segment.Span);
                    }

                    reader.AdvanceTo(result.Buffer.End);
                    if (result.IsCompleted)
                    {
                        break;
                    }
                }

                await reader.CompleteAsync();
                bool equal = actual.ToArray().AsSpan().SequenceEqual(expected);
                string? library = typeof(FilePipe).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
                Console.WriteLine($"runtime: {RuntimeInformation.FrameworkDescription}");
                Console.WriteLine($"library: {library}");
                Console.WriteLine($"read: {actual.Length} bytes, {(equal ? "equal" : "different")}");
                return equal ? 0 : 1;
            }
            finally
            {
                File.Delete(path);
            }
            """);
    }
}
